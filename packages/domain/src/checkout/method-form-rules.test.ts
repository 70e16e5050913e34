import { describe, expect, it } from 'vitest';
import { BNPL_ADDRESS_LIMITS, bnplAddressError, installmentError } from './method-form-rules.js';

describe('bnplAddressError (checkout §5, §9)', () => {
  const good = { line1: '1 Main Street', city: "St. John's", state: 'NL', zip: '12345' };

  it('accepts a complete address', () => {
    expect(bnplAddressError(good, 'CA')).toBeNull();
    expect(bnplAddressError({ ...good, city: 'Winston-Salem, NC' }, 'CA')).toBeNull();
  });

  it('has the §9 limits', () => {
    expect(BNPL_ADDRESS_LIMITS).toEqual({ address: 50, city: 25, state: 2, zip: 5 });
  });

  it('wants an address line of 4 to 50 characters', () => {
    expect(bnplAddressError({ ...good, line1: 'Abc' }, 'CA')).toBe('Please enter or check your address.');
    expect(bnplAddressError({ ...good, line1: 'A'.repeat(51) }, 'CA')).toBe(
      'Please enter or check your address.',
    );
    expect(bnplAddressError({ ...good, line1: 'A'.repeat(50) }, 'CA')).toBeNull();
  });

  it('wants a city of 3 to 25 letters and name punctuation', () => {
    for (const city of ['NY', 'C'.repeat(26), 'Area 51', 'Paris!']) {
      expect(bnplAddressError({ ...good, city }, 'CA')).toBe('Please enter or check your city.');
    }
    expect(bnplAddressError({ ...good, city: 'Zürich' }, 'CA')).toBeNull();
  });

  it('wants a state of exactly 2 letters', () => {
    for (const state of ['N', 'NLX', 'N1', '']) {
      expect(bnplAddressError({ ...good, state }, 'CA')).toBe('Please enter or check your state.');
    }
  });

  it('wants a 5-digit ZIP outside the US only', () => {
    for (const zip of ['1234', '123456', 'ABCDE', '']) {
      expect(bnplAddressError({ ...good, zip }, 'CA')).toBe('Please enter or check your zip code.');
      expect(bnplAddressError({ ...good, zip }, 'US')).toBeNull();
    }
  });

  it('reports the first invalid field', () => {
    expect(bnplAddressError({ line1: '', city: '', state: '', zip: '' }, 'CA')).toBe(
      'Please enter or check your address.',
    );
    expect(bnplAddressError({ ...good, city: '', state: '' }, 'CA')).toBe('Please enter or check your city.');
  });
});

describe('installmentError (checkout §5)', () => {
  it('needs a number greater than 0 when installments are enabled', () => {
    expect(installmentError(3, true)).toBeNull();
    for (const bad of [0, -1, 1.5, null, undefined, Number.NaN]) {
      expect(installmentError(bad, true)).toBe('Please select number of installments.');
    }
  });

  it('needs nothing when they are not', () => {
    expect(installmentError(null, false)).toBeNull();
  });
});
