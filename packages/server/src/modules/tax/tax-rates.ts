/**
 * Lectern's dated tax rates for online courses (design §2: our own table, because published
 * packages carry stale rates). Committed data: a rate change is a new row whose `validFrom`
 * follows the old row's `validTo`, so a sale is always taxed at the rate of its day.
 *
 * Scope, kept deliberately small: US state rates only (no county or city rates) and only for
 * states that tax digitally delivered courses (the others have a 0% row, so a ZIP in them is a
 * known location); Canada's GST/HST plus the provincial taxes that reach out-of-province
 * sellers of digital services; India and the UAE (national rates, location required); the EU
 * by buyer country (standard VAT, no reverse charge yet); Japan and a few other VAT/GST
 * countries. Countries not listed are sold without tax (0%, tax-inclusive).
 */
export interface TaxRateRow {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** US state, CA province code; null for a national rate. */
  region: string | null;
  ratePercent: number;
  /** First day the rate applies (UTC, inclusive). */
  validFrom: string;
  /** Last day it applies (inclusive); null while current. */
  validTo: string | null;
  source: string;
}

const row = (
  country: string,
  region: string | null,
  ratePercent: number,
  source: string,
  validFrom = '2020-01-01',
  validTo: string | null = null,
): TaxRateRow => ({ country, region, ratePercent, validFrom, validTo, source });

const US_TAXED = 'state sales tax on digitally delivered courses (state rate, local rates not included)';
const US_UNTAXED = 'no state sales tax on digitally delivered courses';

/** US: every state and DC, so a ZIP that maps to a state always finds its row. */
const US: TaxRateRow[] = [
  row('US', 'AL', 4, `Alabama Department of Revenue: ${US_TAXED}`),
  row('US', 'AK', 0, `Alaska: ${US_UNTAXED} (no state sales tax)`),
  row('US', 'AZ', 5.6, `Arizona Department of Revenue: ${US_TAXED}`),
  row('US', 'AR', 0, `Arkansas Department of Finance and Administration: ${US_UNTAXED}`),
  row('US', 'CA', 0, `California Department of Tax and Fee Administration: ${US_UNTAXED}`),
  row('US', 'CO', 0, `Colorado Department of Revenue: ${US_UNTAXED}`),
  row('US', 'CT', 6.35, `Connecticut Department of Revenue Services: ${US_TAXED}`),
  row('US', 'DE', 0, `Delaware: ${US_UNTAXED} (no sales tax)`),
  row('US', 'DC', 6, `District of Columbia Office of Tax and Revenue: ${US_TAXED}`),
  row('US', 'FL', 0, `Florida Department of Revenue: ${US_UNTAXED}`),
  row('US', 'GA', 0, `Georgia Department of Revenue: ${US_UNTAXED}`),
  row('US', 'HI', 4, `Hawaii Department of Taxation: general excise tax`),
  row('US', 'ID', 0, `Idaho State Tax Commission: ${US_UNTAXED}`),
  row('US', 'IL', 0, `Illinois Department of Revenue: ${US_UNTAXED}`),
  row('US', 'IN', 7, `Indiana Department of Revenue: ${US_TAXED}`),
  row('US', 'IA', 6, `Iowa Department of Revenue: ${US_TAXED}`),
  row('US', 'KS', 0, `Kansas Department of Revenue: ${US_UNTAXED}`),
  row('US', 'KY', 6, `Kentucky Department of Revenue: ${US_TAXED}`),
  row('US', 'LA', 4.45, `Louisiana Department of Revenue: ${US_TAXED}`, '2020-01-01', '2024-12-31'),
  row('US', 'LA', 5, `Louisiana Department of Revenue: ${US_TAXED} (Act 11 of 2024)`, '2025-01-01'),
  row('US', 'ME', 5.5, `Maine Revenue Services: ${US_TAXED}`),
  row('US', 'MD', 0, `Comptroller of Maryland: ${US_UNTAXED}`),
  row('US', 'MA', 0, `Massachusetts Department of Revenue: ${US_UNTAXED}`),
  row('US', 'MI', 0, `Michigan Department of Treasury: ${US_UNTAXED}`),
  row('US', 'MN', 0, `Minnesota Department of Revenue: ${US_UNTAXED}`),
  row('US', 'MS', 7, `Mississippi Department of Revenue: ${US_TAXED}`),
  row('US', 'MO', 0, `Missouri Department of Revenue: ${US_UNTAXED}`),
  row('US', 'MT', 0, `Montana: ${US_UNTAXED} (no sales tax)`),
  row('US', 'NE', 5.5, `Nebraska Department of Revenue: ${US_TAXED}`),
  row('US', 'NV', 0, `Nevada Department of Taxation: ${US_UNTAXED}`),
  row('US', 'NH', 0, `New Hampshire: ${US_UNTAXED} (no sales tax)`),
  row('US', 'NJ', 6.625, `New Jersey Division of Taxation: ${US_TAXED}`),
  row('US', 'NM', 4.875, `New Mexico Taxation and Revenue Department: gross receipts tax`),
  row('US', 'NY', 0, `New York State Department of Taxation and Finance: ${US_UNTAXED}`),
  row('US', 'NC', 0, `North Carolina Department of Revenue: ${US_UNTAXED}`),
  row('US', 'ND', 0, `North Dakota Office of State Tax Commissioner: ${US_UNTAXED}`),
  row('US', 'OH', 5.75, `Ohio Department of Taxation: ${US_TAXED}`),
  row('US', 'OK', 0, `Oklahoma Tax Commission: ${US_UNTAXED}`),
  row('US', 'OR', 0, `Oregon: ${US_UNTAXED} (no sales tax)`),
  row('US', 'PA', 6, `Pennsylvania Department of Revenue: ${US_TAXED}`),
  row('US', 'RI', 0, `Rhode Island Division of Taxation: ${US_UNTAXED}`),
  row('US', 'SC', 0, `South Carolina Department of Revenue: ${US_UNTAXED}`),
  row('US', 'SD', 4.2, `South Dakota Department of Revenue: ${US_TAXED}`),
  row('US', 'TN', 7, `Tennessee Department of Revenue: ${US_TAXED}`),
  row('US', 'TX', 6.25, `Texas Comptroller of Public Accounts: ${US_TAXED}`),
  row('US', 'UT', 6.1, `Utah State Tax Commission: ${US_TAXED}`),
  row('US', 'VT', 0, `Vermont Department of Taxes: ${US_UNTAXED}`),
  row('US', 'VA', 0, `Virginia Department of Taxation: ${US_UNTAXED}`),
  row('US', 'WA', 6.5, `Washington Department of Revenue: ${US_TAXED}`),
  row('US', 'WV', 6, `West Virginia Tax Division: ${US_TAXED}`),
  row('US', 'WI', 5, `Wisconsin Department of Revenue: ${US_TAXED}`),
  row('US', 'WY', 4, `Wyoming Department of Revenue: ${US_TAXED}`),
  // Territories and military addresses have ZIP codes but no state sales tax.
  row('US', 'PR', 0, 'Puerto Rico: not a state; no state sales tax'),
  row('US', 'VI', 0, 'U.S. Virgin Islands: not a state; no state sales tax'),
  row('US', 'GU', 0, 'Guam: not a state; no state sales tax'),
  row('US', 'AA', 0, 'Military address (AA): no state sales tax'),
  row('US', 'AE', 0, 'Military address (AE): no state sales tax'),
  row('US', 'AP', 0, 'Military address (AP): no state sales tax'),
];

const CRA = 'Canada Revenue Agency: GST/HST rates';
/** Canada: GST (5%) or HST, plus the provincial tax where it reaches out-of-province digital sellers. */
const CA: TaxRateRow[] = [
  row('CA', 'AB', 5, `${CRA} (GST)`),
  row('CA', 'BC', 12, `${CRA} (GST 5%) + B.C. Ministry of Finance PST on online services (7%)`),
  row('CA', 'MB', 12, `${CRA} (GST 5%) + Manitoba Finance RST on digital services (7%)`),
  row('CA', 'NB', 15, `${CRA} (HST)`),
  row('CA', 'NL', 15, `${CRA} (HST)`),
  row('CA', 'NS', 15, `${CRA} (HST)`, '2020-01-01', '2025-03-31'),
  row('CA', 'NS', 14, `${CRA} (HST, reduced 1 April 2025)`, '2025-04-01'),
  row('CA', 'NT', 5, `${CRA} (GST)`),
  row('CA', 'NU', 5, `${CRA} (GST)`),
  row('CA', 'ON', 13, `${CRA} (HST)`),
  row('CA', 'PE', 15, `${CRA} (HST)`),
  row('CA', 'QC', 14.975, `${CRA} (GST 5%) + Revenu Québec QST (9.975%)`),
  row('CA', 'SK', 11, `${CRA} (GST 5%) + Saskatchewan PST on digital services (6%)`),
  row('CA', 'YT', 5, `${CRA} (GST)`),
];

const TEDB = 'European Commission, Taxes in Europe Database: standard VAT rate';
/** EU: the buyer country's standard VAT rate (B2C electronically supplied services). */
const EU: TaxRateRow[] = [
  row('AT', null, 20, TEDB),
  row('BE', null, 21, TEDB),
  row('BG', null, 20, TEDB),
  row('HR', null, 25, TEDB),
  row('CY', null, 19, TEDB),
  row('CZ', null, 21, TEDB),
  row('DK', null, 25, TEDB),
  row('EE', null, 22, TEDB, '2024-01-01', '2025-06-30'),
  row('EE', null, 24, TEDB, '2025-07-01'),
  row('FI', null, 24, TEDB, '2020-01-01', '2024-08-31'),
  row('FI', null, 25.5, TEDB, '2024-09-01'),
  row('FR', null, 20, TEDB),
  row('DE', null, 19, TEDB),
  row('GR', null, 24, TEDB),
  row('HU', null, 27, TEDB),
  row('IE', null, 23, TEDB),
  row('IT', null, 22, TEDB),
  row('LV', null, 21, TEDB),
  row('LT', null, 21, TEDB),
  row('LU', null, 17, TEDB),
  row('MT', null, 18, TEDB),
  row('NL', null, 21, TEDB),
  row('PL', null, 23, TEDB),
  row('PT', null, 23, TEDB),
  row('RO', null, 19, TEDB, '2020-01-01', '2025-07-31'),
  row('RO', null, 21, TEDB, '2025-08-01'),
  row('SK', null, 20, TEDB, '2020-01-01', '2024-12-31'),
  row('SK', null, 23, TEDB, '2025-01-01'),
  row('SI', null, 22, TEDB),
  row('ES', null, 21, TEDB),
  row('SE', null, 25, TEDB),
];

const OTHERS: TaxRateRow[] = [
  row('IN', null, 18, 'Central Board of Indirect Taxes and Customs: IGST on OIDAR services'),
  row('AE', null, 5, 'UAE Federal Tax Authority: VAT'),
  row('JP', null, 10, 'National Tax Agency Japan: consumption tax on cross-border digital services'),
  row('GB', null, 20, 'HM Revenue & Customs: VAT on digital services'),
  row('AU', null, 10, 'Australian Taxation Office: GST on imported digital services'),
  row('NZ', null, 15, 'Inland Revenue: GST on remote services'),
  row('NO', null, 25, 'Skatteetaten: VAT on electronic services (VOEC)'),
  row('CH', null, 8.1, 'Swiss Federal Tax Administration: VAT', '2024-01-01'),
  row('SG', null, 9, 'Inland Revenue Authority of Singapore: GST on overseas vendors', '2024-01-01'),
  row('KR', null, 10, 'National Tax Service Korea: VAT on electronic services'),
];

export const TAX_RATES: readonly TaxRateRow[] = [...US, ...CA, ...EU, ...OTHERS];
