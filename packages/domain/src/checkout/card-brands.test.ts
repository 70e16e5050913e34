import { describe, expect, it } from 'vitest';
import { cardBrandName } from './card-brands.js';

describe('cardBrandName', () => {
  it('names the brands the provider reports, whatever their case', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('AMEX')).toBe('American Express');
    expect(cardBrandName('mc')).toBe('Mastercard');
    expect(cardBrandName('diners_club')).toBe('Diners Club');
    expect(cardBrandName('cartes_bancaires')).toBe('Cartes Bancaires');
  });

  it('capitalises an unknown brand and calls a missing one "Card"', () => {
    expect(cardBrandName('rupay')).toBe('Rupay');
    expect(cardBrandName('')).toBe('Card');
    expect(cardBrandName(null)).toBe('Card');
  });
});
