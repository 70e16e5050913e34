/**
 * The 30 currencies a marketplace prices in (platform §3), with their ISO 4217
 * minor-unit exponents. JPY, KRW, CLP and VND have no minor unit (checkout §9).
 */
export const CURRENCY_EXPONENTS = {
  AUD: 2,
  BRL: 2,
  CAD: 2,
  CLP: 0,
  COP: 2,
  DKK: 2,
  EGP: 2,
  EUR: 2,
  GBP: 2,
  IDR: 2,
  ILS: 2,
  INR: 2,
  JPY: 0,
  KRW: 0,
  MXN: 2,
  MYR: 2,
  NGN: 2,
  NOK: 2,
  PEN: 2,
  PHP: 2,
  PLN: 2,
  RON: 2,
  RUB: 2,
  SGD: 2,
  THB: 2,
  TRY: 2,
  TWD: 2,
  USD: 2,
  VND: 0,
  ZAR: 2,
} as const;

export type CurrencyCode = keyof typeof CURRENCY_EXPONENTS;

export const CURRENCY_CODES = Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[];

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export function isCurrencyCode(value: string): value is CurrencyCode {
  return Object.hasOwn(CURRENCY_EXPONENTS, value);
}

/** Number of decimal places of the currency's minor unit (2 for USD, 0 for JPY). */
export function minorUnitExponent(currency: CurrencyCode): number {
  return CURRENCY_EXPONENTS[currency];
}
