/** EU member states: their VAT numbers are Stripe's `eu_vat` (with the country prefix; Greece's is `EL`). */
export const EU_MEMBERS: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
]); // prettier-ignore

/**
 * The Stripe tax id type of a VAT/GST registration number from `country` (Stripe's
 * `customer_details[tax_ids][][type]`), for the countries whose numbers make a sale B2B for
 * Stripe Tax; null elsewhere (the number is then not sent and the sale is taxed as B2C).
 */
const TYPES: Readonly<Record<string, string>> = {
  GB: 'gb_vat',
  CH: 'ch_vat',
  LI: 'li_vat',
  NO: 'no_vat',
  IS: 'is_vat',
  AU: 'au_abn',
  NZ: 'nz_gst',
  IN: 'in_gst',
  SG: 'sg_gst',
  JP: 'jp_trn',
  KR: 'kr_brn',
  CA: 'ca_gst_hst',
  AE: 'ae_trn',
  SA: 'sa_vat',
  ZA: 'za_vat',
  TR: 'tr_tin',
  RS: 'rs_pib',
  UA: 'ua_vat',
  GE: 'ge_vat',
  TH: 'th_vat',
  TW: 'tw_vat',
};

/**
 * `{ type, value }` for Stripe, or null when Stripe has no VAT/GST id type for the country.
 * `taxNumber` is normalized as the domain's tax number rules leave it (EU numbers with their
 * prefix, `EL` for Greece); a prefix left out is added for the EU and GB.
 */
export function stripeTaxIdOf(country: string, taxNumber: string): { type: string; value: string } | null {
  const upper = country.toUpperCase();
  if (EU_MEMBERS.has(upper)) {
    // Stripe's eu_vat values carry the country prefix; add it when the number comes without.
    const prefix = upper === 'GR' ? 'EL' : upper;
    return { type: 'eu_vat', value: /^[A-Z]{2}/.test(taxNumber) ? taxNumber : `${prefix}${taxNumber}` };
  }
  if (upper === 'GB') {
    // Northern Ireland's XI numbers are EU VAT numbers for Stripe.
    if (taxNumber.startsWith('XI')) return { type: 'eu_vat', value: taxNumber };
    return { type: 'gb_vat', value: taxNumber.startsWith('GB') ? taxNumber : `GB${taxNumber}` };
  }
  const type = TYPES[upper];
  return type ? { type, value: taxNumber } : null;
}
