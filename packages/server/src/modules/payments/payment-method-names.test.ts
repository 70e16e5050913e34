import { describe, expect, it } from 'vitest';
import { CHECKOUT_METHOD_NAMES, resolveCheckoutMethod } from './payment-method-names.js';

describe('resolveCheckoutMethod', () => {
  it('maps token cards, encrypted cards and stored cards onto the card type with their credential', () => {
    expect(resolveCheckoutMethod({ vendor: 'CardToken', mode: 'direct', type: 'card' })).toEqual({
      kind: 'gateway',
      methodType: 'card',
      credential: 'payment_method_id',
      wallet: null,
    });
    expect(resolveCheckoutMethod({ vendor: 'CardEncrypted', mode: 'direct', type: 'scheme' })).toMatchObject({
      methodType: 'card',
      credential: 'encrypted_data',
    });
    expect(resolveCheckoutMethod({ vendor: 'CardToken', mode: 'stored', type: 'card' })).toMatchObject({
      credential: 'stored_payment_method_id',
    });
  });

  it('maps the hosted and local methods, the DOKU channels and the express wallets', () => {
    expect(
      resolveCheckoutMethod({ vendor: 'CardEncrypted', mode: 'hosted', type: 'sepadirectdebit' }),
    ).toMatchObject({
      methodType: 'sepa_debit',
    });
    expect(
      resolveCheckoutMethod({ vendor: 'CardEncrypted', mode: 'hosted', type: 'directEbanking' }),
    ).toMatchObject({
      methodType: 'sofort',
    });
    expect(resolveCheckoutMethod({ vendor: 'LocalPayments', mode: 'hosted', type: 'boleto' })).toMatchObject({
      methodType: 'boleto',
    });
    for (const type of ['doku_alfamart', 'doku_bca_va', 'doku_mandiri_va', 'doku_permata_lite_atm']) {
      expect(resolveCheckoutMethod({ vendor: 'CardEncrypted', mode: 'hosted', type })).toEqual({
        kind: 'gateway',
        methodType: 'doku',
        credential: 'none',
        wallet: null,
      });
    }
    expect(resolveCheckoutMethod({ vendor: 'CardToken', mode: 'common', type: 'express' })).toEqual({
      kind: 'gateway',
      methodType: 'card',
      credential: 'payment_method_id',
      wallet: null,
    });
    expect(resolveCheckoutMethod({ vendor: 'Free', mode: 'internal', type: 'free-method' })).toEqual({
      kind: 'internal',
      type: 'free-method',
    });
  });

  it('fails closed on any unknown vendor, mode or type', () => {
    expect(resolveCheckoutMethod({ vendor: 'CardToken', mode: 'direct', type: 'klarna' })).toBeNull();
    expect(resolveCheckoutMethod({ vendor: 'Stripe', mode: 'direct', type: 'card' })).toBeNull();
    expect(resolveCheckoutMethod({ vendor: 'CardToken', mode: 'hosted', type: 'card' })).toBeNull();
    // The wallets are one express method now; their old names are gone.
    expect(resolveCheckoutMethod({ vendor: 'CardToken', mode: 'common', type: 'apple_pay' })).toBeNull();
    expect(
      resolveCheckoutMethod({ vendor: 'CardEncrypted', mode: 'hosted', type: 'doku_bni_va' }),
    ).toBeNull();
  });

  it('names every combination once', () => {
    const keys = CHECKOUT_METHOD_NAMES.map((n) => `${n.vendor}/${n.mode}/${n.type}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
