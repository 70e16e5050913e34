import { CHECKOUT_MESSAGES, HOSTED_METHOD_MESSAGES, type PaymentMethodConfig } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test-utils/fake-server';
import {
  CARD,
  completeButton,
  fillCard,
  info,
  installSdk,
  receipt,
  removeSdk,
  result,
  sdk,
  setUp,
} from './checkout-page-fixtures';
import type { ProviderWalletEvent } from './provider-sdk';

const SDK_OPTIONS = {
  client_publishable_key: 'pk_test_lectern_sandbox',
  client_sdk_url: 'http://provider.test/sdk/v1/lectern-sandbox.js',
};

const EXPRESS: PaymentMethodConfig = {
  method_id: 4,
  vendor: 'CardToken',
  mode: 'common',
  type: 'express',
  name: 'Express checkout',
  gateway_status: 'up',
  options: {
    ...SDK_OPTIONS,
    apps: [
      { app_id: 'apple_pay', name: 'Apple Pay' },
      { app_id: 'google_pay', name: 'Google Pay' },
    ],
  },
  selected: false,
};

const AFTERPAY: PaymentMethodConfig = {
  method_id: 5,
  vendor: 'CardToken',
  mode: 'direct',
  type: 'afterpay_clearpay',
  name: 'Afterpay',
  gateway_status: 'up',
  options: { ...SDK_OPTIONS, display_offer: { value: 'Pay in 4 interest-free payments' } },
  selected: false,
};

const IDEAL: PaymentMethodConfig = {
  method_id: 10,
  vendor: 'CardEncrypted',
  mode: 'hosted',
  type: 'ideal',
  name: 'iDEAL',
  gateway_status: 'up',
  options: { issuers: [{ issuer_id: 'ing', name: 'ING' }] },
  selected: false,
};

const LOCAL_CARD: PaymentMethodConfig = {
  method_id: 3,
  vendor: 'LocalPayments',
  mode: 'direct',
  type: 'card',
  name: 'Card',
  gateway_status: 'up',
  options: {
    ...SDK_OPTIONS,
    storing_payment_method_disabled: true,
    is_ssn_enabled: true,
    installments: { is_enabled: true, options: [1, 3, 6] },
  },
  selected: false,
};

/** The wallet payment request the SDK hands out, with its handlers to call. */
function walletRequest(availability: { applePay: boolean; googlePay: boolean } | null) {
  const handlers = new Map<string, (event: ProviderWalletEvent) => void>();
  const request = {
    canMakePayment: vi.fn(() => Promise.resolve(availability)),
    show: vi.fn(),
    update: vi.fn(),
    on: vi.fn((name: string, handler: (event: ProviderWalletEvent) => void) => {
      handlers.set(name, handler);
      return request;
    }),
    off: vi.fn((name: string) => {
      handlers.delete(name);
      return request;
    }),
  };
  sdk.paymentRequest.mockReturnValue(request);
  const complete = vi.fn();
  const pickCard = () =>
    handlers.get('paymentmethod')?.({
      paymentMethod: { id: 'pm_wallet', card: { brand: 'visa', last4: '0077', country: 'US' } },
      complete,
    });
  return { request, complete, pickCard };
}

const submitted = (server: ReturnType<typeof setUp>['server']) =>
  server.requests.find((entry) => entry.path === '/payment/checkout-submit/');

beforeEach(installSdk);
afterEach(() => {
  removeSdk();
  vi.unstubAllGlobals();
});

describe('express checkout (checkout §2, §4, §8)', () => {
  it('shows the available wallets, checks the checkout, opens the pay sheet and pays with its card', async () => {
    const wallet = walletRequest({ applePay: true, googlePay: false });
    const { server } = setUp({
      'POST /payment/checkout-info/': json(info({ methods: [EXPRESS, CARD] })),
      'POST /payment/checkout-submit/': json(result('succeeded')),
      'GET /payment/checkout-result/': json(receipt),
    });
    const express = await screen.findByRole('radio', { name: 'Express checkout' });
    expect((express as HTMLInputElement).checked).toBe(true);
    expect(sdk.paymentRequest).toHaveBeenCalledWith({
      country: 'US',
      currency: 'usd',
      total: { label: 'Lectern', amount: 3917 },
    });
    // The wallet buttons are the checkout buttons; only available wallets show.
    expect(screen.queryByRole('button', { name: 'Complete checkout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay with Google Pay' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with Apple Pay' }));
    expect(wallet.request.update).toHaveBeenCalledWith({ total: { label: 'Lectern', amount: 3917 } });
    expect(wallet.request.show).toHaveBeenCalledWith('apple_pay');

    wallet.pickCard();
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    expect(wallet.complete).toHaveBeenCalledWith('success');
    expect(submitted(server)?.body).toMatchObject({
      payment_info: {
        method_id: 4,
        payment_vendor: 'CardToken',
        payment_method: 'express',
        credentials: { payment_method_id: 'pm_wallet', card_country: 'US' },
        last_4_digits: '0077',
      },
    });
  });

  it('marks the wallet payment failed and shows the message when it is declined', async () => {
    const wallet = walletRequest({ applePay: true, googlePay: true });
    setUp({
      'POST /payment/checkout-info/': json(info({ methods: [EXPRESS, CARD] })),
      'POST /payment/checkout-submit/': json(
        result('failed', {}, { code: 'card_declined', message: CHECKOUT_MESSAGES.declined }),
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with Google Pay' }));
    expect(wallet.request.show).toHaveBeenCalledWith('google_pay');
    wallet.pickCard();
    expect((await screen.findByRole('alert')).textContent).toContain(CHECKOUT_MESSAGES.declined);
    expect(wallet.complete).toHaveBeenCalledWith('fail');
  });

  it('shows a failed checkout check as an error and opens no pay sheet', async () => {
    const wallet = walletRequest({ applePay: true, googlePay: true });
    setUp({ 'POST /payment/checkout-info/': json(info({ methods: [EXPRESS, CARD], zip: null })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with Apple Pay' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      CHECKOUT_MESSAGES.billingCountryAndLocation,
    );
    expect(wallet.request.show).not.toHaveBeenCalled();
  });

  it('shows the methods once the provider has said whether a wallet can pay, so none moves', async () => {
    let answer: (availability: { applePay: boolean; googlePay: boolean }) => void = () => {};
    const wallet = walletRequest(null);
    wallet.request.canMakePayment.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    setUp({ 'POST /payment/checkout-info/': json(info({ methods: [EXPRESS, CARD] })) });
    await waitFor(() => expect(wallet.request.canMakePayment).toHaveBeenCalled());
    expect(screen.queryByRole('radio', { name: 'Card' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading payment methods' })).toBeTruthy();
    answer({ applePay: true, googlePay: false });
    const express = await screen.findByRole('radio', { name: 'Express checkout' });
    expect((express as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Card' })).toBeTruthy();
  });

  it('shows the other methods after a while when the provider does not answer', async () => {
    const wallet = walletRequest(null);
    wallet.request.canMakePayment.mockReturnValue(new Promise(() => {}));
    setUp({ 'POST /payment/checkout-info/': json(info({ methods: [EXPRESS, CARD] })) });
    await waitFor(() => expect(wallet.request.canMakePayment).toHaveBeenCalled());
    expect(screen.queryByRole('radio', { name: 'Card' })).toBeNull();
    // The page waits three seconds for the provider.
    expect(await screen.findByRole('radio', { name: 'Card' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Express checkout' })).toBeNull();
  }, 15_000);

  it('stays hidden when no wallet can pay, and the next method is selected', async () => {
    walletRequest(null);
    setUp({ 'POST /payment/checkout-info/': json(info({ methods: [EXPRESS, CARD] })) });
    await waitFor(() => expect(sdk.paymentRequest).toHaveBeenCalled());
    const card = await screen.findByRole('radio', { name: 'Card' });
    await waitFor(() => expect((card as HTMLInputElement).checked).toBe(true));
    expect(screen.queryByRole('radio', { name: 'Express checkout' })).toBeNull();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(completeButton()).toBeTruthy();
  });
});

describe('address-based buy-now-pay-later (checkout §2, §4, §5, §9)', () => {
  it('asks for the address, shows the timeline, creates the payment method and confirms it', async () => {
    sdk.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_afterpay' } });
    sdk.confirmAfterpayClearpayPayment.mockReturnValue(new Promise(() => {}));
    const { server } = setUp({
      'POST /payment/checkout-info/': json(info({ methods: [AFTERPAY, CARD] })),
      'POST /payment/checkout-submit/': json(
        result('action_required', {
          action_data: { type: 'confirm_payment' },
          client_secret: 'pi_9_secret_z',
          payment_method_id: 'pm_afterpay',
          return_url: 'http://localhost:3000/cart/success/att-1/',
        }),
      ),
    });
    await screen.findByLabelText('Address line');
    // The billing country is the US: its ZIP is the postal code.
    expect(screen.queryByLabelText('ZIP code')).toBeNull();
    const rows = within(screen.getByTestId('bnpl-timeline')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Today$9.80',
      'In 2 weeks$9.79',
      'In 4 weeks$9.79',
      'In 6 weeks$9.79',
    ]);

    fireEvent.blur(screen.getByLabelText('City'));
    expect(await screen.findByText(CHECKOUT_MESSAGES.checkCity)).toBeTruthy();
    fireEvent.click(completeButton());
    expect((await screen.findByRole('alert')).textContent).toContain(CHECKOUT_MESSAGES.checkAddress);
    expect(screen.getByLabelText('State').getAttribute('aria-invalid')).toBe('true');
    expect(sdk.createPaymentMethod).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Address line'), { target: { value: '20 W 34th St' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'New York' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'NY' } });
    fireEvent.click(completeButton());
    await waitFor(() => expect(sdk.confirmAfterpayClearpayPayment).toHaveBeenCalled());
    const address = {
      line1: '20 W 34th St',
      city: 'New York',
      state: 'NY',
      country: 'US',
      postal_code: '10001',
    };
    expect(sdk.createPaymentMethod).toHaveBeenCalledWith({
      type: 'afterpay_clearpay',
      billing_details: { name: 'Ada Lovelace', email: 'ada@example.com', address },
    });
    expect(submitted(server)?.body).toMatchObject({
      payment_info: {
        method_id: 5,
        payment_method: 'afterpay_clearpay',
        credentials: {
          payment_method_id: 'pm_afterpay',
          name: 'Ada Lovelace',
          address_line1: '20 W 34th St',
          city: 'New York',
          state: 'NY',
          country: 'US',
          postal_code: '10001',
        },
      },
    });
    expect(sdk.confirmAfterpayClearpayPayment).toHaveBeenCalledWith('pi_9_secret_z', {
      payment_method: 'pm_afterpay',
      return_url: 'http://localhost:3000/cart/success/att-1/',
    });
  });
});

describe('hosted methods (checkout §9)', () => {
  it("asks for iDEAL's bank, then sends the buyer to the provider's page", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { server } = setUp({
      'POST /payment/checkout-info/': json(info({ methods: [IDEAL], country: 'NL', zip: null })),
      'POST /payment/checkout-submit/': json(
        result('redirect', { return_url: 'http://provider.test/hosted/bank/pi_1' }),
      ),
    });
    const bank = await screen.findByLabelText('Bank');
    // The method's icon sits next to its name, which stays the radio's name.
    const radio = screen.getByRole('radio', { name: 'iDEAL' });
    expect(radio.closest('li')?.querySelector('[data-method-icon="ideal"]')).toBeTruthy();
    fireEvent.click(completeButton());
    expect((await screen.findByRole('alert')).textContent).toContain(HOSTED_METHOD_MESSAGES.selectBank);
    expect(bank.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(bank, { target: { value: 'ing' } });
    fireEvent.click(completeButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://provider.test/hosted/bank/pi_1'));
    expect(submitted(server)?.body).toMatchObject({
      billing_address: { country_code: 'NL' },
      payment_info: {
        method_id: 10,
        payment_vendor: 'CardEncrypted',
        payment_method: 'ideal',
        credentials: { state_data: { issuer_id: 'ing' } },
      },
    });
    // The buyer may come back to pay another way: the checkout list stays.
    expect(sessionStorage.getItem('lectern.checkout.v1')).not.toBeNull();
  });
});

describe('local card (checkout §2, §5)', () => {
  it('asks for the document and the installments, then pays with both', async () => {
    const { server } = setUp({
      'POST /payment/checkout-info/': json(info({ methods: [LOCAL_CARD], country: 'BR', zip: null })),
      'POST /payment/checkout-submit/': json(result('succeeded')),
      'GET /payment/checkout-result/': json(receipt),
    });
    await screen.findByLabelText('CVV');
    fillCard('4242424242424242', 'CVV');
    fireEvent.click(completeButton());
    expect((await screen.findByRole('alert')).textContent).toContain(CHECKOUT_MESSAGES.enterCpf);
    expect(screen.getByText(CHECKOUT_MESSAGES.selectInstallments)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('CPF/CNPJ'), { target: { value: '52998224725' } });
    fireEvent.change(screen.getByLabelText('Installments'), { target: { value: '3' } });
    fireEvent.click(completeButton());
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    expect(submitted(server)?.body).toMatchObject({
      payment_info: {
        method_id: 3,
        payment_vendor: 'LocalPayments',
        payment_method: 'card',
        credentials: { payment_method_id: 'pm_1', document: '52998224725', card_bin: '424242' },
        installment: 3,
      },
    });
  });
});
