import { minorUnitExponent, type CurrencyCode } from '../money/currencies.js';
import { billingRegionName } from '../checkout/billing-address.js';

/**
 * Pure rules of the back office's tax returns and exports (issue 33): CSV cells that
 * spreadsheets read safely, amounts written as exact decimals, calendar periods and the EU
 * One-Stop-Shop quarters, jurisdiction codes and names, and the netting of sales against
 * refunds. No I/O; the server and the web app share them.
 */

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180)

/** What a CSV file starts with so spreadsheet programs read it as UTF-8. */
export const CSV_BOM = '\uFEFF';
/** RFC 4180 ends every record with CRLF. */
export const CSV_EOL = '\r\n';

/** A cell a spreadsheet would run as a formula: `=`, `+`, `-`, `@` (and tab or CR before them). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Amounts we write ourselves ("-12.50") are numbers, not formulas: they stay as they are. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell: text starting like a formula gets a leading `'` (OWASP's CSV injection advice),
 * and a cell holding a comma, a quote, CR or LF is quoted with its quotes doubled (RFC 4180).
 * Null and undefined are empty; numbers and booleans are written as they print.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF. */
export function csvRecord(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return cells.map(csvCell).join(',') + CSV_EOL;
}

/**
 * An amount of minor units as the exact decimal of its currency's major unit: 1234 USD is
 * "12.34", 1234 JPY "1234", -5 USD "-0.05". No floating point on the way.
 */
export function minorUnitsAsDecimal(amount: number, currency: CurrencyCode): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an amount of minor units: ${amount}`);
  const exponent = minorUnitExponent(currency);
  const digits = String(Math.abs(amount));
  const sign = amount < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

// ---------------------------------------------------------------------------------------------
// Periods

const DAY_MS = 24 * 60 * 60 * 1000;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Days from `from` to `to`, both counted (2026-01-01 to 2026-01-01 is 1). */
export function daysInPeriod(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The period's UTC bounds: from the start of `from` to the start of the day after `to`. */
export function periodBounds(from: string, to: string): { start: Date; end: Date } {
  return {
    start: new Date(`${from}T00:00:00.000Z`),
    end: new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS),
  };
}

export interface CalendarQuarter {
  year: number;
  /** 1 to 4. */
  quarter: number;
}

/** The first and last day of a calendar quarter, `YYYY-MM-DD`. */
export function quarterPeriod({ year, quarter }: CalendarQuarter): { from: string; to: string } {
  const firstMonth = (quarter - 1) * 3;
  const start = new Date(Date.UTC(year, firstMonth, 1));
  start.setUTCFullYear(year);
  const end = new Date(Date.UTC(year, firstMonth + 3, 0));
  end.setUTCFullYear(year);
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

/** The calendar quarter a day falls in. */
export function quarterOf(day: string): CalendarQuarter {
  return { year: Number(day.slice(0, 4)), quarter: Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1 };
}

/** "2026-Q1". */
export const quarterLabel = ({ year, quarter }: CalendarQuarter) => `${year}-Q${quarter}`;

/**
 * The OSS return period a date range is, or null: the non-Union scheme files one return per
 * calendar quarter (Council Directive 2006/112/EC art. 364), so the range must be exactly one.
 */
export function ossQuarterOf(from: string, to: string): CalendarQuarter | null {
  const quarter = quarterOf(from);
  const period = quarterPeriod(quarter);
  return period.from === from && period.to === to ? quarter : null;
}

/** The quarters people pick most: the current one and the three before it, newest first. */
export function recentQuarters(today: string, count = 4): CalendarQuarter[] {
  let { year, quarter } = quarterOf(today);
  const quarters: CalendarQuarter[] = [];
  for (let index = 0; index < count; index += 1) {
    quarters.push({ year, quarter });
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return quarters;
}

// ---------------------------------------------------------------------------------------------
// Jurisdictions

/** The EU member states (ISO 3166-1 alpha-2; Greece is EL in VIES, GR here), as of 2020-02-01. */
// prettier-ignore
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

export const isEuMemberState = (country: string) => (EU_MEMBER_STATES as readonly string[]).includes(country);

/** The countries whose tax is reported per province or state (design §3). */
export const REGIONAL_TAX_COUNTRIES = ['CA', 'US'] as const;

/**
 * A sale's jurisdiction code from its country and the tax jurisdictions it was taxed by: the
 * country, or for Canada and the US the province or state (`CA-QC`, `US-WA`) — the prefix of
 * the most specific tax authority (`US-WA-SEATTLE` is in `US-WA`). '' when the country is unknown.
 */
export function saleJurisdiction(country: string | null, authorities: readonly (string | null)[]): string {
  const code = (country ?? '').toUpperCase();
  if (!(REGIONAL_TAX_COUNTRIES as readonly string[]).includes(code)) return code;
  for (const authority of authorities) {
    const match = authority ? /^([A-Z]{2})-([A-Z0-9]{1,3})(?:-|$)/.exec(authority.toUpperCase()) : null;
    if (match && match[1] === code) return `${code}-${match[2]}`;
  }
  return code;
}

let countryNames: Intl.DisplayNames | null = null;

/** "Canada, Quebec", "United States, Washington", "Germany"; "Unknown country" for ''. */
export function jurisdictionName(jurisdiction: string): string {
  const [country = '', region] = jurisdiction.split('-');
  if (!country) return 'Unknown country';
  countryNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  let name = country;
  try {
    name = countryNames.of(country) ?? country;
  } catch {
    // Not a region code Intl knows: keep the code.
  }
  if (!region) return name;
  return `${name}, ${billingRegionName(country, region)}`;
}

// ---------------------------------------------------------------------------------------------
// Netting

/** A net, a tax and their sum (minor units of one currency). */
export interface NetTaxAmounts {
  net: number;
  tax: number;
}

/** Sales minus refunds and credit notes: what is owed for the period. */
export function nettedAmounts(sales: NetTaxAmounts, refunds: NetTaxAmounts): NetTaxAmounts {
  return { net: sales.net - refunds.net, tax: sales.tax - refunds.tax };
}

/** Adds `more` into `into` (a running total). */
export function addNetTax(into: NetTaxAmounts, more: NetTaxAmounts): NetTaxAmounts {
  into.net += more.net;
  into.tax += more.tax;
  return into;
}

/**
 * Rates are percents with up to 6 decimals (9.975, 10.35): a key without binary fractions, so
 * rates read from different places group together.
 */
export const rateKey = (ratePercent: number) => String(Math.round(ratePercent * 1_000_000) / 1_000_000);
