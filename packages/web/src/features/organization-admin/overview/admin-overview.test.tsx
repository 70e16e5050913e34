import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { graphqlCalls } from '../../../test-utils/fake-graphql';
import { json, type FakeHandler } from '../../../test-utils/fake-server';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { enrollment, planServer, setUp } from '../../subscriptions/subscription-fixtures';
import type { PlanPanelFacts } from '@lectern/domain';
import { PAYMENT_METHOD, context, member, visa } from '../shell/organization-admin-test-kit';
import { planPhaseLabel } from './plan-panel';

const OVERVIEW = '/organization-manage-v2/admin-overview/';
const PLAN = 'GET /api-2.0/organizations/3/plan/';
const ACTIVITY = 'GET /api-2.0/organizations/3/activity/';

function facts(overrides: Partial<PlanPanelFacts> = {}): PlanPanelFacts {
  return {
    enrollmentId: 1,
    status: 'ACTIVE',
    isPreview: false,
    isLimitedConsumptionTrial: false,
    usedLicenses: 4,
    totalLicenses: 10,
    endDate: '2027-03-05T00:00:00.000Z',
    autoRenew: true,
    hasPaymentMethod: true,
    ...overrides,
  };
}

function open(plan: CurrentEnrollment | null, routes: Record<string, FakeHandler | FakeHandler[]> = {}) {
  return setUp(OVERVIEW, {
    'GET /api-2.0/contexts/me/': context(member('owner')),
    'POST /api/2022-03/graphql/': planServer(plan),
    [PAYMENT_METHOD]: visa,
    [PLAN]: json({ plan: facts() }),
    [ACTIVITY]: json({ results: [] }),
    ...routes,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T08:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('planPhaseLabel (team-plan §2 plan phases)', () => {
  const now = new Date('2026-11-25T08:00:00.000Z');
  const past = '2026-11-01T00:00:00.000Z';
  it.each([
    ['previewEnds', facts({ status: 'TRIAL', isPreview: true, hasPaymentMethod: false })],
    ['previewEnded', facts({ status: 'TRIAL', isPreview: true, endDate: past })],
    ['trialEnds', facts({ status: 'TRIAL' })],
    ['trialEnded', facts({ status: 'TRIAL', endDate: past })],
    ['subscriptionEnds', facts({ status: 'ACTIVE' })],
    ['subscriptionEnds', facts({ status: 'CANCELED' })],
    ['subscriptionEnded', facts({ status: 'EXPIRED' })],
  ])('%s', (phase, value) => {
    expect(planPhaseLabel(value, now)).toBe(`organizationAdmin.planPanel.${phase}`);
  });
});

describe('AdminOverviewPage', () => {
  it('shows the plan at a glance, the card and the recent activity', async () => {
    open(enrollment(), {
      [ACTIVITY]: json({
        results: [
          {
            kind: 'invitation_sent',
            date: '2026-11-20T10:00:00.000Z',
            actor: 'Omar Owner',
            detail: 'new@acme.example',
          },
          { kind: 'payment_succeeded', date: '2026-03-05T00:00:00.000Z', actor: null, detail: '$3,919.50' },
        ],
      }),
    });
    expect((await screen.findByTestId('overview-status')).textContent).toBe('Active');
    expect(screen.getByTestId('overview-licenses').textContent).toBe('4 of 10 licenses used');
    expect((await screen.findByTestId('overview-end')).textContent).toBe('Subscription Ends March 5, 2027');
    expect((screen.getByRole('switch', { name: 'Automatic renewal' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((await screen.findByTestId('card-label')).textContent).toBe('•••• 4242');
    const activity = await screen.findByTestId('activity');
    expect(within(activity).getByText(/Omar Owner invited new@acme.example/)).toBeTruthy();
    expect(within(activity).getByText(/A payment of \$3,919.50 succeeded/)).toBeTruthy();
  });

  it('offers Resubscribe instead of automatic renewal once the plan expired', async () => {
    open(enrollment({ status: 'EXPIRED' }), {
      [PLAN]: json({
        plan: facts({ status: 'EXPIRED', autoRenew: false, endDate: '2026-11-22T00:00:00.000Z' }),
      }),
    });
    const resubscribe = await screen.findByRole('link', { name: 'Resubscribe' });
    expect(resubscribe.getAttribute('href')).toBe('/payment/resubscribe-teamplan/');
    expect(screen.queryByRole('switch', { name: 'Automatic renewal' })).toBeNull();
  });

  it("shows the audit log's role changes, removals and handovers of ownership with the roles", async () => {
    const line = (kind: string, detail: string, fromRole: string | null, toRole: string | null) => ({
      kind,
      date: '2026-11-21T10:00:00.000Z',
      actor: 'Omar Owner',
      detail,
      fromRole,
      toRole,
    });
    open(enrollment(), {
      [ACTIVITY]: json({
        results: [
          line('ownership_transferred', 'Ada Admin', 'admin', 'owner'),
          line('role_changed', 'Sam Student', 'student', 'group_admin'),
          line('member_removed', 'Lee Learner', 'student', null),
        ],
      }),
    });
    const activity = await screen.findByTestId('activity');
    expect(within(activity).getByText(/Omar Owner handed the ownership over to Ada Admin/)).toBeTruthy();
    expect(
      within(activity).getByText(/Omar Owner changed the role of Sam Student from Student to Group admin/),
    ).toBeTruthy();
    expect(within(activity).getByText(/Omar Owner removed Lee Learner from the organization/)).toBeTruthy();
  });

  it('turns automatic renewal off by cancelling, and on again by reactivating', async () => {
    const { server } = open(enrollment(), {
      [PLAN]: [
        json({ plan: facts() }),
        json({ plan: facts({ status: 'CANCELED', autoRenew: false }) }),
        json({ plan: facts() }),
      ],
    });
    const toggle = (await screen.findByRole('switch', { name: 'Automatic renewal' })) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText('You have cancelled your Team Plan subscription.')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(false));
    fireEvent.click(toggle);
    expect(await screen.findByText('You have reactivated your subscription successfully.')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(true));
    const mutations = graphqlCalls(server.requests)
      .map((call) => call.operationName)
      .filter((name) => name !== 'CurrentSubscriptionEnrollment');
    expect(mutations).toEqual(['SubscriptionEnrollmentCancel', 'SubscriptionEnrollmentReactivate']);
  });

  it('forces automatic renewal off and disables it without a card', async () => {
    open(enrollment({ status: 'CANCELED' }), {
      [PLAN]: json({ plan: facts({ status: 'CANCELED', autoRenew: false, hasPaymentMethod: false }) }),
      [PAYMENT_METHOD]: json({ spm_info: { data: null }, last_edit_user: null }),
    });
    const toggle = (await screen.findByRole('switch', { name: 'Automatic renewal' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Add a payment method to turn automatic renewal on.')).toBeTruthy();
    expect(await screen.findByText('No payment method is stored.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete payment method' })).toBeNull();
  });

  it('deletes the card after confirmation: automatic renewal goes off', async () => {
    const { server } = open(enrollment(), {
      'DELETE /api-2.0/organizations/3/active-payment-method/': () => new Response(null, { status: 204 }),
      [PLAN]: [
        json({ plan: facts() }),
        json({ plan: facts({ status: 'CANCELED', autoRenew: false, hasPaymentMethod: false }) }),
      ],
      [PAYMENT_METHOD]: [visa, json({ spm_info: { data: null }, last_edit_user: null })],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete payment method' });
    expect(within(dialog).getByText(/your team keeps its access until March 5, 2027/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The payment method was deleted. Automatic renewal is off.')).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Automatic renewal' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
    expect(await screen.findByText('No payment method is stored.')).toBeTruthy();
  });

  it("shows the server's refusal to delete the card of a plan whose payment is due", async () => {
    const refusal = 'A payment of your plan is due: update the payment method instead of deleting it.';
    open(enrollment(), {
      'DELETE /api-2.0/organizations/3/active-payment-method/': json(
        { detail: refusal, code: 'payment_due' },
        409,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete payment method' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
  });

  it('says when the plan facts or the activity could not be loaded, and loads them again', async () => {
    open(enrollment(), {
      [PLAN]: [json({ detail: 'Boom', code: 'error' }, 500), json({ plan: facts() })],
      [ACTIVITY]: [json({ detail: 'Boom', code: 'error' }, 500), json({ results: [] })],
    });
    expect(await screen.findByText('There was a problem while loading your plan')).toBeTruthy();
    expect(await screen.findByText('There was a problem while loading the recent activity')).toBeTruthy();
    for (const button of screen.getAllByRole('button', { name: 'Try again' })) fireEvent.click(button);
    expect(await screen.findByTestId('overview-end')).toBeTruthy();
    expect(await screen.findByText('Nothing has happened yet.')).toBeTruthy();
  });

  it('points to the Team Plan checkout when the organization has no plan', async () => {
    open(null);
    expect(await screen.findByText("Your organization doesn't have a Team Plan yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy a Team Plan' }).getAttribute('href')).toBe(
      '/payment/checkout-teamplan/',
    );
  });
});
