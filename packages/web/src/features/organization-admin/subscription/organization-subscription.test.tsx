import { SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test-utils/fake-server';
import { enrollment, setUp } from '../../subscriptions/subscription-fixtures';
import { context, member, openAdminPage as open } from '../shell/organization-admin-test-kit';

const SUBSCRIPTION = '/organization-manage-v2/settings/subscription/';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T08:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('OrganizationSubscriptionPage', () => {
  it('shows a trial: its end in days, the charge, licenses and the actions', async () => {
    open(
      SUBSCRIPTION,
      enrollment({
        status: 'TRIAL',
        trialEndDate: '2026-12-09T00:00:00.000Z',
        billing: { ...enrollment().billing, currentPeriodStartDate: '2026-11-25T00:00:00.000Z' },
      }),
    );
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Trial');
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription management' })).toBeTruthy();
    expect(screen.getByText('View and edit your subscription')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Subscriptions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check support center' }).getAttribute('href')).toBe('/support/');
    expect(screen.getByRole('link', { name: 'Troubleshooting' }).getAttribute('href')).toBe('/support/');
    expect(screen.getByTestId('subscription-start').textContent).toBe('Trial started:November 25, 2026');
    expect(screen.getByText('Trial ends:')).toBeTruthy();
    expect(screen.getByTestId('subscription-end').textContent).toBe('in 14 days (December 9, 2026)');
    expect(screen.getByTestId('subscription-end-help').textContent).toBe(
      '$3,919.50 for 10 licenses will be charged to your saved payment method on December 9, 2026.',
    );
    const method = await screen.findByTestId('card-label');
    expect(method.textContent).toBe('•••• 4242');
    expect(
      within(screen.getByTestId('subscription-payment-method')).getByRole('img', { name: 'Visa' }),
    ).toBeTruthy();
    expect(screen.getByText('10 licenses in total')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Licenses used' })).toBeTruthy();
    expect(screen.getByText('4 Licenses used')).toBeTruthy();
    expect(screen.getByText('6 Licenses remaining')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add licenses' }).getAttribute('href')).toBe(
      '/payment/upsell-teamplan/?checkout_ref=LSC-1',
    );
    expect(screen.getByRole('link', { name: 'Manage users' }).getAttribute('href')).toBe(
      '/organization-manage-v2/users/',
    );
    expect(screen.getByText(/Need to reduce number of licenses\? Email us at/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Organization admin' });
    expect(
      within(nav).getByRole('link', { name: 'Subscription management' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows an active plan with its next payment, and the Enterprise upgrade with utm parameters', async () => {
    open(SUBSCRIPTION, enrollment());
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Active');
    expect(screen.getByText('Subscription started:')).toBeTruthy();
    expect(screen.getByText('Next payment:')).toBeTruthy();
    expect(screen.getByTestId('subscription-end').textContent).toBe('March 5, 2027');
    const banner = screen.getByTestId('enterprise-upgrade');
    expect(within(banner).getByText('Give access to your entire organization')).toBeTruthy();
    const upgrade = new URL(
      within(banner).getByRole('link', { name: 'Upgrade to enterprise' }).getAttribute('href')!,
    );
    expect(Object.fromEntries(upgrade.searchParams)).toEqual({
      utm_source: 'product',
      utm_medium: 'upgrade',
      utm_content: 'upgrade-cta',
    });
    expect(within(banner).getByRole('link', { name: 'Compare plans' })).toBeTruthy();
    expect(screen.queryByText('Your Team Plan expired!')).toBeNull();
  });

  it('hides the upgrade banner where the price country is JP', async () => {
    open(SUBSCRIPTION, enrollment(), { priceCountry: 'JP' });
    await screen.findByTestId('subscription-status');
    expect(screen.queryByTestId('enterprise-upgrade')).toBeNull();
  });

  it('opens the Enterprise modal instead of adding licenses at 20', async () => {
    open(SUBSCRIPTION, enrollment({ licenseCount: 20 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add licenses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Need more than 20 licenses?' });
    expect(within(dialog).getByRole('link', { name: 'Upgrade to enterprise' })).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancels after confirmation, shows the cancelled plan, then reactivates it', async () => {
    open(SUBSCRIPTION, enrollment());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(within(cancel).getByText(/Your team can use the plan until March 5, 2027/)).toBeTruthy();
    // What the team loses then: its members' access and its licenses.
    const losses = within(cancel).getByTestId('cancel-team-losses');
    expect(within(losses).getByText("4 members lose access to the Team Plan's courses.")).toBeTruthy();
    expect(within(losses).getByText('The 10 licenses end: nobody new can join the team.')).toBeTruthy();
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.cancelled)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled'));
    expect(screen.getByText('Expiration date:')).toBeTruthy();
    expect(screen.getByTestId('subscription-end-help').textContent).toBe(
      'Your team can use the plan until March 5, 2027.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A cancelled plan grows no more: it is reactivated first.
    expect(screen.queryByRole('link', { name: 'Add licenses' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reactivate subscription' }));
    const reactivate = await screen.findByRole('dialog', { name: 'Reactivate your subscription' });
    expect(within(reactivate).getByText('$0.00')).toBeTruthy();
    expect(within(reactivate).getByText('Starting on March 5, 2027')).toBeTruthy();
    fireEvent.click(within(reactivate).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.reactivated)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Active'));
  });

  it('says when cancelling failed', async () => {
    open(SUBSCRIPTION, enrollment(), { failChanges: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.cancelFailed)).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
  });

  it('says when reactivating failed', async () => {
    open(SUBSCRIPTION, enrollment({ status: 'CANCELED', cancelDate: '2026-11-20T00:00:00.000Z' }), {
      failChanges: true,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate subscription' }));
    const reactivate = await screen.findByRole('dialog', { name: 'Reactivate your subscription' });
    fireEvent.click(within(reactivate).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.reactivateFailed)).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled');
  });

  it('shows an expired plan: the banner until dismissed, Resubscribe, controls disabled', async () => {
    open(SUBSCRIPTION, enrollment({ status: 'EXPIRED' }));
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Expired');
    expect(screen.getByText('Your Team Plan expired!')).toBeTruthy();
    expect(screen.getByTestId('subscription-end-help').textContent).toBe(
      'Please reactivate your subscription to continue learning.',
    );
    const resubscribe = screen.getAllByRole('link', { name: 'Resubscribe' });
    expect(resubscribe.map((link) => link.getAttribute('href'))).toEqual([
      '/payment/resubscribe-teamplan/',
      '/payment/resubscribe-teamplan/',
    ]);
    expect(screen.getByRole('button', { name: 'Manage users' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('link', { name: 'Manage users' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add licenses' })).toBeNull();
    expect(screen.queryByText(/Need to reduce number of licenses/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Your Team Plan expired!')).toBeNull());
  });

  it('shows a past-due plan as active with the payment issue banner', async () => {
    open(
      SUBSCRIPTION,
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
    expect(within(banner).getByText('Payment past due')).toBeTruthy();
    expect(
      within(banner).getByText(
        "We couldn't charge your card for $3,919.50: Your card has insufficient funds. We'll try again on March 8, 2027.",
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
  });

  it('says when the payment method could not be fetched', async () => {
    open(SUBSCRIPTION, enrollment(), { paymentMethod: json({ detail: 'Down.', code: 'internal' }, 500) });
    expect(
      await screen.findByText('An error happened while fetching payment method. Please try again.'),
    ).toBeTruthy();
  });

  it('says when no card is stored', async () => {
    open(SUBSCRIPTION, enrollment(), {
      paymentMethod: json({ spm_info: { data: null }, last_edit_user: null }),
    });
    expect(await screen.findByText('No payment method is stored.')).toBeTruthy();
    // The renewal is not promised to a card that is not there.
    await waitFor(() =>
      expect(screen.getByTestId('subscription-end-help').textContent).toBe(
        'No card is stored, so $3,919.50 cannot be charged on March 5, 2027 and the plan will stop renewing. Add a card to keep it.',
      ),
    );
  });

  it('says when the subscription could not be loaded', async () => {
    setUp(SUBSCRIPTION, {
      'GET /api-2.0/contexts/me/': context(member('owner')),
      'POST /api/2022-03/graphql/': json({
        errors: [{ message: 'Down.', extensions: { code: 'INTERNAL' } }],
      }),
    });
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a personal plan as no organization plan', async () => {
    open(
      SUBSCRIPTION,
      enrollment({ productType: 'CONSUMERSUBSCRIPTION', subscriber: { type: 'USER', id: '7' } }),
    );
    expect(await screen.findByText("Your organization doesn't have a Team Plan yet.")).toBeTruthy();
    expect(screen.queryByTestId('subscription-status')).toBeNull();
  });
});
