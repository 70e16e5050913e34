import { createHmac } from 'node:crypto';
import { cardError } from '../core/stripe-error.js';
import { DECLINES, findTestCard, type TestCard } from './test-cards.js';

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function detectBrand(digits: string): TestCard['brand'] | 'unknown' {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (four >= 6440 && four <= 6499)) {
    return 'discover';
  }
  if (four >= 3528 && four <= 3589) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (digits.startsWith('62')) return 'unionpay';
  return 'unknown';
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc?: string | undefined;
}

/** What the sandbox keeps of a card: the outcome profile, never the number itself. */
export interface CardProfile {
  /** The test card, or a synthetic one for other numbers (declined as a live card). */
  card: TestCard;
  cvcProvided: boolean;
  last4: string;
  iin: string;
  fingerprint: string;
  expMonth: number;
  expYear: number;
}

/**
 * Validates raw card fields as Stripe does when a PaymentMethod is created: a number that is
 * not digits or fails the Luhn check is a 402 card error, as is an expiry in the past or a
 * malformed CVC. Returns the outcome profile the payment flows read.
 */
export function validateCard(input: CardInput, fingerprintSecret: string, now = new Date()): CardProfile {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) {
    throw cardError('invalid_number', 'Your card number is not a valid credit card number.', {
      param: 'number',
    });
  }
  if (!passesLuhn(digits)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', {
      param: 'number',
      decline_code: 'incorrect_number',
    });
  }
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", {
      param: 'exp_month',
    });
  }
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", {
      param: 'exp_year',
    });
  }
  if (year === thisYear && input.expMonth < now.getUTCMonth() + 1) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", {
      param: 'exp_month',
    });
  }
  const brand = detectBrand(digits);
  if (input.cvc !== undefined && input.cvc !== '') {
    const cvcLength = brand === 'amex' ? 4 : 3;
    if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) {
      throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
    }
  }
  const card: TestCard = findTestCard(digits) ?? {
    number: '',
    brand: brand === 'unknown' ? 'visa' : brand,
    funding: 'credit',
    country: 'US',
    description: 'Not a test card',
    threeDSecure: 'none',
    charge: DECLINES.testModeLiveCard,
    attach: DECLINES.testModeLiveCard,
  };
  return {
    card,
    cvcProvided: input.cvc !== undefined && input.cvc !== '',
    last4: digits.slice(-4),
    iin: digits.slice(0, 6),
    fingerprint: createHmac('sha256', fingerprintSecret).update(digits).digest('base64url').slice(0, 16),
    expMonth: input.expMonth,
    expYear: year,
  };
}

/** A profile for a test card chosen by id (`pm_card_visa`) or in the wallet sheet. */
export function profileForTestCard(card: TestCard, fingerprintSecret: string): CardProfile {
  return {
    card,
    cvcProvided: false,
    last4: card.number.slice(-4),
    iin: card.number.slice(0, 6),
    fingerprint: createHmac('sha256', fingerprintSecret).update(card.number).digest('base64url').slice(0, 16),
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 5,
  };
}
