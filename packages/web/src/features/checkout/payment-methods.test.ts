import type { PaymentMethodConfig } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { CARD } from './checkout-page-fixtures';
import {
  arrangeExpressMethod,
  expressWallets,
  filterKnownMethods,
  initialMethodKey,
  isBnplKind,
  isStoredMethodValid,
  methodKey,
  methodKindOf,
} from './payment-methods';
import { iconCodesOfMethod } from './payment-method-section';

// The checkout page's card method, without provider options unless a test gives some.
function method(overrides: Partial<PaymentMethodConfig> = {}): PaymentMethodConfig {
  return { ...CARD, options: {}, ...overrides };
}

const storedCard = {
  id: 'CardToken_card_pm_1',
  payment_method_details: {
    card: {
      brand: 'visa',
      last_4_digit: '4242',
      card_holder_name: null,
      expiry_month: 12,
      expiry_year: 2040,
      card_bin: null,
      additional_data: {
        checks: { avs_result: null, cvc_result: null, address_postal_code_check: null, cvc_check: null },
      },
    },
  },
  fraud_context: { bank_country: null, bank_name: null, account_holder_name: null },
  is_used_by_subscription: false,
};

describe('methodKindOf (checkout §4 handlers)', () => {
  it('knows the card, stored card, free and credit methods', () => {
    expect(methodKindOf(method())).toBe('card');
    expect(methodKindOf(method({ mode: 'stored' }))).toBe('storedCard');
    expect(methodKindOf({ vendor: 'Free', mode: 'internal', type: 'free-method' })).toBe('free');
    expect(methodKindOf({ vendor: 'Credit', mode: 'internal', type: 'full-credit' })).toBe('credit');
  });

  it("knows issue 6's methods by vendor, mode and type", () => {
    const kind = (vendor: string, mode: string, type: string) =>
      methodKindOf({ vendor: vendor as never, mode: mode as never, type });
    expect(kind('CardToken', 'common', 'express')).toBe('express');
    expect(kind('CardToken', 'direct', 'afterpay_clearpay')).toBe('bnplAddress');
    expect(kind('CardToken', 'direct', 'affirm')).toBe('bnplFieldless');
    expect(kind('LocalPayments', 'direct', 'card')).toBe('localCard');
    for (const type of [
      'ideal',
      'directEbanking',
      'sepadirectdebit',
      'doku_alfamart',
      'doku_bca_va',
      'doku_mandiri_va',
      'doku_permata_lite_atm',
    ]) {
      expect(kind('CardEncrypted', 'hosted', type)).toBe('hosted');
    }
    for (const type of ['boleto', 'oxxo', 'pix', 'upi', 'netbanking']) {
      expect(kind('LocalPayments', 'hosted', type)).toBe('hosted');
    }
    expect(kind('Wallet', 'hosted', 'paypal')).toBe('hosted');
    // The same type under another vendor or mode has no handler.
    expect(kind('CardToken', 'hosted', 'ideal')).toBeNull();
    expect(kind('Wallet', 'direct', 'paypal')).toBeNull();
    expect(kind('LocalPayments', 'hosted', 'doku_alfamart')).toBeNull();
  });

  it('tells the buy-now-pay-later kinds apart', () => {
    expect(isBnplKind('bnplAddress')).toBe(true);
    expect(isBnplKind('bnplFieldless')).toBe(true);
    expect(isBnplKind('card')).toBe(false);
    expect(isBnplKind(null)).toBe(false);
  });

  it('has no handler for an unknown vendor, mode or type', () => {
    expect(methodKindOf(method({ vendor: 'Nope' as never }))).toBeNull();
    expect(methodKindOf(method({ mode: 'teleport' as never }))).toBeNull();
    expect(methodKindOf(method({ type: 'sofort' }))).toBeNull();
  });
});

describe('filterKnownMethods', () => {
  it('drops unknown methods and invalid gateway statuses, saying why', () => {
    const unknown = method({ method_id: 3, vendor: 'Unknown' as never });
    const invalid = method({ method_id: 4, gateway_status: 'sideways' as never });
    const down = method({ method_id: 5, gateway_status: 'down' });
    const { methods, dropped } = filterKnownMethods([method(), unknown, invalid, down]);
    expect(methods.map((entry) => entry.method_id)).toEqual([2, 5]);
    expect(dropped).toEqual([
      { method: unknown, reason: 'No handler for this vendor, mode and type' },
      { method: invalid, reason: 'Invalid status' },
    ]);
  });
});

describe('initialMethodKey (checkout §4 selection)', () => {
  const first = method({ method_id: 100, mode: 'stored', options: { stored_payment_method: storedCard } });
  const second = method({ method_id: 2 });

  it('opens the first method by default', () => {
    expect(initialMethodKey([first, second], null)).toBe(methodKey(first));
  });

  it('prefers the one the server flags selected', () => {
    expect(initialMethodKey([first, { ...second, selected: true }], null)).toBe('2');
  });

  it('keeps the previous selection while it is still offered', () => {
    expect(initialMethodKey([first, second], '2')).toBe('2');
    expect(initialMethodKey([second], methodKey(first))).toBe('2');
  });

  it('selects nothing without methods', () => {
    expect(initialMethodKey([], '2')).toBeNull();
  });
});

describe('isStoredMethodValid (checkout §5)', () => {
  it('needs the stored data and a non-stored method of the same vendor and type', () => {
    const stored = method({ method_id: 100, mode: 'stored', options: { stored_payment_method: storedCard } });
    expect(isStoredMethodValid(stored, [stored, method()])).toBe(true);
    expect(isStoredMethodValid(stored, [stored])).toBe(false);
    expect(isStoredMethodValid(method({ mode: 'stored' }), [method()])).toBe(false);
    expect(isStoredMethodValid(method(), [])).toBe(true);
  });
});

describe('express wallet (checkout §4)', () => {
  const apps = [
    { app_id: 'apple_pay', name: 'Apple Pay' },
    { app_id: 'google_pay', name: 'Google Pay' },
  ];
  const express = method({
    method_id: 4,
    mode: 'common',
    type: 'express',
    name: 'Express',
    options: { apps },
  });
  const card = method({ method_id: 2 });
  const paypal = method({ method_id: 30, vendor: 'Wallet', mode: 'hosted', type: 'paypal', name: 'PayPal' });

  it('shows the wallets the server offers that the provider reports available', () => {
    expect(expressWallets(express, { applePay: true, googlePay: true })).toEqual(['apple_pay', 'google_pay']);
    expect(expressWallets(express, { applePay: false, googlePay: true })).toEqual(['google_pay']);
    expect(
      expressWallets({ ...express, options: { apps: [apps[1]!] } }, { applePay: true, googlePay: true }),
    ).toEqual(['google_pay']);
    expect(expressWallets(express, null)).toEqual([]);
    expect(expressWallets(express, undefined)).toEqual([]);
  });

  it('leaves the methods alone while a wallet is available', () => {
    expect(arrangeExpressMethod([express, card], '4', ['apple_pay'])).toEqual({
      methods: [express, card],
      selectedKey: '4',
    });
  });

  it('hides the express method while the provider has not answered, keeping the selection', () => {
    expect(arrangeExpressMethod([express, card], '4', null)).toEqual({ methods: [card], selectedKey: '4' });
    expect(arrangeExpressMethod([card, express], '2', null)).toEqual({ methods: [card], selectedKey: '2' });
  });

  it('hides the express method when no wallet is available', () => {
    expect(arrangeExpressMethod([card, express, paypal], '2', [])).toEqual({
      methods: [card, paypal],
      selectedKey: '2',
    });
  });

  it('swaps the first two methods and selects the new first when the hidden express was selected', () => {
    expect(arrangeExpressMethod([express, card, paypal], '4', [])).toEqual({
      methods: [card, paypal],
      selectedKey: '2',
    });
    expect(arrangeExpressMethod([paypal, express, card], '4', [])).toEqual({
      methods: [paypal, card],
      selectedKey: '30',
    });
  });

  it('selects nothing when the express method was the only one', () => {
    expect(arrangeExpressMethod([express], '4', [])).toEqual({ methods: [], selectedKey: null });
  });

  it('changes nothing without an express method', () => {
    expect(arrangeExpressMethod([card, paypal], '30', [])).toEqual({
      methods: [card, paypal],
      selectedKey: '30',
    });
  });
});

describe('method icons in the accordion (checkout §9)', () => {
  it("shows the method type's icon, the express method's wallets, and none for cards", () => {
    expect(iconCodesOfMethod(method({ vendor: 'Wallet', mode: 'hosted', type: 'paypal' }))).toEqual([
      'paypal',
    ]);
    expect(iconCodesOfMethod(method({ type: 'afterpay_clearpay' }))).toEqual(['afterpay_clearpay']);
    expect(
      iconCodesOfMethod(
        method({
          mode: 'common',
          type: 'express',
          options: { apps: [{ app_id: 'google_pay', name: 'Google Pay' }] },
        }),
      ),
    ).toEqual(['google_pay']);
    expect(iconCodesOfMethod(method())).toEqual([]);
    expect(iconCodesOfMethod(method({ vendor: 'LocalPayments' }))).toEqual([]);
    expect(iconCodesOfMethod(method({ vendor: 'Free', mode: 'internal', type: 'free-method' }))).toEqual([]);
  });
});
