import { describe, expect, it } from 'vitest';
import { checkoutReferenceOf, purchaseContextIdOf } from './checkout-reference.js';

describe('checkout references (team-plan §9)', () => {
  it('are a 4-character prefix and the purchase context id', () => {
    expect(checkoutReferenceOf(42)).toBe('LSC-42');
    expect(purchaseContextIdOf('LSC-42')).toBe(42);
  });

  it('strip any 4 characters and parse the rest as a number', () => {
    expect(purchaseContextIdOf('tpsc1234')).toBe(1234);
  });

  it('are not references when the rest is not a positive number', () => {
    for (const bad of [
      '',
      'LSC-',
      'LSC-0',
      'LSC-01',
      'LSC-1x',
      'LSC--1',
      'LSC-1.5',
      null,
      undefined,
      'LSC-9999999999999999',
    ]) {
      expect(purchaseContextIdOf(bad)).toBeNull();
    }
  });

  it('refuse ids that are not positive integers', () => {
    expect(() => checkoutReferenceOf(0)).toThrow(RangeError);
    expect(() => checkoutReferenceOf(1.5)).toThrow(RangeError);
  });
});
