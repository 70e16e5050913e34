import { describe, expect, it } from 'vitest';
import { currencyForCountry } from './country-currency.js';
import { currencyFormatterInfo } from './currency-formatter.js';

describe('currencyForCountry', () => {
  it('maps price countries to their currency', () => {
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('de')).toBe('EUR');
    expect(currencyForCountry('JP')).toBe('JPY');
    expect(currencyForCountry('IN')).toBe('INR');
  });

  it('prices other countries in USD', () => {
    expect(currencyForCountry('AR')).toBe('USD');
  });
});

describe('currencyFormatterInfo', () => {
  it('describes USD in en-US', () => {
    expect(currencyFormatterInfo('USD')).toEqual({
      currency: 'USD',
      symbol: '$',
      locale: 'en-US',
      decimal: '.',
      group: ',',
      pattern: '¤#,##0.00',
      scale: 2,
    });
  });

  it('describes EUR in de-DE with the symbol after the number', () => {
    const info = currencyFormatterInfo('EUR', 'de-DE');
    expect(info).toMatchObject({ symbol: '€', decimal: ',', group: '.', pattern: '#,##0.00 ¤', scale: 2 });
  });

  it('has no decimals for JPY', () => {
    expect(currencyFormatterInfo('JPY').pattern).toBe('¤#,##0');
  });
});
