import { minorUnitExponent, type CurrencyCode } from './currencies.js';

/** Platform §3: what the browser needs to format a price country's amounts without guessing. */
export interface CurrencyFormatterInfo {
  currency: CurrencyCode;
  symbol: string;
  locale: string;
  decimal: string;
  group: string;
  /** ICU-style pattern, `¤` marks the symbol: "¤#,##0.00" or "#,##0.00 ¤". */
  pattern: string;
  scale: number;
}

// Building an Intl formatter is costly and the answer never changes for a pair, so keep it.
const MAX_CACHED = 500;
const cache = new Map<string, CurrencyFormatterInfo>();

export function currencyFormatterInfo(currency: CurrencyCode, locale = 'en-US'): CurrencyFormatterInfo {
  const key = `${currency}|${locale}`;
  let info = cache.get(key);
  if (!info) {
    info = describeCurrencyFormat(currency, locale);
    if (cache.size >= MAX_CACHED) cache.clear(); // locales come from requests: stay bounded
    cache.set(key, info);
  }
  return info;
}

function describeCurrencyFormat(currency: CurrencyCode, locale: string): CurrencyFormatterInfo {
  const scale = minorUnitExponent(currency);
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
  }).formatToParts(1234567.5);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const symbolFirst =
    parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
  const spaced = parts.some((p) => p.type === 'literal' && /\s/.test(p.value));
  const number = `#,##0${scale > 0 ? `.${'0'.repeat(scale)}` : ''}`;
  const gap = spaced ? ' ' : '';
  return {
    currency,
    symbol: part('currency'),
    locale,
    decimal: part('decimal') || '.',
    group: part('group') || ',',
    pattern: symbolFirst ? `¤${gap}${number}` : `${number}${gap}¤`,
    scale,
  };
}
