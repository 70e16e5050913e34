import { SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingHistoryRecord } from '@lectern/domain';
import { json } from '../../test-utils/fake-server';
import { enrollment, planServer, setUp } from './subscription-fixtures';

const charge = (overrides: Partial<BillingHistoryRecord>): BillingHistoryRecord => ({
  id: 1,
  subscription_plan_description: 'Personal Plan',
  subtitle: 'Renewal · 1 license',
  billing_period_start_text: 'November 5, 2026',
  price_money_text: '$30.00',
  brand: 'visa',
  payment_method: '•••• 4242',
  invoice_url: '/api-2.0/subscriptions/receipts/1/',
  status: 'succeeded',
  failure_message: null,
  ...overrides,
});

const PATH = '/user/manage-subscriptions/';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T08:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('ManageSubscriptionsPage', () => {
  it("shows a Team Plan trial with its end, licenses and 'Add licenses'", async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(
        enrollment({
          status: 'TRIAL',
          trialEndDate: '2026-12-09T00:00:00.000Z',
          billing: { ...enrollment().billing, currentPeriodStartDate: '2026-11-25T00:00:00.000Z' },
        }),
      ),
    });
    expect(await screen.findByTestId('subscription-status')).toHaveProperty('textContent', 'Trial');
    expect(screen.getByRole('heading', { level: 2, name: 'Team Plan' })).toBeTruthy();
    expect(screen.getByText('Trial started:')).toBeTruthy();
    expect(screen.getByText('Trial ends:')).toBeTruthy();
    expect(screen.getByTestId('subscription-end').textContent).toBe('in 14 days (December 9, 2026)');
    expect(
      screen.getByText(
        '$3,919.50 for 10 licenses will be charged to your saved payment method on December 9, 2026.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('10 licenses in total')).toBeTruthy();
    expect(screen.getByText('4 Licenses used')).toBeTruthy();
    expect(screen.getByText('6 Licenses remaining')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add licenses' }).getAttribute('href')).toBe(
      '/payment/upsell-teamplan/',
    );
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
  });

  it('cancels after confirmation, then reactivates with nothing due today', async () => {
    setUp(PATH, { 'POST /api/2022-03/graphql/': planServer(enrollment()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(within(cancel).getByText(/Your team can use the plan until March 5, 2027/)).toBeTruthy();
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.cancelled)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled'));
    expect(screen.getByText('Expiration date:')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reactivate subscription' }));
    const reactivate = await screen.findByRole('dialog', { name: 'Reactivate your subscription' });
    expect(within(reactivate).getByText('$0.00')).toBeTruthy();
    expect(within(reactivate).getByText('Starting on March 5, 2027')).toBeTruthy();
    expect(within(reactivate).getByText('10 user licenses')).toBeTruthy();
    expect(within(reactivate).getByText('Yearly access')).toBeTruthy();
    expect(within(reactivate).getByText('$3,600.00')).toBeTruthy();
    expect(within(reactivate).getByText('$3,919.50')).toBeTruthy();
    fireEvent.click(within(reactivate).getByRole('button', { name: 'Reactivate' }));

    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.reactivated)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Active'));
  });

  it('says when cancelling failed', async () => {
    setUp(PATH, { 'POST /api/2022-03/graphql/': planServer(enrollment(), { failChanges: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.cancelFailed)).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
  });

  it('offers to resubscribe to an expired Team Plan, and no more licenses', async () => {
    setUp(PATH, { 'POST /api/2022-03/graphql/': planServer(enrollment({ status: 'EXPIRED' })) });
    expect(await screen.findByText('Your Team Plan expired!')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Resubscribe' })[0]?.getAttribute('href')).toBe(
      '/payment/resubscribe-teamplan/',
    );
    expect(screen.queryByRole('link', { name: 'Add licenses' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('says a renewal failed, with the reason, the next attempt and what to do', async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(
        enrollment({
          paymentIssue: {
            status: 'PAST_DUE',
            amount: { amount: 391950, currency: 'USD' },
            message: 'Your card has insufficient funds.',
            nextAttemptDate: '2027-03-08T00:00:00.000Z',
            authenticateUrl: null,
          },
        }),
      ),
    });
    const banner = await screen.findByTestId('payment-issue');
    expect(within(banner).getByText('Payment past due')).toBeTruthy();
    expect(
      within(banner).getByText(
        "We couldn't charge your card for $3,919.50: Your card has insufficient funds. We'll try again on March 8, 2027.",
      ),
    ).toBeTruthy();
    expect(within(banner).getByText(/contact support to pay with another card/)).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/support/',
    );
    // Access is kept meanwhile.
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
  });

  it('says when the failed renewal was the last attempt', async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(
        enrollment({
          paymentIssue: {
            status: 'PAST_DUE',
            amount: { amount: 4000, currency: 'EUR' },
            message: null,
            nextAttemptDate: null,
            authenticateUrl: null,
          },
        }),
      ),
    });
    expect((await screen.findByTestId('payment-issue')).textContent).toContain(
      "We couldn't charge your card for €40.00. This was the last attempt.",
    );
  });

  it('leads to the confirmation page when the bank wants the payment confirmed', async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(
        enrollment({
          paymentIssue: {
            status: 'ACTION_REQUIRED',
            amount: { amount: 391950, currency: 'USD' },
            message: 'This payment requires authentication.',
            nextAttemptDate: '2027-03-06T00:00:00.000Z',
            authenticateUrl: '/payment/subscription-authenticate/?invoice=12',
          },
        }),
      ),
    });
    const banner = await screen.findByTestId('payment-issue');
    expect(within(banner).getByText('Your bank needs you to confirm the payment of $3,919.50.')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Confirm payment' }).getAttribute('href')).toBe(
      '/payment/subscription-authenticate/?invoice=12',
    );
  });

  it('shows a plan that expired after its last failed renewal as expired, without the banner', async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(
        enrollment({
          productType: 'CONSUMERSUBSCRIPTION',
          priceOptionId: 'personal-monthly',
          licenseCount: 1,
          status: 'EXPIRED',
          paymentIssue: null,
        }),
      ),
    });
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Expired'));
    expect(screen.getByText('Expiration date:')).toBeTruthy();
    expect(screen.getByTestId('subscription-end').textContent).toBe('March 5, 2027');
    expect(screen.getByRole('link', { name: 'Resubscribe' }).getAttribute('href')).toBe('/personal-plan/');
    expect(screen.queryByTestId('payment-issue')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('shows the Enterprise note instead of adding licenses at 20', async () => {
    setUp(PATH, { 'POST /api/2022-03/graphql/': planServer(enrollment({ licenseCount: 20 })) });
    expect(await screen.findByText('Team Plan only allows for 20 total users.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add licenses' })).toBeNull();
  });

  it('shows a personal plan and, without any plan, where to get one', async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(
        enrollment({
          productType: 'CONSUMERSUBSCRIPTION',
          priceOptionId: 'personal-monthly',
          licenseCount: 1,
        }),
      ),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Personal Plan' })).toBeTruthy();
    expect(screen.queryByText(/licenses in total/)).toBeNull();
    expect(screen.getByText('Subscription started:')).toBeTruthy();
  });

  it('says the interval and price, and lists the newest charges with their receipts', async () => {
    const { server } = setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(
        enrollment({
          productType: 'CONSUMERSUBSCRIPTION',
          priceOptionId: 'personal-monthly',
          licenseCount: 1,
          renewalInterval: { type: 'MONTH', count: 1 },
          billing: {
            ...enrollment().billing,
            chargePrice: { amount: 3000, currency: 'usd' },
            taxPrice: { amount: 0, currency: 'usd' },
          },
        }),
      ),
      'GET /api-2.0/subscriptions/billing-history/': json({
        count: 2,
        total_pages: 1,
        results: [
          charge({ id: 12, status: 'failed', failure_message: 'Your card was declined.' }),
          charge({ id: 11 }),
        ],
      }),
    });
    expect((await screen.findByTestId('subscription-interval')).textContent).toBe(
      'Monthly · $30.00 per month',
    );
    const charges = await screen.findByTestId('recent-charges');
    expect(within(charges).getAllByRole('listitem')).toHaveLength(2);
    expect(within(charges).getByText('Failed')).toBeTruthy();
    expect(within(charges).getByText('Your card was declined.')).toBeTruthy();
    expect(within(charges).getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      '/user/manage-subscriptions/receipts/11/',
    );
    expect(screen.getByRole('link', { name: 'All purchases' }).getAttribute('href')).toBe(
      '/dashboard/purchase-history/',
    );
    const history = server.requests.find((entry) => entry.path === '/api-2.0/subscriptions/billing-history/');
    expect(history?.url).toContain('page_size=3');
  });

  it('points to the plans when there is none', async () => {
    setUp(PATH, { 'POST /api/2022-03/graphql/': planServer(null) });
    expect(await screen.findByText("You don't have a subscription plan yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the Personal Plan' }).getAttribute('href')).toBe(
      '/personal-plan/',
    );
  });
});
