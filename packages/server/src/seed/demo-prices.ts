import { CURRENCY_CODES, minorUnitExponent, type CurrencyCode } from '@lectern/domain';

/**
 * Approximate units of each currency per US dollar, used once to derive the demo price
 * tiers. Real marketplaces set regional prices by hand; the operator edits the tier table.
 */
const UNITS_PER_USD: Record<CurrencyCode, number> = {
  AUD: 1.52,
  BRL: 5.4,
  CAD: 1.38,
  CLP: 940,
  COP: 4000,
  DKK: 6.9,
  EGP: 48,
  EUR: 0.92,
  GBP: 0.79,
  IDR: 16000,
  ILS: 3.7,
  INR: 84,
  JPY: 150,
  KRW: 1380,
  MXN: 18,
  MYR: 4.5,
  NGN: 1600,
  NOK: 10.8,
  PEN: 3.75,
  PHP: 57,
  PLN: 4,
  RON: 4.6,
  RUB: 92,
  SGD: 1.35,
  THB: 35,
  TRY: 34,
  TWD: 32,
  USD: 1,
  VND: 25000,
  ZAR: 18.5,
};

/**
 * A shop-style price in minor units: converted and rounded up to two significant digits;
 * two-decimal prices below 1,000 then end in .99 like the US tiers (19.99, 29.99, ...).
 */
export function demoTierAmount(usdCents: number, currency: CurrencyCode): number {
  if (usdCents === 0) return 0;
  const major = (usdCents / 100) * UNITS_PER_USD[currency];
  const step = 10 ** Math.max(0, Math.floor(Math.log10(major)) - 1);
  const rounded = Math.ceil(major / step) * step;
  const exponent = minorUnitExponent(currency);
  if (exponent === 2 && rounded < 1000) return rounded * 100 - 1;
  return Math.round(rounded * 10 ** exponent);
}

export function demoTierAmounts(usdCents: number): { currency: CurrencyCode; amount: number }[] {
  return CURRENCY_CODES.map((currency) => ({ currency, amount: demoTierAmount(usdCents, currency) }));
}
