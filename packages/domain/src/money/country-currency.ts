import { DEFAULT_CURRENCY, type CurrencyCode } from './currencies.js';

/** Countries whose currency is the euro (the SEPA debit scheme's euro area too). */
export const EURO_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];

const COUNTRY_CURRENCY: Record<string, CurrencyCode> = {
  AU: 'AUD',
  BR: 'BRL',
  CA: 'CAD',
  CL: 'CLP',
  CO: 'COP',
  DK: 'DKK',
  EG: 'EGP',
  GB: 'GBP',
  ID: 'IDR',
  IL: 'ILS',
  IN: 'INR',
  JP: 'JPY',
  KR: 'KRW',
  MX: 'MXN',
  MY: 'MYR',
  NG: 'NGN',
  NO: 'NOK',
  PE: 'PEN',
  PH: 'PHP',
  PL: 'PLN',
  RO: 'RON',
  RU: 'RUB',
  SG: 'SGD',
  TH: 'THB',
  TR: 'TRY',
  TW: 'TWD',
  US: 'USD',
  VN: 'VND',
  ZA: 'ZAR',
  ...Object.fromEntries(EURO_COUNTRIES.map((country) => [country, 'EUR' as const])),
};

/** Design §3: the price country decides the currency; countries without their own price in USD. */
export function currencyForCountry(country: string): CurrencyCode {
  return COUNTRY_CURRENCY[country.toUpperCase()] ?? DEFAULT_CURRENCY;
}

/** A two-letter ISO 3166-1 country code, upper-case. */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value);
}
