// Shared by the checkout tests: the server's answers (methods, results, the receipt's order),
// the page set up at /payment/checkout/ with two courses, and the provider's SDK as the page
// finds it.
import type {
  CheckoutInfoResponse,
  CheckoutReceipt,
  CheckoutResult,
  PaymentMethodConfig,
} from '@lectern/domain';
import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { courseItem, fakeCartServer, usd } from '../../test-utils/fake-cart-server';
import {
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';
import { saveCheckoutList } from '../cart/cart-storage';
import { toCheckoutItem } from '../cart/checkout-handoff';
import type { ProviderSdk } from './provider-sdk';

export const CARD: PaymentMethodConfig = {
  method_id: 2,
  vendor: 'CardToken',
  mode: 'direct',
  type: 'card',
  name: 'Card',
  gateway_status: 'up',
  options: {
    client_publishable_key: 'pk_test_lectern_sandbox',
    client_sdk_url: 'http://provider.test/sdk/v1/lectern-sandbox.js',
    brand_codes: ['jcb', 'visa', 'amex', 'mc', 'discover', 'diners', 'unionpay'],
    storing_payment_method_disabled: false,
    store_payment_method_default_override: null,
  },
  selected: false,
};

export interface InfoOptions {
  methods?: PaymentMethodConfig[];
  country?: string;
  zip?: string | null;
  taxRate?: number;
  isFree?: boolean;
}

export function info({
  methods = [CARD],
  country = 'US',
  zip = '10001',
  taxRate = 8.875,
  isFree = false,
}: InfoOptions = {}): CheckoutInfoResponse {
  const tax = isFree ? 0 : Math.round((3598 * taxRate) / 100);
  return {
    status: 'succeeded',
    message: null,
    data: {
      checkout_config: { payment_methods: methods, credit_is_usable: false },
      billing_config: {
        country,
        secondary_location: country === 'US' ? { kind: 'zip' } : null,
        secondary_location_info: zip,
      },
      tax_config: {
        tax_rate: taxRate,
        tax_breakdown_type: 'tax_exclusive',
        total_tax_amount: tax,
        currency: 'USD',
        country_code: country,
        secondary_location_info: zip,
        error: null,
      },
      order_summary: {
        lines: [
          {
            buyable: { id: 1, buyable_object_type: 'course' },
            title: 'TypeScript from First Principles',
            list_price: usd(1999),
            price: usd(isFree ? 0 : 1799),
            discount_code: 'LECTERN10',
            tax: usd(Math.ceil(tax / 2)),
          },
          {
            buyable: { id: 2, buyable_object_type: 'course' },
            title: 'Modern React',
            list_price: usd(1999),
            price: usd(isFree ? 0 : 1799),
            discount_code: 'LECTERN10',
            tax: usd(Math.floor(tax / 2)),
          },
        ],
        original_price: usd(3998),
        discount: usd(isFree ? 3998 : 400),
        discount_percent: isFree ? 100 : 10,
        subtotal: usd(isFree ? 0 : 3598),
        tax: usd(tax),
        tax_rate: taxRate,
        tax_lines:
          taxRate > 0 ? [{ name: 'Sales tax', jurisdiction: 'US-WA', rate: taxRate, amount: usd(tax) }] : [],
        tax_note: null,
        credit_used: usd(0),
        total: usd(isFree ? 0 : 3598 + tax),
        is_free: isFree,
        is_fully_paid_by_credit: false,
      },
    },
  };
}

export function result(
  status: CheckoutResult['status'],
  overrides: Partial<CheckoutResult['data']> = {},
  error: { code: string; message: string } | null = null,
): CheckoutResult {
  return {
    status,
    message: error?.message ?? null,
    error_code: error?.code ?? null,
    data: {
      payment_attempt_id: 'att-1',
      action_data: null,
      return_url: null,
      client_secret: null,
      payment_method_id: null,
      authentication_type: null,
      checkout_ref: 'ref',
      redirect_url: status === 'succeeded' ? '/cart/success/att-1/' : null,
      ...overrides,
    },
  };
}

/** The order of a succeeded attempt, as the receipt and the success page show it. */
export const ORDER: NonNullable<CheckoutReceipt['order']> = {
  id: 41,
  total: usd(3917),
  credit_used: usd(0),
  tax: usd(319),
  created: '2026-11-22T07:00:00Z',
  lines: [
    {
      buyable: { id: 1, buyable_object_type: 'course' },
      title: 'TypeScript from First Principles',
      url: '/course/ts/',
      price: usd(1799),
    },
  ],
};

export const receipt = {
  payment_attempt_id: 'att-1',
  status: 'succeeded',
  order: ORDER,
};

export function setUp(
  routes: Record<string, FakeHandler | FakeHandler[]>,
  items = [courseItem(1, 1999), courseItem(2, 1999)],
) {
  const cart = fakeCartServer({ userId: 7 });
  saveCheckoutList(sessionStorage, items.map(toCheckoutItem));
  const server = fakeServer({
    ...cart.routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe({ country: 'US' }))),
    ...routes,
  });
  const view = renderApp({ fetch: server.fetch, path: '/payment/checkout/' });
  return { server, ...view };
}

export const sdk = {
  createPaymentMethod: vi.fn(),
  handleCardAction: vi.fn(),
  encryptCard: vi.fn(),
  paymentRequest: vi.fn(),
  confirmAffirmPayment: vi.fn(),
  confirmAfterpayClearpayPayment: vi.fn(),
};

/** Types a card into the form; local card forms call the security code CVV. */
export function fillCard(number = '4242424242424242', securityCode: 'CVC' | 'CVV' = 'CVC') {
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Lena Learner' } });
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText(securityCode), { target: { value: '123' } });
}

export const completeButton = () => screen.getByRole('button', { name: 'Complete checkout' });

/** The provider's browser SDK, as the page finds it on window once its script has loaded. */
export function installSdk() {
  window.LecternSandbox = () => sdk as unknown as ProviderSdk;
  sdk.createPaymentMethod.mockResolvedValue({
    paymentMethod: { id: 'pm_1', card: { brand: 'visa', last4: '4242', country: 'US' } },
  });
}

export function removeSdk() {
  delete window.LecternSandbox;
  vi.clearAllMocks();
}
