import { describe, expect, it } from 'vitest';
import { checkoutReferenceOf, isCheckoutReference, purchaseContextIdOf } from './checkout-reference.js';

describe('checkout references (team-plan §9)', () => {
  it('are the LSC- prefix and the purchase context id', () => {
    expect(checkoutReferenceOf(42)).toBe('LSC-42');
    expect(purchaseContextIdOf('LSC-42')).toBe(42);
    expect(purchaseContextIdOf('LSC-2147483647')).toBe(2_147_483_647);
    expect(isCheckoutReference('LSC-1')).toBe(true);
  });

  it('are read strictly: another prefix is no reference (XYZ-1 is not enrollment 1)', () => {
    for (const other of ['XYZ-1', 'tpsc1234', 'lsc-1', 'LSC1', ' LSC-1', 'LSC-1 ']) {
      expect(purchaseContextIdOf(other)).toBeNull();
      expect(isCheckoutReference(other)).toBe(false);
    }
  });

  it('are not references when the id is not one a table can hold', () => {
    for (const bad of [
      '',
      'LSC-',
      'LSC-0',
      'LSC-01',
      'LSC-1x',
      'LSC--1',
      'LSC-1.5',
      'LSC-+1',
      'LSC-1e3',
      null,
      undefined,
      'LSC-2147483648',
      'LSC-9007199254740993',
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
