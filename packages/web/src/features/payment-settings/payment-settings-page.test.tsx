import { CHECKOUT_MESSAGES, type StoredPaymentMethod } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import {
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';
import { paymentSettingsState } from './payment-settings-page';

function stored(
  id: string,
  last4: string,
  overrides: Partial<StoredPaymentMethod> = {},
): StoredPaymentMethod {
  return {
    id,
    payment_method_details: {
      card: {
        brand: 'visa',
        last_4_digit: last4,
        card_holder_name: 'Lena Learner',
        expiry_month: 12,
        expiry_year: 2040,
        card_bin: '424242',
        additional_data: {
          checks: { avs_result: null, cvc_result: null, address_postal_code_check: null, cvc_check: null },
        },
      },
    },
    fraud_context: { bank_country: 'US', bank_name: null, account_holder_name: null },
    is_used_by_subscription: false,
    ...overrides,
  };
}

function setUp(routes: Record<string, FakeHandler | FakeHandler[]>) {
  const cart = fakeCartServer({ userId: 7 });
  const server = fakeServer({
    ...cart.routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe())),
    ...routes,
  });
  renderApp({ fetch: server.fetch, path: '/user-manage/payment-settings/' });
  return server;
}

describe('paymentSettingsState (checkout §2)', () => {
  it('is LOADING, ERROR, EMPTY or DONE', () => {
    expect(paymentSettingsState({ isPending: true, isError: false, count: 0 })).toBe('LOADING');
    expect(paymentSettingsState({ isPending: false, isError: true, count: 0 })).toBe('ERROR');
    expect(paymentSettingsState({ isPending: false, isError: false, count: 0 })).toBe('EMPTY');
    expect(paymentSettingsState({ isPending: false, isError: false, count: 2 })).toBe('DONE');
  });
});

describe('PaymentSettingsPage', () => {
  it('shows the title, subtitle and the empty text', async () => {
    setUp({ 'GET /payment-vendor/stored-payment-method/': json({ results: [] }) });
    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentMethodsEmpty)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeTruthy();
    expect(screen.getByText('Your saved payment methods')).toBeTruthy();
  });

  it('shows a load failure', async () => {
    setUp({
      'GET /payment-vendor/stored-payment-method/': json({ detail: 'Boom', code: 'internal_error' }, 500),
    });
    expect(await screen.findByText(CHECKOUT_MESSAGES.storedMethodLoadFailed)).toBeTruthy();
  });

  it('deletes a card after confirmation and says so', async () => {
    const server = setUp({
      'GET /payment-vendor/stored-payment-method/': [
        json({
          results: [
            stored('CardToken_card_pm_1', '4242'),
            stored('CardToken_card_pm_2', '4444', { is_used_by_subscription: true }),
          ],
        }),
        json({ results: [stored('CardToken_card_pm_2', '4444', { is_used_by_subscription: true })] }),
      ],
      'DELETE /payment-vendor/stored-payment-method/CardToken_card_pm_1/': new Response(null, {
        status: 204,
      }),
    });
    const remove = await screen.findByRole('button', { name: 'Delete Visa ending in 4242' });
    // A card a subscription pays with cannot be removed (checkout §8).
    expect(screen.getByRole('button', { name: 'Delete Visa ending in 4444' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText(CHECKOUT_MESSAGES.usedBySubscription)).toBeTruthy();

    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this payment method?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const done = await screen.findByText(CHECKOUT_MESSAGES.removalSucceeded);
    expect(done.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Visa ending in 4242')).toBeNull());
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('says when a card cannot be removed right now', async () => {
    setUp({
      'GET /payment-vendor/stored-payment-method/': json({
        results: [stored('CardToken_card_pm_1', '4242')],
      }),
      'DELETE /payment-vendor/stored-payment-method/CardToken_card_pm_1/': json(
        { detail: 'No', code: 'conflict' },
        409,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Visa ending in 4242' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CHECKOUT_MESSAGES.removalFailed);
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
  });
});
