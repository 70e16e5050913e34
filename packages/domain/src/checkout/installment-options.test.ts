import { describe, expect, it } from 'vitest';
import { installmentError } from './method-form-rules.js';
import { INSTALLMENT_OPTIONS, installmentOptionsFor } from './installment-options.js';

describe('installmentOptionsFor (checkout §5)', () => {
  it('offers the counts of each installment country', () => {
    expect(installmentOptionsFor('BR')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(installmentOptionsFor('MX')).toEqual([1, 3, 6, 9, 12]);
    expect(installmentOptionsFor('CO')).toEqual([1, 2, 3, 6, 12, 24, 36]);
    expect(installmentOptionsFor('TR')).toEqual([1, 2, 3, 6, 9]);
  });

  it('offers none elsewhere', () => {
    for (const country of ['US', 'EG', 'NG', 'br', '', 'toString', '__proto__']) {
      expect(installmentOptionsFor(country)).toEqual([]);
    }
  });

  it('gives a copy the caller may change', () => {
    installmentOptionsFor('MX').push(24);
    expect(installmentOptionsFor('MX')).toEqual([1, 3, 6, 9, 12]);
  });

  it('offers only counts the installment rule accepts, ascending', () => {
    for (const options of Object.values(INSTALLMENT_OPTIONS)) {
      expect(options.every((count) => installmentError(count, true) === null)).toBe(true);
      expect([...options].sort((a, b) => a - b)).toEqual(options);
      expect(options[0]).toBe(1);
    }
  });
});
