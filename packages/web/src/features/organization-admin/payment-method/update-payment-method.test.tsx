import { CHECKOUT_MESSAGES, paymentErrorMessage, type CheckoutResult } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, type FakeHandler } from '../../../test-utils/fake-server';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import {
  enrollment,
  graphql,
  info,
  installSdk,
  removeSdk,
  result,
  sdk,
  setUp,
} from '../../subscriptions/subscription-fixtures';
import { PAYMENT_METHOD, context, member, visa } from '../shell/organization-admin-test-kit';

const SUBSCRIPTION = '/organization-manage-v2/settings/subscription/';
const BILLING = '/organization-manage-v2/settings/billing/';
const PAYMENT_PAGE = '/organization-manage-v2/settings/billing/payment/';
const CHECKOUT_INFO = 'POST /payment/checkout-info/';
const SUBMIT = 'POST /payment/checkout-submit/';
const RESULT = 'PATCH /payment/checkout-submit/att-1/';
const INVALID_CARD =
  'This card could not be saved. Please enter the card details exactly as they appear on your card, or use a different card. Your payment method has not changed.';

/** The organization's card after the update: a Mastercard ending in 4444. */
const mastercard = json({
  spm_info: {
    data: {
      id: 'CardToken_card_pm_2',
      created: '2026-11-25T08:00:00.000Z',
      payment_method_details: { card: { last_4_digit: '4444', brand: 'mastercard', expired: false } },
    },
  },
  last_edit_user: { name: 'Avery Tester', date: '2026-11-25T08:00:00.000Z' },
});

/** An update's checkout-info: nothing due today, the card method, the billing location on file. */
const updateInfo = json(
  info({ trial_days: 0, trial_end: null, licenses: 10, current_licenses: 10, enrollment_status: 'ACTIVE' }),
);

const updated = (): CheckoutResult => ({
  ...result('succeeded', { redirect_url: null }),
  message: CHECKOUT_MESSAGES.paymentInfoUpdated,
});

/** A never-answered request: what it loads stays loading. */
const never: FakeHandler = () => new Promise<Response>(() => {});

function open(
  path: string,
  routes: Record<string, FakeHandler | FakeHandler[]> = {},
  plan: CurrentEnrollment | null = enrollment(),
) {
  return setUp(path, {
    'GET /api-2.0/contexts/me/': context(member('admin')),
    'POST /api/2022-03/graphql/': graphql({ enrollment: plan }),
    [PAYMENT_METHOD]: [visa, mastercard],
    [CHECKOUT_INFO]: updateInfo,
    ...routes,
  });
}

function fillCard(scope: HTMLElement) {
  const field = (label: string) => within(scope).getByLabelText(label);
  fireEvent.change(field('Card number'), { target: { value: '5555555555554444' } });
  fireEvent.change(field('Expiry date'), { target: { value: '1234' } });
  fireEvent.change(field('CVC'), { target: { value: '123' } });
  fireEvent.change(field('Name on card'), { target: { value: 'Avery Tester' } });
}

/** Opens the modal from the payment method row and waits for its card form. */
async function openModal() {
  const button = await screen.findByRole('button', { name: 'Update payment method' });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Update payment method' });
  await within(dialog).findByLabelText('Card number');
  return dialog;
}

const submitIn = (scope: HTMLElement) => within(scope).getByRole('button', { name: 'Update payment method' });

beforeEach(installSdk);
afterEach(removeSdk);

describe('payment method row', () => {
  it('keeps the update button disabled while the card loads', async () => {
    open(SUBSCRIPTION, { [PAYMENT_METHOD]: never });
    // The first page of the file waits for its lazily loaded code.
    const row = await screen.findByTestId('subscription-payment-method', {}, { timeout: 5000 });
    const button = within(row).getByRole('button', { name: 'Update payment method' });
    expect(screen.getByLabelText('Loading the payment method')).toBeTruthy();
    expect(button).toHaveProperty('disabled', true);
  });

  it('keeps the update button disabled when the card could not be loaded', async () => {
    open(SUBSCRIPTION, { [PAYMENT_METHOD]: json({ detail: 'Down.', code: 'internal' }, 500) });
    await screen.findByText('An error happened while fetching payment method. Please try again.');
    expect(screen.getByRole('button', { name: 'Update payment method' })).toHaveProperty('disabled', true);
  });

  it('disables the update button of an expired plan, even with the card loaded', async () => {
    open(SUBSCRIPTION, {}, enrollment({ status: 'EXPIRED' }));
    expect((await screen.findByTestId('card-label')).textContent).toBe('•••• 4242');
    expect(screen.getByRole('button', { name: 'Update payment method' })).toHaveProperty('disabled', true);
  });
});

describe('UpdatePaymentMethodModal', () => {
  it('stores the new card with the Update event, closes, announces it and reloads the card', async () => {
    const { server } = open(SUBSCRIPTION, { [SUBMIT]: json(updated()) });
    const dialog = await openModal();
    expect(within(dialog).getByText(CHECKOUT_MESSAGES.subscriptionCardStored)).toBeTruthy();
    fillCard(dialog);
    fireEvent.click(submitIn(dialog));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentInfoUpdated)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('card-label').textContent).toBe('•••• 4444'));
    expect(server.requests.filter((request) => request.url.includes('active-payment-method'))).toHaveLength(
      2,
    );

    const infoRequest = server.requests.find((request) => request.path === '/payment/checkout-info/');
    expect(infoRequest?.body).toMatchObject({
      checkout_environment: 'Subscription',
      checkout_event: 'Update',
      shopping_info: {
        items: [
          {
            buyable: {
              id: 'team-annual',
              buyable_object_type: 'subscription_plan_price_option',
              checkout_ref: 'LSC-1',
            },
          },
        ],
      },
    });
    expect(sdk.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        card: expect.objectContaining({ number: '5555555555554444', exp_month: 12, exp_year: 2034 }),
        billing_details: { name: 'Avery Tester', address: { country: 'US' } },
      }),
    );
    const submit = server.requests.find((request) => request.path === '/payment/checkout-submit/');
    expect(submit?.body).toMatchObject({
      checkout_environment: 'Subscription',
      checkout_event: 'Update',
      shopping_info: { items: [{ buyable: { id: 'team-annual', checkout_ref: 'LSC-1' } }] },
      expected_total: { amount: 0, currency: 'USD' },
      payment_info: { method_id: 2, payment_method: 'card', credentials: { payment_method_id: 'pm_1' } },
    });
    expect(submit?.body).not.toHaveProperty('billing_address');
  });

  it('confirms a card that needs 3-D Secure and sends the result before it succeeds', async () => {
    const { server } = open(SUBSCRIPTION, {
      [SUBMIT]: json(
        result('action_required', {
          authentication_type: 'setup',
          client_secret: 'seti_1_secret_x',
          payment_method_id: 'pm_1',
        }),
      ),
      [RESULT]: json(updated()),
    });
    const dialog = await openModal();
    fillCard(dialog);
    fireEvent.click(submitIn(dialog));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentInfoUpdated)).toBeTruthy();
    expect(sdk.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', { payment_method: 'pm_1' });
    const patch = server.requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/payment/checkout-submit/att-1/');
    expect(patch?.body).toEqual({
      checkout_environment: 'Subscription',
      checkout_event: 'UpdateResult',
      payment_info: {
        credentials: { payment_method_id: 'pm_1', action_result: 'succeeded', checkout_ref: 'ref' },
      },
    });
  });

  it('shows a declined card’s message in the modal and keeps it open with what was typed', async () => {
    const { server } = open(SUBSCRIPTION, {
      [SUBMIT]: json(
        result('failed', {}, { code: 'card_declined', message: paymentErrorMessage('card_declined').text }),
      ),
    });
    const dialog = await openModal();
    fillCard(dialog);
    fireEvent.click(submitIn(dialog));

    const message = await within(dialog).findByRole('alert');
    expect(message.textContent).toBe(CHECKOUT_MESSAGES.declined);
    expect(screen.getByRole('dialog', { name: 'Update payment method' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Card number')).toHaveProperty('value', '5555 5555 5555 4444');
    expect(within(dialog).getByLabelText('Name on card')).toHaveProperty('value', 'Avery Tester');
    expect(submitIn(dialog)).toHaveProperty('disabled', false);
    expect(screen.queryByText(CHECKOUT_MESSAGES.paymentInfoUpdated)).toBeNull();
    expect(server.requests.filter((request) => request.url.includes('active-payment-method'))).toHaveLength(
      1,
    );
  });

  it('shows the dedicated message for a card the provider refuses as invalid', async () => {
    sdk.createPaymentMethod.mockResolvedValue({ error: { type: 'card_error', code: 'incorrect_number' } });
    const { server } = open(SUBSCRIPTION);
    const dialog = await openModal();
    fillCard(dialog);
    fireEvent.click(submitIn(dialog));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(INVALID_CARD);
    expect(server.requests.some((request) => request.path === '/payment/checkout-submit/')).toBe(false);
    expect(within(dialog).getByLabelText('Card number')).toHaveProperty('value', '5555 5555 5555 4444');
  });

  it('shows the dedicated message when the provider refuses the card’s details at the setup', async () => {
    open(SUBSCRIPTION, {
      [SUBMIT]: json(
        result('failed', {}, { code: 'card_error:incorrect_cvc:incorrect_cvc', message: 'Incorrect CVC.' }),
      ),
    });
    const dialog = await openModal();
    fillCard(dialog);
    fireEvent.click(submitIn(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(INVALID_CARD);
  });

  it('shows the fields’ problems and sends nothing for an incomplete card', async () => {
    const { server } = open(SUBSCRIPTION);
    const dialog = await openModal();
    fireEvent.click(submitIn(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CHECKOUT_MESSAGES.checkFields);
    expect(within(dialog).getByText('Please enter a valid card number')).toBeTruthy();
    expect(sdk.createPaymentMethod).not.toHaveBeenCalled();
    expect(server.requests.some((request) => request.path === '/payment/checkout-submit/')).toBe(false);
  });

  it('starts with the focus inside; Escape and Cancel close it', async () => {
    open(SUBSCRIPTION);
    let dialog = await openModal();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('OrganizationBillingPaymentPage', () => {
  async function update(path: string) {
    // The card is asked for only after the update: the new one.
    const rendered = open(path, { [SUBMIT]: json(updated()), [PAYMENT_METHOD]: mastercard });
    const form = await screen.findByTestId('card-update-form');
    expect(screen.getByRole('heading', { level: 1, name: 'Update payment method' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Organization admin' })).toBeTruthy();
    await within(form).findByLabelText('Card number');
    fillCard(form);
    fireEvent.click(submitIn(form));
    return rendered;
  }

  it('returns to subscription management with the success banner', async () => {
    const { router } = await update(PAYMENT_PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe(SUBSCRIPTION));
    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentInfoUpdated)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('card-label').textContent).toBe('•••• 4444'));
  });

  it('honours a next path of this site', async () => {
    const { router } = await update(`${PAYMENT_PAGE}?next=${encodeURIComponent(BILLING)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(BILLING));
  });

  it('ignores a next address of another site', async () => {
    const { router } = await update(`${PAYMENT_PAGE}?next=${encodeURIComponent('https://evil.example/')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(SUBSCRIPTION));
  });

  it('goes back to subscription management on Cancel, sending nothing', async () => {
    const { router, server } = open(PAYMENT_PAGE);
    const form = await screen.findByTestId('card-update-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(SUBSCRIPTION));
    expect(server.requests.some((request) => request.path === '/payment/checkout-submit/')).toBe(false);
  });

  it('is where a past-due organization plan sends its admin to update the card', async () => {
    const { router } = open(
      SUBSCRIPTION,
      {},
      enrollment({
        paymentIssue: {
          status: 'PAST_DUE',
          amount: { amount: 391950, currency: 'USD' },
          message: 'Your card has insufficient funds.',
          nextAttemptDate: '2027-03-08T00:00:00.000Z',
          authenticateUrl: null,
        },
      }),
    );
    const banner = await screen.findByTestId('payment-issue');
    fireEvent.click(within(banner).getByRole('link', { name: 'Update payment method' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAYMENT_PAGE));
    expect(await screen.findByTestId('card-update-form')).toBeTruthy();
  });
});
