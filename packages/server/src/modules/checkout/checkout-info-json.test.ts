import type { CheckoutInfoResponse, PaymentMethodConfig } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { checkoutInfoJson } from './checkout-info-json.js';

const usd = (amount: number) => ({ amount, currency: 'USD' as const, price_string: `$${amount / 100}` });

const methods: PaymentMethodConfig[] = [
  {
    method_id: 2,
    vendor: 'CardToken',
    mode: 'direct',
    type: 'card',
    name: 'Card "plain"',
    gateway_status: 'up',
    options: { brand_codes: ['visa', 'mc'], price_info: { representment: null } },
    selected: true,
  },
];

function answer(paymentMethods: PaymentMethodConfig[]): CheckoutInfoResponse {
  return {
    status: 'succeeded',
    message: null,
    data: {
      order_summary: {
        lines: [],
        original_price: usd(1999),
        discount: usd(0),
        discount_percent: 0,
        subtotal: null,
        tax: usd(0),
        tax_rate: 0,
        tax_lines: [],
        tax_note: null,
        credit_used: usd(0),
        total: usd(1999),
        is_free: false,
        is_fully_paid_by_credit: false,
      },
      checkout_config: { payment_methods: paymentMethods, credit_is_usable: false },
      billing_config: { country: 'US', secondary_location: { kind: 'zip' }, secondary_location_info: null },
      tax_config: {
        tax_rate: 0,
        tax_breakdown_type: 'tax_exclusive',
        total_tax_amount: 0,
        currency: 'USD',
        country_code: 'US',
        secondary_location_info: null,
        error: null,
      },
    },
  };
}

describe('checkoutInfoJson', () => {
  it('writes exactly what JSON.stringify writes, with and without each config', () => {
    const full = answer(methods);
    expect(checkoutInfoJson(full)).toBe(JSON.stringify(full));
    const taxOnly: CheckoutInfoResponse = {
      status: 'succeeded',
      message: null,
      data: { order_summary: full.data.order_summary, tax_config: full.data.tax_config },
    };
    expect(checkoutInfoJson(taxOnly)).toBe(JSON.stringify(taxOnly));
  });

  it("reuses a shared (frozen) list's JSON, and never a list that may still change", () => {
    const shared = Object.freeze([...methods]) as PaymentMethodConfig[];
    const first = checkoutInfoJson(answer(shared));
    expect(checkoutInfoJson(answer(shared))).toBe(first);

    const ownList = [...methods];
    checkoutInfoJson(answer(ownList));
    ownList.push({ ...methods[0]!, method_id: 3 });
    expect(JSON.parse(checkoutInfoJson(answer(ownList))).data.checkout_config.payment_methods).toHaveLength(
      2,
    );
  });
});
