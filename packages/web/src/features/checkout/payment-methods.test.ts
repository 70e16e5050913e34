import type { PaymentMethodConfig } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import {
  filterKnownMethods,
  initialMethodKey,
  isStoredMethodValid,
  methodKey,
  methodKindOf,
} from './payment-methods';

function method(overrides: Partial<PaymentMethodConfig> = {}): PaymentMethodConfig {
  return {
    method_id: 2,
    vendor: 'CardToken',
    mode: 'direct',
    type: 'card',
    name: 'Card',
    gateway_status: 'up',
    options: {},
    selected: false,
    ...overrides,
  };
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
