import { describe, expect, it } from 'vitest';
import { money } from '../money/money.js';
import { freePriceText, toApiPrice } from './price-contract.js';

describe('toApiPrice', () => {
  it('formats for the locale, with the currency’s own decimals', () => {
    expect(toApiPrice(money(1999, 'USD'), 'en-US')).toEqual({
      amount: 1999,
      currency: 'USD',
      price_string: '$19.99',
    });
    expect(toApiPrice(money(4500, 'JPY'), 'ja_JP').price_string).toBe('￥4,500');
    expect(toApiPrice(money(2799, 'EUR'), 'de_DE').price_string).toBe('27,99\u00a0€');
  });

  it('says Free for a zero price, unless told it is not a price', () => {
    expect(toApiPrice(money(0, 'USD'), 'en-US').price_string).toBe('Free');
    expect(toApiPrice(money(0, 'USD'), 'en-US', { freeWhenZero: false }).price_string).toBe('$0.00');
    expect(toApiPrice(money(-500, 'USD'), 'en-US').price_string).toBe('-$5.00');
  });

  it("says Free in the locale's language, in English for a language we do not speak", () => {
    expect(toApiPrice(money(0, 'EUR'), 'es_ES').price_string).toBe('Gratis');
    expect(toApiPrice(money(0, 'BRL'), 'pt-BR').price_string).toBe('Gratuito');
    expect(toApiPrice(money(0, 'JPY'), 'ja-JP').price_string).toBe('無料');
    expect(toApiPrice(money(0, 'EUR'), 'de-DE').price_string).toBe('Free');
    expect(freePriceText('es-MX')).toBe('Gratis');
  });
});
