import { describe, expect, it } from 'vitest';
import { CART_MESSAGES, removedCodesMessage } from './cart-messages.js';

describe('cart messages (platform §8)', () => {
  it('words one removed code in the singular and several in the plural', () => {
    expect(removedCodesMessage(['BADCODE'], 'invalid')).toBe('BADCODE is invalid, and has been removed.');
    expect(removedCodesMessage(['A1B2', 'C3D4'], 'invalid')).toBe(
      'A1B2, C3D4 are invalid, and have been removed.',
    );
    expect(removedCodesMessage(['OLD1'], 'expired')).toBe('OLD1 is expired, and has been removed.');
    expect(removedCodesMessage(['GONE', 'USED'], 'sold_out')).toBe(
      'GONE, USED are sold out, and have been removed.',
    );
  });

  it('keeps the fixed sentences', () => {
    expect(CART_MESSAGES.codeNotValidForCourse).toBe(
      'The coupon code entered is not valid for this course. Perhaps you used the wrong coupon code?',
    );
    expect(CART_MESSAGES.codeAlreadyUsed).toBe('The coupon code entered has already been used.');
    expect(CART_MESSAGES.unknownError).toBe('An unknown error occurred.');
  });
});
