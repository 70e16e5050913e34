import { describe, expect, it } from 'vitest';
import { cardDetails } from '../resources/payment-method-factory.js';
import { profileForTestCard } from './card-number.js';
import { chargeNetwork, preferNetwork } from './networks.js';
import { findTestCard } from './test-cards.js';

const details = (number: string) => cardDetails(profileForTestCard(findTestCard(number)!, 'secret'));

describe('card networks', () => {
  it('lists the regional network of a co-branded card beside its brand', () => {
    expect(details('4000002500001001')).toMatchObject({
      brand: 'visa',
      display_brand: 'visa',
      country: 'FR',
      networks: { available: ['visa', 'cartes_bancaires'], preferred: null },
    });
    expect(details('5555552500001001').networks.available).toEqual(['mastercard', 'cartes_bancaires']);
    expect(details('4000050360000001')).toMatchObject({
      brand: 'visa',
      funding: 'debit',
      country: 'AU',
      networks: { available: ['visa', 'eftpos_au'] },
    });
    expect(details('5555050360000080').networks.available).toEqual(['mastercard', 'eftpos_au']);
    expect(details('4242424242424242').networks.available).toEqual(['visa']);
  });

  it("keeps the customer's network choice, or invalid_preference for a network the card lacks", () => {
    const cb = details('4000002500001001');
    expect(chargeNetwork(cb)).toBe('visa');
    preferNetwork(cb, 'cartes_bancaires');
    expect(cb).toMatchObject({
      display_brand: 'cartes_bancaires',
      networks: { preferred: 'cartes_bancaires' },
    });
    expect(chargeNetwork(cb)).toBe('cartes_bancaires');

    const visa = details('4242424242424242');
    preferNetwork(visa, 'mastercard');
    expect(visa).toMatchObject({ display_brand: 'visa', networks: { preferred: 'invalid_preference' } });
    expect(chargeNetwork(visa)).toBe('visa');
  });

  it('names display brands as Stripe does', () => {
    expect(details('378282246310005').display_brand).toBe('american_express');
    expect(details('3056930009020004').display_brand).toBe('diners_club');
    expect(details('6200000000000005').display_brand).toBe('union_pay');
    expect(details('5555555555554444').display_brand).toBe('mastercard');
  });
});
