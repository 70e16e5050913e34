import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, isCurrencyCode, minorUnitExponent } from './currencies.js';
import { addMoney, formatMoney, money, parseMajorUnits, resolveFormatLocale, sumMoney } from './money.js';

describe('currencies', () => {
  it('lists the 30 currencies of platform §3', () => {
    expect(CURRENCY_CODES).toHaveLength(30);
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('XXX')).toBe(false);
  });

  it('has zero-decimal JPY, KRW, CLP and VND', () => {
    const zero = CURRENCY_CODES.filter((code) => minorUnitExponent(code) === 0);
    expect(zero.sort()).toEqual(['CLP', 'JPY', 'KRW', 'VND']);
  });
});

describe('money', () => {
  it('rejects fractional minor units', () => {
    expect(() => money(1.5, 'USD')).toThrow(RangeError);
  });

  it('adds only the same currency', () => {
    expect(addMoney(money(199, 'USD'), money(1, 'USD'))).toEqual(money(200, 'USD'));
    expect(() => addMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow(TypeError);
  });

  it('sums a list exactly', () => {
    const items = Array.from({ length: 10 }, () => money(10, 'USD'));
    expect(sumMoney(items, 'USD')).toEqual(money(100, 'USD'));
  });

  it('parses decimal strings without floating point', () => {
    expect(parseMajorUnits('19.99', 'USD')).toEqual(money(1999, 'USD'));
    expect(parseMajorUnits('0.29', 'USD')).toEqual(money(29, 'USD'));
    expect(parseMajorUnits('2400', 'JPY')).toEqual(money(2400, 'JPY'));
    expect(() => parseMajorUnits('24.5', 'JPY')).toThrow(RangeError);
    expect(() => parseMajorUnits('abc', 'USD')).toThrow(RangeError);
  });

  it('formats with the currency decimals', () => {
    expect(formatMoney(money(1999, 'USD'))).toBe('$19.99');
    expect(formatMoney(money(2400, 'JPY'), 'en-US')).toBe('¥2,400');
  });
});

describe('resolveFormatLocale', () => {
  it('falls back from the full locale to the language, then to en-US', () => {
    expect(resolveFormatLocale('pt_BR')).toBe('pt-BR');
    expect(resolveFormatLocale('de-DE')).toBe('de-DE');
    expect(resolveFormatLocale('zz_ZZ')).toBe('en-US');
    expect(resolveFormatLocale('not a locale')).toBe('en-US');
  });

  it('lets formatMoney take underscore locales', () => {
    expect(formatMoney(money(1999, 'USD'), 'en_US')).toBe('$19.99');
  });
});
