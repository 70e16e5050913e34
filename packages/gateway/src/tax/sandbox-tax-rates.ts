/**
 * The sandbox's own tax rates, for `POST /v1/tax/calculations`. SANDBOX DATA, like Stripe's
 * test mode: a handful of places with fixed, plausible rates so demos and tests see every
 * shape of answer (several US jurisdictions, Canada's GST + QST, national VAT, a reverse
 * charge, a location that cannot be taxed). They are not real rates and are never updated;
 * anywhere not listed is answered `not_collecting` (0%).
 */

export type SandboxTaxType = 'sales_tax' | 'gst' | 'hst' | 'qst' | 'pst' | 'rst' | 'igst' | 'vat';
export type SandboxJurisdictionLevel = 'country' | 'state' | 'county' | 'city';

/** One tax levied at a place: a line of the answer's line-item breakdown. */
export interface SandboxTax {
  level: SandboxJurisdictionLevel;
  /** The jurisdiction's name as Stripe shows it (`Washington`, `SEATTLE`, `Canada`). */
  jurisdiction: string;
  taxType: SandboxTaxType;
  /** Stripe's localized name of the tax. */
  displayName: string;
  /** Percent, as Stripe's `percentage_decimal` gives it. */
  percentage: string;
}

/** Where the buyer is, as the sandbox resolved it, and what is levied there. */
export interface SandboxTaxPlace {
  country: string;
  /** The state or province (ISO 3166-2 without the country), or null. */
  state: string | null;
  /** Empty: the sandbox seller is not registered there (`not_collecting`). */
  taxes: SandboxTax[];
}

/**
 * Postal codes that make the sandbox misbehave (like Stripe's magic test values), so tests and
 * demos can see a tax service outage from the checkout page alone:
 * - `00000`: refused as an address that cannot be located (400 `customer_tax_location_invalid`);
 * - `99990`: a 500 `api_error`;
 * - `99999`: never answered (the connection is dropped after the fault controls' `hang_ms`).
 * The fault controls' `tax_calculations` setting does the same for every calculation.
 */
export const SANDBOX_TAX_POSTAL_CODES = {
  invalidLocation: '00000',
  serverError: '99990',
  hang: '99999',
} as const;

const stateTax = (jurisdiction: string, percentage: string): SandboxTax => ({
  level: 'state',
  jurisdiction,
  taxType: 'sales_tax',
  displayName: 'Sales and Use Tax',
  percentage,
});
const localTax = (level: 'county' | 'city', jurisdiction: string, percentage: string): SandboxTax => ({
  level,
  jurisdiction,
  taxType: 'sales_tax',
  displayName: 'Local Sales and Use Tax',
  percentage,
});

/** US, by ZIP prefix (the longest listed prefix wins). */
const US_BY_ZIP_PREFIX: readonly { prefix: string; state: string; taxes: SandboxTax[] }[] = [
  { prefix: '981', state: 'WA', taxes: [stateTax('Washington', '6.5'), localTax('city', 'SEATTLE', '3.85')] },
  { prefix: '98', state: 'WA', taxes: [stateTax('Washington', '6.5')] },
  {
    prefix: '787',
    state: 'TX',
    taxes: [stateTax('Texas', '6.25'), localTax('county', 'TRAVIS', '1'), localTax('city', 'AUSTIN', '1')],
  },
  { prefix: '75', state: 'TX', taxes: [stateTax('Texas', '6.25')] },
  { prefix: '10', state: 'NY', taxes: [] },
  { prefix: '90', state: 'CA', taxes: [] },
];

const GST: SandboxTax = {
  level: 'country',
  jurisdiction: 'Canada',
  taxType: 'gst',
  displayName: 'Goods and Services Tax (GST)',
  percentage: '5',
};
const hst = (province: string, percentage: string): SandboxTax => ({
  level: 'country',
  jurisdiction: 'Canada',
  taxType: 'hst',
  displayName: `Harmonized Sales Tax (HST) - ${province}`,
  percentage,
});
const provincial = (
  jurisdiction: string,
  taxType: 'qst' | 'pst' | 'rst',
  displayName: string,
  percentage: string,
): SandboxTax => ({ level: 'state', jurisdiction, taxType, displayName, percentage });

const CA_BY_PROVINCE: Readonly<Record<string, SandboxTax[]>> = {
  AB: [GST],
  BC: [GST, provincial('British Columbia', 'pst', 'Provincial Sales Tax (PST)', '7')],
  MB: [GST, provincial('Manitoba', 'rst', 'Retail Sales Tax (RST)', '7')],
  NB: [hst('NB', '15')],
  NL: [hst('NL', '15')],
  NS: [hst('NS', '14')],
  NT: [GST],
  NU: [GST],
  ON: [hst('ON', '13')],
  PE: [hst('PE', '15')],
  QC: [GST, provincial('Quebec', 'qst', 'Québec Sales Tax (QST)', '9.975')],
  SK: [GST, provincial('Saskatchewan', 'pst', 'Provincial Sales Tax (PST)', '6')],
  YT: [GST],
};

const vat = (jurisdiction: string, displayName: string, percentage: string): SandboxTax => ({
  level: 'country',
  jurisdiction,
  taxType: 'vat',
  displayName,
  percentage,
});

/** National rates; `stateRequired`: the place needs a state (else it cannot be located). */
const NATIONAL: Readonly<Record<string, { taxes: SandboxTax[]; stateRequired?: readonly string[] }>> = {
  DE: { taxes: [vat('Germany', 'Umsatzsteuer (USt.)', '19')] },
  FR: { taxes: [vat('France', 'Taxe sur la valeur ajoutée (TVA)', '20')] },
  NL: { taxes: [vat('Netherlands', 'Belasting over de toegevoegde waarde (BTW)', '21')] },
  GB: { taxes: [vat('United Kingdom', 'Value-added tax (VAT)', '20')] },
  IN: {
    taxes: [
      {
        level: 'country',
        jurisdiction: 'India',
        taxType: 'igst',
        displayName: 'Integrated Goods and Services Tax (IGST)',
        percentage: '18',
      },
    ],
    stateRequired: [
      'AN', 'AP', 'AR', 'AS', 'BR', 'CH', 'CT', 'DH', 'DL', 'GA', 'GJ', 'HR', 'HP', 'JK', 'JH', 'KA',
      'KL', 'LA', 'LD', 'MP', 'MH', 'MN', 'ML', 'MZ', 'NL', 'OR', 'PY', 'PB', 'RJ', 'SK', 'TN', 'TS',
      'TR', 'UP', 'UK', 'WB',
    ], // prettier-ignore
  },
  AE: {
    taxes: [vat('United Arab Emirates', 'Value-added tax (VAT)', '5')],
    stateRequired: ['AZ', 'AJ', 'DU', 'FU', 'RK', 'SH', 'UQ'],
  },
};

/** Countries where a business buyer's VAT number moves the tax to them (`reverse_charge`). */
export const SANDBOX_REVERSE_CHARGE_COUNTRIES: ReadonlySet<string> = new Set(['DE', 'FR', 'NL', 'GB']);

/**
 * The sandbox seller's reading of a VAT number: two letters and 2 to 13 letters or digits
 * (`DE123456789`, `GB123456789`). Stripe does not check numbers either; the buyer's format and
 * checksum are checked before they are sent.
 */
export const looksLikeVatNumber = (value: string) => /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value);

/**
 * The sandbox place of an address, or null when it cannot be located (a US address without
 * a 5-digit ZIP, a Canadian one without a known province, an Indian or Emirati one without
 * its state or emirate).
 */
export function sandboxTaxPlace(address: {
  country: string;
  postalCode: string | null;
  state: string | null;
}): SandboxTaxPlace | null {
  const country = address.country.toUpperCase();
  const state =
    address.state
      ?.trim()
      .toUpperCase()
      .replace(new RegExp(`^${country}-`), '') || null;
  if (country === 'US') {
    const zip = address.postalCode?.trim() ?? '';
    if (!/^\d{5}(?:-?\d{4})?$/.test(zip) || zip.startsWith(SANDBOX_TAX_POSTAL_CODES.invalidLocation)) {
      return null;
    }
    const found = US_BY_ZIP_PREFIX.filter((entry) => zip.startsWith(entry.prefix)).sort(
      (a, b) => b.prefix.length - a.prefix.length,
    )[0];
    return { country, state: found?.state ?? state, taxes: found?.taxes ?? [] };
  }
  if (country === 'CA') {
    const taxes = state ? CA_BY_PROVINCE[state] : undefined;
    return taxes ? { country, state, taxes } : null;
  }
  const national = NATIONAL[country];
  if (!national) return { country, state, taxes: [] };
  if (national.stateRequired && !(state && national.stateRequired.includes(state))) return null;
  return { country, state, taxes: national.taxes };
}
