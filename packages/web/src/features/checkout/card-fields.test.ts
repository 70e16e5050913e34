import { CHECKOUT_MESSAGES } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import {
  cardFieldCode,
  cardFieldError,
  EMPTY_CARD,
  fieldOfProviderCode,
  formatCardNumberInput,
  formatExpiryInput,
  parseExpiry,
} from './card-fields';

const NOW = new Date(2026, 10, 22);
const GOOD = { name: 'Lena Learner', number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

describe('card input formatting', () => {
  it('groups the number in fours and keeps at most 19 digits', () => {
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('4242-42x')).toBe('4242 42');
    expect(formatCardNumberInput('1'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM / YY and reads it back', () => {
    expect(formatExpiryInput('1230')).toBe('12 / 30');
    expect(formatExpiryInput('1')).toBe('1');
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('12 / 3')).toBeNull();
  });
});

describe('cardFieldCode (checkout §5 defaults)', () => {
  it('accepts a complete card', () => {
    for (const field of ['name', 'number', 'expiry', 'cvc'] as const) {
      expect(cardFieldCode(field, GOOD, NOW), field).toBeNull();
    }
  });

  it('gives each incomplete field its default code', () => {
    expect(cardFieldCode('name', EMPTY_CARD, NOW)).toBe('invalid_name_on_card');
    expect(cardFieldCode('number', { ...GOOD, number: '4242 4242 4242 4241' }, NOW)).toBe('invalid_number');
    expect(cardFieldCode('number', { ...GOOD, number: '4242' }, NOW)).toBe('invalid_number');
    expect(cardFieldCode('expiry', { ...GOOD, expiry: '10 / 26' }, NOW)).toBe('invalid_expiry');
    expect(cardFieldCode('expiry', { ...GOOD, expiry: '11 / 26' }, NOW)).toBeNull();
    expect(cardFieldCode('cvc', { ...GOOD, cvc: '12' }, NOW)).toBe('invalid_cvc');
  });
});

describe('cardFieldError (checkout §4, §8)', () => {
  it('stays quiet until the field was left', () => {
    expect(cardFieldError('number', EMPTY_CARD, false, null, NOW)).toBeNull();
    expect(cardFieldError('number', EMPTY_CARD, true, null, NOW)).toBe('Please enter a valid card number');
  });

  it("shows the provider's code even before blur", () => {
    expect(cardFieldError('expiry', GOOD, false, 'invalid_expiry_year_past', NOW)).toBe(
      'Please enter a valid expiration date',
    );
  });

  it('asks for the name exactly as on the card when one is there but fails the check', () => {
    expect(cardFieldError('name', EMPTY_CARD, true, null, NOW)).toBe('Please enter your cardholder name');
    expect(cardFieldError('name', { ...GOOD, name: '4242' }, true, null, NOW)).toBe(
      CHECKOUT_MESSAGES.cardNameInvalid,
    );
  });
});

describe('fieldOfProviderCode', () => {
  it('maps provider codes to the field they concern', () => {
    expect(fieldOfProviderCode('incorrect_number')).toBe('number');
    expect(fieldOfProviderCode('invalid_expiry_month')).toBe('expiry');
    expect(fieldOfProviderCode('card_error:incorrect_cvc:incorrect_cvc')).toBe('cvc');
    expect(fieldOfProviderCode('invalid_name_on_card')).toBe('name');
    expect(fieldOfProviderCode('card_declined')).toBeNull();
    expect(fieldOfProviderCode(null)).toBeNull();
  });
});
