import { describe, expect, it } from 'vitest';
import { detectBrand, passesLuhn } from './card-number.js';
import { INTERNATIONAL_CARD_GROUPS } from './international-test-cards.js';
import {
  findTestCard,
  findTestCardAlias,
  TEST_CARD_GROUPS,
  TEST_CARDS,
  testCardAliases,
} from './test-cards.js';

describe('the test card table', () => {
  it('has each number once, each passing the Luhn check and detected as its brand', () => {
    expect(new Set(TEST_CARDS.map((card) => card.number)).size).toBe(TEST_CARDS.length);
    for (const card of TEST_CARDS) {
      expect(passesLuhn(card.number), card.number).toBe(true);
      expect(detectBrand(card.number), card.number).toBe(card.brand);
      expect(card.country, card.number).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('has each PaymentMethod id once, each naming its card', () => {
    const aliases = TEST_CARDS.flatMap((card) => (card.alias ? [card.alias] : []));
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const [alias, card] of testCardAliases()) {
      expect(alias).toMatch(/^pm_card_\w+$/);
      expect(findTestCard(card.number), alias).toBe(card);
    }
  });

  it('lists every card under one heading', () => {
    expect(TEST_CARD_GROUPS.flatMap((group) => group.cards)).toEqual(TEST_CARDS);
    expect(new Set(TEST_CARD_GROUPS.map((group) => group.label)).size).toBe(TEST_CARD_GROUPS.length);
    expect(TEST_CARD_GROUPS.every((group) => group.cards.length > 0)).toBe(true);
  });

  it('has the cards by country, which succeed without authentication', () => {
    const international = INTERNATIONAL_CARD_GROUPS.flatMap((group) => group.cards);
    expect(international).toHaveLength(62);
    expect(new Set(international.map((card) => card.country)).size).toBe(57);
    for (const card of international) {
      expect(card, card.number).toMatchObject({ threeDSecure: 'none' });
      expect(card.charge ?? card.attach, card.number).toBeUndefined();
      expect(card.description).toContain(`(${card.country})`);
    }
    expect(findTestCardAlias('pm_card_de')).toMatchObject({ number: '4000002760000016', country: 'DE' });
    expect(findTestCardAlias('pm_card_gb_debit')).toMatchObject({
      number: '4000058260000005',
      funding: 'debit',
      country: 'GB',
    });
    expect(findTestCardAlias('pm_card_gb_mastercard')).toMatchObject({ brand: 'mastercard', country: 'GB' });
    expect(findTestCardAlias('pm_card_ae_mastercard')).toMatchObject({ number: '5200007840000022' });
    expect(findTestCardAlias('pm_card_th_debit')).toMatchObject({ funding: 'debit', country: 'TH' });
    expect(findTestCard('3530111333300000')).toMatchObject({ brand: 'jcb', country: 'JP' });
    expect(findTestCardAlias('pm_card_jcb')?.number).toBe('3566002020360505');
    expect(findTestCardAlias('pm_card_us')?.number).toBe('4242424242424242');
  });

  it('has the co-branded cards under their international brand, with the regional network', () => {
    expect(findTestCard('4000002500001001')).toMatchObject({
      brand: 'visa',
      country: 'FR',
      coBrands: ['cartes_bancaires'],
    });
    expect(findTestCardAlias('pm_card_mastercard_cartesBancaires')).toMatchObject({
      number: '5555552500001001',
      brand: 'mastercard',
      coBrands: ['cartes_bancaires'],
    });
    expect(findTestCardAlias('pm_card_visa_debit_eftposAuCoBranded')).toMatchObject({
      number: '4000050360000001',
      funding: 'debit',
      country: 'AU',
      coBrands: ['eftpos_au'],
    });
    expect(findTestCard('5555050360000080')).toMatchObject({ brand: 'mastercard', coBrands: ['eftpos_au'] });
  });

  it('blocks the highest-risk card as fraudulent and lets the elevated-risk one through', () => {
    expect(findTestCardAlias('pm_card_riskLevelHighest')?.charge).toMatchObject({
      code: 'card_declined',
      declineCode: 'fraudulent',
    });
    const elevated = findTestCard('4000000000009235')!;
    expect(elevated.charge ?? elevated.attach).toBeUndefined();
  });
});
