import { CHECKOUT_MESSAGES, type PaymentMethodConfig } from '@lectern/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../platform/api';
import { fakeServer, json, type FakeHandler } from '../../test-utils/fake-server';
import { EMPTY_CARD } from './card-fields';
import { CARD as CARD_METHOD, result } from './checkout-page-fixtures';
import { buildPaymentInfo, CheckoutFailure, pay, type PaymentInput } from './checkout-payment';
import { EMPTY_HOSTED } from './hosted-method-fields';
import type { MethodKind } from './payment-methods';
import type { ProviderSdk } from './provider-sdk';

const SDK_OPTIONS = {
  client_publishable_key: 'pk_test_lectern_sandbox',
  client_sdk_url: 'http://provider.test/sdk/v1/lectern-sandbox.js',
};

// The checkout page's card method, with only the options the SDK loader reads.
function method(overrides: Partial<PaymentMethodConfig>): PaymentMethodConfig {
  return { ...CARD_METHOD, options: SDK_OPTIONS, ...overrides };
}

// One SDK object for the whole file: the loader keeps the first instance per key.
const sdk = {
  createPaymentMethod: vi.fn(),
  handleCardAction: vi.fn(),
  encryptCard: vi.fn(),
  paymentRequest: vi.fn(),
  confirmAffirmPayment: vi.fn(),
  confirmAfterpayClearpayPayment: vi.fn(),
};

beforeEach(() => {
  window.LecternSandbox = () => sdk as unknown as ProviderSdk;
  sdk.createPaymentMethod.mockResolvedValue({
    paymentMethod: { id: 'pm_1', card: { brand: 'visa', last4: '4242', country: 'BR' } },
  });
});

afterEach(() => {
  delete window.LecternSandbox;
  vi.clearAllMocks();
});

const CARD = { name: 'Lena Learner', number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

function input(kind: MethodKind, config: Partial<PaymentMethodConfig>, extra: Partial<PaymentInput> = {}) {
  const chosen = method(config);
  return {
    method: chosen,
    kind,
    methods: [chosen],
    card: EMPTY_CARD,
    rememberMe: null,
    storedCvc: '',
    billing: { country_code: 'US', secondary_location_info: '10001' },
    buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
    ...extra,
  } satisfies PaymentInput;
}

describe('buildPaymentInfo (checkout §3 credentials by kind)', () => {
  it('express: the wallet card from the pay sheet, no SDK call', async () => {
    const info = await buildPaymentInfo(
      input(
        'express',
        { method_id: 4, mode: 'common', type: 'express' },
        { walletPaymentMethod: { id: 'pm_wallet', card: { brand: 'visa', last4: '0077', country: 'US' } } },
      ),
    );
    expect(info).toMatchObject({
      method_id: 4,
      payment_vendor: 'CardToken',
      payment_method: 'express',
      credentials: { payment_method_id: 'pm_wallet', card_country: 'US' },
      last_4_digits: '0077',
    });
    expect(sdk.createPaymentMethod).not.toHaveBeenCalled();
  });

  it('afterpay_clearpay: creates its payment method with the address, then sends it with the address', async () => {
    const info = await buildPaymentInfo(
      input(
        'bnplAddress',
        { method_id: 5, type: 'afterpay_clearpay' },
        {
          billing: { country_code: 'CA', secondary_location_info: 'ON' },
          bnplAddress: { line1: ' 500 King St W ', city: 'Toronto', state: 'on', zip: '12345' },
        },
      ),
    );
    const address = {
      line1: '500 King St W',
      city: 'Toronto',
      state: 'ON',
      country: 'CA',
      postal_code: '12345',
    };
    expect(sdk.createPaymentMethod).toHaveBeenCalledWith({
      type: 'afterpay_clearpay',
      billing_details: { name: 'Ada Lovelace', email: 'ada@example.com', address },
    });
    expect(info).toMatchObject({
      method_id: 5,
      payment_method: 'afterpay_clearpay',
      credentials: {
        payment_method_id: 'pm_1',
        name: 'Ada Lovelace',
        address_line1: '500 King St W',
        city: 'Toronto',
        state: 'ON',
        country: 'CA',
        postal_code: '12345',
      },
    });
  });

  it('afterpay_clearpay in the US: the billing ZIP is the postal code', async () => {
    const info = await buildPaymentInfo(
      input(
        'bnplAddress',
        { method_id: 5, type: 'afterpay_clearpay' },
        { bnplAddress: { line1: '1 Main St', city: 'New York', state: 'NY', zip: '' } },
      ),
    );
    expect(info.credentials).toMatchObject({ country: 'US', postal_code: '10001' });
  });

  it('affirm: creates a fieldless payment method and sends its id', async () => {
    const info = await buildPaymentInfo(input('bnplFieldless', { method_id: 6, type: 'affirm' }));
    expect(sdk.createPaymentMethod).toHaveBeenCalledWith({ type: 'affirm' });
    expect(info.credentials).toEqual({ payment_method_id: 'pm_1' });
  });

  it('a failed BNPL payment method is a method problem', async () => {
    sdk.createPaymentMethod.mockResolvedValue({ error: { message: 'nope' } });
    await expect(buildPaymentInfo(input('bnplFieldless', { type: 'affirm' }))).rejects.toEqual(
      new CheckoutFailure(CHECKOUT_MESSAGES.methodProblem, 10_000),
    );
  });

  it('localCard: the card through the SDK, the document normalized, the BIN and the installment', async () => {
    const info = await buildPaymentInfo(
      input(
        'localCard',
        {
          method_id: 3,
          vendor: 'LocalPayments',
          options: {
            ...SDK_OPTIONS,
            is_ssn_enabled: true,
            installments: { is_enabled: true, options: [1, 3] },
          },
        },
        {
          card: CARD,
          billing: { country_code: 'BR', secondary_location_info: null },
          localCard: { document: '529.982.247-25', installment: 3 },
        },
      ),
    );
    expect(sdk.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        billing_details: { name: 'Lena Learner', address: { country: 'BR' } },
      }),
    );
    expect(info).toMatchObject({
      method_id: 3,
      payment_vendor: 'LocalPayments',
      payment_method: 'card',
      credentials: { payment_method_id: 'pm_1', document: '52998224725', card_bin: '424242' },
      installment: 3,
      last_4_digits: '4242',
    });
    expect(info).not.toHaveProperty('remember_me');
  });

  it('localCard without document or installments sends neither', async () => {
    const info = await buildPaymentInfo(
      input(
        'localCard',
        { vendor: 'LocalPayments' },
        { card: CARD, localCard: { document: 'x', installment: 3 } },
      ),
    );
    expect(info.credentials).toEqual({ payment_method_id: 'pm_1', card_bin: '424242' });
    expect(info).not.toHaveProperty('installment');
  });

  it('hosted: the state data of its form, without the SDK', async () => {
    const ideal = await buildPaymentInfo(
      input(
        'hosted',
        { method_id: 10, vendor: 'CardEncrypted', mode: 'hosted', type: 'ideal', options: {} },
        { hosted: { ...EMPTY_HOSTED, issuer_id: 'ing', iban: 'ignored' } },
      ),
    );
    expect(ideal).toEqual({
      method_id: 10,
      payment_vendor: 'CardEncrypted',
      payment_method: 'ideal',
      credentials: { state_data: { issuer_id: 'ing' } },
    });
    const paypal = await buildPaymentInfo(
      input('hosted', { method_id: 30, vendor: 'Wallet', mode: 'hosted', type: 'paypal', options: {} }),
    );
    expect(paypal.credentials).toEqual({ state_data: {} });
    expect(sdk.createPaymentMethod).not.toHaveBeenCalled();
  });
});

function payWith(routes: Record<string, FakeHandler | FakeHandler[]>, paymentMethod = 'affirm') {
  const server = fakeServer(routes);
  const api = new ApiClient({
    fetch: server.fetch,
    cookies: () => 'csrftoken=t',
    navigatorLanguage: () => 'en-US',
  });
  const assign = vi.fn();
  const onLeave = vi.fn();
  const onAction = vi.fn();
  const promise = pay({
    api,
    items: [
      {
        buyableType: 'course',
        buyableId: 1,
        purchasePrice: { amount: 1999, currency: 'USD', price_string: '$19.99' },
        discountInfo: null,
      },
    ],
    checkoutRef: 'ref-1',
    billing: { country_code: 'US', secondary_location_info: '10001' },
    expectedTotal: { amount: 2129, currency: 'USD' },
    paymentInfo: {
      method_id: 6,
      payment_vendor: 'CardToken',
      payment_method: paymentMethod,
      credentials: { payment_method_id: 'pm_bnpl' },
    },
    sdk: () => Promise.resolve(sdk as unknown as ProviderSdk),
    onAction,
    onLeave,
    assign,
  });
  return { promise, server, assign, onLeave, onAction };
}

const SUCCESS_URL = 'http://localhost:3000/cart/success/att-1/';

describe('pay (checkout §4 answers)', () => {
  it('submits the total the buyer sees, so a changed price charges nothing', async () => {
    const { promise, server } = payWith({
      'POST /payment/checkout-submit/': json(result('redirect', { return_url: 'http://provider.test/bank' })),
    });
    await promise;
    expect(server.requests[0]?.body).toMatchObject({ expected_total: { amount: 2129, currency: 'USD' } });
  });

  it('redirect: sends the buyer to return_url after telling the page', async () => {
    const { promise, assign, onLeave } = payWith({
      'POST /payment/checkout-submit/': json(result('redirect', { return_url: 'http://provider.test/bank' })),
    });
    const answer = await promise;
    expect(answer.status).toBe('redirect');
    expect(onLeave).toHaveBeenCalledWith(answer);
    expect(assign).toHaveBeenCalledWith('http://provider.test/bank');
  });

  it('confirm_payment: confirms an Affirm payment with the SDK, which leaves for the approval page', async () => {
    sdk.confirmAffirmPayment.mockReturnValue(new Promise(() => {}));
    const { promise, onLeave, assign } = payWith({
      'POST /payment/checkout-submit/': json(
        result('action_required', {
          action_data: { type: 'confirm_payment' },
          client_secret: 'pi_9_secret_z',
          payment_method_id: 'pm_bnpl',
          return_url: SUCCESS_URL,
        }),
      ),
    });
    void promise;
    await vi.waitFor(() => expect(sdk.confirmAffirmPayment).toHaveBeenCalled());
    expect(sdk.confirmAffirmPayment).toHaveBeenCalledWith('pi_9_secret_z', {
      payment_method: 'pm_bnpl',
      return_url: SUCCESS_URL,
    });
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(sdk.confirmAfterpayClearpayPayment).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('confirm_payment: Afterpay uses its own confirmation; an answer without a page is sent back', async () => {
    sdk.confirmAfterpayClearpayPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_9', status: 'succeeded' },
    });
    const { promise, server } = payWith(
      {
        'POST /payment/checkout-submit/': json(
          result('action_required', {
            action_data: { type: 'confirm_payment' },
            client_secret: 'pi_9_secret_z',
            return_url: SUCCESS_URL,
          }),
        ),
        'PATCH /payment/checkout-submit/att-1/': json(result('succeeded')),
      },
      'afterpay_clearpay',
    );
    expect((await promise).status).toBe('succeeded');
    // No payment_method_id in the answer: the one the browser created.
    expect(sdk.confirmAfterpayClearpayPayment).toHaveBeenCalledWith('pi_9_secret_z', {
      payment_method: 'pm_bnpl',
      return_url: SUCCESS_URL,
    });
    expect(server.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: 'pi_9', action_result: 'succeeded' } },
    });
  });

  it('confirm_payment: an SDK error stops with its message', async () => {
    sdk.confirmAffirmPayment.mockResolvedValue({ error: { message: 'The provider is unavailable.' } });
    const { promise } = payWith({
      'POST /payment/checkout-submit/': json(
        result('action_required', {
          action_data: { type: 'confirm_payment' },
          client_secret: 'pi_9_secret_z',
          return_url: SUCCESS_URL,
        }),
      ),
    });
    await expect(promise).rejects.toEqual(new CheckoutFailure('The provider is unavailable.', 10_000));
  });

  it('confirm_payment for a method that has no confirmation is a method problem', async () => {
    const { promise } = payWith(
      {
        'POST /payment/checkout-submit/': json(
          result('action_required', {
            action_data: { type: 'confirm_payment' },
            client_secret: 'pi_9_secret_z',
            return_url: SUCCESS_URL,
          }),
        ),
      },
      'card',
    );
    await expect(promise).rejects.toEqual(new CheckoutFailure(CHECKOUT_MESSAGES.methodProblem, 10_000));
  });

  it('use_sdk stays the 3-D Secure path', async () => {
    sdk.handleCardAction.mockResolvedValue({
      paymentIntent: { id: 'pi_1', status: 'requires_confirmation' },
    });
    const { promise, onAction } = payWith(
      {
        'POST /payment/checkout-submit/': json(
          result('action_required', { action_data: { type: 'use_sdk' }, client_secret: 'pi_1_secret_x' }),
        ),
        'PATCH /payment/checkout-submit/att-1/': json(result('succeeded')),
      },
      'card',
    );
    expect((await promise).status).toBe('succeeded');
    expect(onAction).toHaveBeenCalled();
    expect(sdk.handleCardAction).toHaveBeenCalledWith('pi_1_secret_x');
  });
});
