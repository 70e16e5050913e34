import { describe, expect, it } from 'vitest';
import { detectBrand, passesLuhn, validateCard } from './card-number.js';
import { TEST_CARDS } from './test-cards.js';

describe('card numbers', () => {
  it('every test card passes the Luhn check and is detected as its brand', () => {
    for (const card of TEST_CARDS) {
      expect(passesLuhn(card.number), card.number).toBe(true);
      expect(detectBrand(card.number), card.number).toBe(card.brand);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('keeps an outcome profile, never the number of a card that is not a test card', () => {
    const profile = validateCard({ number: '4111 1111 1111 1111', expMonth: 1, expYear: 2040 }, 'secret');
    expect(profile).toMatchObject({ last4: '1111', iin: '411111', cvcProvided: false });
    expect(profile.card.number).toBe('');
    expect(profile.card.charge?.declineCode).toBe('test_mode_live_card');
    expect(JSON.stringify(profile)).not.toContain('4111111111111111');
  });

  it('refuses expiry dates in the past, with the month checked in the current year', () => {
    const now = new Date(Date.UTC(2030, 5, 15));
    expect(() => validateCard({ number: '4242424242424242', expMonth: 5, expYear: 2030 }, 's', now)).toThrow(
      /expiration month/,
    );
    expect(validateCard({ number: '4242424242424242', expMonth: 6, expYear: 30 }, 's', now).expYear).toBe(
      2030,
    );
    expect(() =>
      validateCard({ number: '4242424242424242', expMonth: 13, expYear: 2031 }, 's', now),
    ).toThrow();
  });

  it('wants four CVC digits for American Express and three for the others', () => {
    expect(() =>
      validateCard({ number: '378282246310005', expMonth: 1, expYear: 2040, cvc: '123' }, 's'),
    ).toThrow(/security code/);
    expect(
      validateCard({ number: '378282246310005', expMonth: 1, expYear: 2040, cvc: '1234' }, 's').cvcProvided,
    ).toBe(true);
  });
});
