import { describe, expect, it } from 'vitest';
import {
  cardExpiryState,
  isRememberMeShown,
  isValidCardholderName,
  MAX_VISIBLE_CARD_BRANDS,
  rememberMeDefault,
  visibleCardBrands,
} from './card-rules.js';

describe('isValidCardholderName (checkout §5)', () => {
  it.each([
    'Lena Learner',
    "Seán O'Brien",
    'Anne-Marie Dupont',
    'J. R. R. Tolkien',
    'Smith, Jr.',
    'Li',
    'Zoë Ünal',
    'Nguyễn Văn A',
    '山田 太郎',
    'Ирина Петрова',
    '  Lena Learner  ',
  ])('accepts %j', (name) => {
    expect(isValidCardholderName(name)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'L',
    '4242 4242 4242 4242',
    'Lena 2',
    '-Lena',
    '. .',
    'Lena <script>',
    'lena@example.com',
    'A'.repeat(101),
  ])('rejects %j', (name) => {
    expect(isValidCardholderName(name)).toBe(false);
  });
});

describe('rememberMeDefault (checkout §5)', () => {
  it('starts checked', () => {
    expect(rememberMeDefault({})).toBe(true);
    expect(rememberMeDefault({ store_payment_method_default_override: null })).toBe(true);
  });

  it('starts unchecked when storing is disabled, whatever the override says', () => {
    expect(rememberMeDefault({ storing_payment_method_disabled: true })).toBe(false);
    expect(
      rememberMeDefault({
        storing_payment_method_disabled: true,
        store_payment_method_default_override: true,
      }),
    ).toBe(false);
  });

  it('follows the override', () => {
    expect(rememberMeDefault({ store_payment_method_default_override: false })).toBe(false);
    expect(rememberMeDefault({ store_payment_method_default_override: true })).toBe(true);
  });
});

describe('isRememberMeShown (checkout §5)', () => {
  const card = { type: 'card', mode: 'direct' as const, options: {} };
  it('shows for a card entered by hand before any result', () => {
    expect(isRememberMeShown(card, false)).toBe(true);
  });
  it('hides once a result exists, when storing is disabled, for stored cards and other methods', () => {
    expect(isRememberMeShown(card, true)).toBe(false);
    expect(isRememberMeShown({ ...card, options: { storing_payment_method_disabled: true } }, false)).toBe(
      false,
    );
    expect(isRememberMeShown({ ...card, mode: 'stored' }, false)).toBe(false);
    expect(isRememberMeShown({ ...card, type: 'free-method', mode: 'internal' }, false)).toBe(false);
  });
});

describe('visibleCardBrands (checkout §9)', () => {
  it('puts visa, mc and amex first, then the others in their order', () => {
    expect(visibleCardBrands(['discover', 'amex', 'jcb', 'visa', 'mc'])).toEqual([
      'visa',
      'mc',
      'amex',
      'discover',
      'jcb',
    ]);
    expect(visibleCardBrands(['mastercard', 'unionpay', 'visa'])).toEqual(['visa', 'mastercard', 'unionpay']);
  });

  it('keeps all when there are at most 6', () => {
    const six = ['visa', 'mc', 'amex', 'diners', 'jcb', 'discover'];
    expect(visibleCardBrands(six)).toEqual(six);
  });

  it('drops diners, then jcb, then discover when there are more than 6', () => {
    expect(visibleCardBrands(['visa', 'mc', 'amex', 'diners', 'jcb', 'discover', 'unionpay'])).toEqual([
      'visa',
      'mc',
      'amex',
      'jcb',
      'discover',
      'unionpay',
    ]);
    expect(visibleCardBrands(['visa', 'mc', 'amex', 'diners', 'jcb', 'discover', 'unionpay', 'elo'])).toEqual(
      ['visa', 'mc', 'amex', 'discover', 'unionpay', 'elo'],
    );
  });

  it('shows at most 6 even when nothing droppable is left', () => {
    const brands = [
      'visa',
      'mc',
      'amex',
      'diners',
      'jcb',
      'discover',
      'unionpay',
      'elo',
      'hipercard',
      'troy',
    ];
    const shown = visibleCardBrands(brands);
    expect(shown).toHaveLength(MAX_VISIBLE_CARD_BRANDS);
    expect(shown).toEqual(['visa', 'mc', 'amex', 'unionpay', 'elo', 'hipercard']);
  });

  it('ignores case and repeats', () => {
    expect(visibleCardBrands(['VISA', 'visa', 'Amex'])).toEqual(['visa', 'amex']);
    expect(visibleCardBrands([])).toEqual([]);
  });
});

describe('cardExpiryState (checkout §8 card expiry)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is good through the last day of the expiry month', () => {
    expect(cardExpiryState(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe('expiring_soon');
    expect(cardExpiryState(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe('expired');
  });
  it('is about to expire in its month and the month before', () => {
    expect(cardExpiryState(11, 2026, now)).toBe('expiring_soon');
    expect(cardExpiryState(12, 2026, now)).toBe('expiring_soon');
    expect(cardExpiryState(1, 2027, now)).toBe('valid');
  });
  it('is expired after its month', () => {
    expect(cardExpiryState(10, 2026, now)).toBe('expired');
    expect(cardExpiryState(12, 2025, now)).toBe('expired');
  });
});
