import { minorUnitExponent, type CurrencyCode } from './currencies.js';

/** An exact amount: an integer count of the currency's minor units (cents for USD, yen for JPY). */
export interface Money {
  readonly amount: number;
  readonly currency: CurrencyCode;
}

export function money(amount: number, currency: CurrencyCode): Money {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Money amounts are integer minor units, got ${amount}`);
  }
  return { amount, currency };
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new TypeError(`Cannot combine ${a.currency} with ${b.currency}`);
  }
}

export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount - b.amount, a.currency);
}

export function sumMoney(items: readonly Money[], currency: CurrencyCode): Money {
  return items.reduce((total, item) => addMoney(total, item), money(0, currency));
}

/** The amount in major units as a number, for display and analytics only, never for arithmetic. */
export function toMajorUnits(value: Money): number {
  return value.amount / 10 ** minorUnitExponent(value.currency);
}

/**
 * Converts a decimal string in major units ("19.99", "2400") to minor units exactly,
 * without passing through floating point. Rejects more decimals than the currency has.
 */
export function parseMajorUnits(text: string, currency: CurrencyCode): Money {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const exponent = minorUnitExponent(currency);
  if (fraction.length > exponent) {
    throw new RangeError(`${currency} has ${exponent} decimals, got ${text}`);
  }
  const minor = Number(whole + fraction.padEnd(exponent, '0'));
  return money(sign === '-' ? -minor : minor, currency);
}

/**
 * Platform §5: the locale falls back from the full locale ("pt_BR") to its language ("pt"),
 * then to en-US. Accepts both "pt_BR" and "pt-BR".
 */
export function resolveFormatLocale(locale: string): string {
  const full = locale.replace('_', '-');
  const language = full.split('-')[0] ?? '';
  for (const candidate of [full, language]) {
    try {
      if (candidate && Intl.NumberFormat.supportedLocalesOf([candidate]).length > 0) return candidate;
    } catch {
      // A malformed tag is just not a candidate.
    }
  }
  return 'en-US';
}

// Intl formatters are costly to build and immutable, so one per currency and locale is kept.
const MAX_CACHED = 500;
const formatters = new Map<string, Intl.NumberFormat>();
// Catalog prices repeat (price tiers), and formatting one costs far more than finding it: the
// strings of the amounts seen lately are kept too, within a bound.
const MAX_FORMATTED = 5_000;
const formatted = new Map<string, string>();

/** Formats for display with Intl, using the currency's own number of decimals. */
export function formatMoney(value: Money, locale = 'en-US'): string {
  const textKey = `${value.amount}|${value.currency}|${locale}`;
  const text = formatted.get(textKey);
  if (text !== undefined) return text;
  const result = formatUncached(value, locale);
  if (formatted.size >= MAX_FORMATTED) formatted.clear();
  formatted.set(textKey, result);
  return result;
}

function formatUncached(value: Money, locale: string): string {
  const key = `${value.currency}|${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const exponent = minorUnitExponent(value.currency);
    formatter = new Intl.NumberFormat(resolveFormatLocale(locale), {
      style: 'currency',
      currency: value.currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    if (formatters.size >= MAX_CACHED) formatters.clear(); // locales come from requests: stay bounded
    formatters.set(key, formatter);
  }
  return formatter.format(toMajorUnits(value));
}
