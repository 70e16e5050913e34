import { SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test-utils/fake-server';
import {
  enrollment,
  personalEnrollment,
  planServer,
  retentionOfferView,
  retentionServer,
  setUp,
} from './subscription-fixtures';

// Issue 19 (decision 0029): the retention offer a Personal Plan subscriber sees on pressing
// 'Cancel subscription' at /user/manage-subscriptions/.

const PATH = '/user/manage-subscriptions/';
const PROMO = '/payment/retention-promo-submit/';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T08:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

async function openCancel() {
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
}

describe('the retention offer', () => {
  it('shows the offer in the plan currency instead of the plain confirmation, and accepts it', async () => {
    const { server } = setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(personalEnrollment()),
      ...retentionServer(),
    });
    // Asked once the plan shows, so the offer is there when the learner presses cancel.
    await waitFor(() =>
      expect(server.requests.some((r) => r.method === 'GET' && r.path === PROMO)).toBe(true),
    );
    expect(server.requests.find((r) => r.path === PROMO)!.url).toBe(`${PROMO}?enrollment_id=41`);
    await openCancel();

    const dialog = await screen.findByRole('dialog', { name: 'Before you go' });
    expect(
      within(dialog).getByRole('heading', { name: 'Stay and get your next 2 months at 50% off' }),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'You pay $16.59 instead of $33.17 for your next 2 monthly payments, starting March 5, 2027. From May 5, 2027, your plan renews at $33.17 again.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('You save $33.16 in total.')).toBeTruthy();
    expect(within(dialog).getByText('Amounts include tax.')).toBeTruthy();
    expect(within(dialog).getByText(/If you cancel, you can use the plan until March 5, 2027/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    expect(
      await screen.findByText('Offer accepted: you now pay $16.59 instead of $33.17 until May 5, 2027.'),
    ).toBeTruthy();
    const post = server.requests.find((r) => r.method === 'POST' && r.path === PROMO)!;
    expect(post.body).toEqual({ enrollment_id: 41, offer_id: 'stay-2-months-50-off' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The plan stays, with its discount until the usual price returns.
    expect(await screen.findByTestId('retention-offer-running')).toHaveProperty(
      'textContent',
      'Your discount: $16.59 instead of $33.17 per payment until May 5, 2027.',
    );
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    expect(server.requests.some((r) => (r.body as { query?: string })?.query?.includes('Cancel'))).toBe(
      false,
    );

    // Pressing cancel again: no second offer, the plain confirmation.
    await openCancel();
    expect(await screen.findByRole('dialog', { name: 'Cancel subscription' })).toBeTruthy();
  });

  it("'No thanks, cancel' cancels at once, without accepting anything", async () => {
    const { server } = setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(personalEnrollment()),
      ...retentionServer(),
    });
    await openCancel();
    const dialog = await screen.findByRole('dialog', { name: 'Before you go' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No thanks, cancel' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.personalCancelled)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'POST' && r.path === PROMO)).toBe(false);
  });

  it('says in the dialog when the offer was taken already, and keeps the way to cancel', async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(personalEnrollment()),
      ...retentionServer(retentionOfferView(), { refuse: 'already_accepted' }),
    });
    await openCancel();
    const dialog = await screen.findByRole('dialog', { name: 'Before you go' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    const error = await within(dialog).findByRole('alert');
    expect(error.textContent).toBe('You have already accepted this offer.');
    expect(within(dialog).getByRole('button', { name: 'No thanks, cancel' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it.each([
    ['offer_changed', 'This offer is no longer available. You can still cancel your subscription.'],
    ['cancelled', 'This offer is no longer available. You can still cancel your subscription.'],
    ['server', "We couldn't apply the offer. Please check your internet and try again."],
  ])('says a refusal (%s) in the dialog', async (refuse, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(personalEnrollment()),
      ...retentionServer(retentionOfferView(), { refuse }),
    });
    await openCancel();
    const dialog = await screen.findByRole('dialog', { name: 'Before you go' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it('words an annual offer in years', async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(
        personalEnrollment({ priceOptionId: 'personal-annual', renewalInterval: { type: 'YEAR', count: 1 } }),
      ),
      ...retentionServer(
        retentionOfferView({
          offer_id: 'stay-1-year-25-off',
          percent_off: 25,
          periods: 1,
          renewal_interval: { type: 'YEAR', count: 1 },
          regular_price: { amount: 26532, currency: 'USD' },
          discounted_price: { amount: 19899, currency: 'USD' },
          total_savings: { amount: 6633, currency: 'USD' },
          discount_ends_at: '2028-03-05T00:00:00.000Z',
          charge_dates: ['2027-03-05T00:00:00.000Z'],
        }),
      ),
    });
    await openCancel();
    const dialog = await screen.findByRole('dialog', { name: 'Before you go' });
    expect(
      within(dialog).getByRole('heading', { name: 'Stay and get your next year at 25% off' }),
    ).toBeTruthy();
    expect(within(dialog).getByText(/for your next annual payment, starting March 5, 2027/)).toBeTruthy();
  });

  it('keeps the plain confirmation when the plan has no offer (a trial)', async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(
        personalEnrollment({ status: 'TRIAL', trialEndDate: '2026-12-02T00:00:00.000Z' }),
      ),
      ...retentionServer(null, { reason: 'in_trial' }),
    });
    await openCancel();
    expect(await screen.findByRole('dialog', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Before you go' })).toBeNull();
  });

  it('keeps the plain confirmation when the offer cannot be read', async () => {
    setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(personalEnrollment()),
      'GET /payment/retention-promo-submit/': json({ detail: 'Bad gateway.', code: 'unavailable' }, 502),
    });
    await openCancel();
    expect(await screen.findByRole('dialog', { name: 'Cancel subscription' })).toBeTruthy();
  });

  it('never asks about a Team Plan', async () => {
    const { server } = setUp(PATH, {
      'POST /api/2022-03/graphql/': planServer(enrollment({ id: '12' })),
      ...retentionServer(),
    });
    await openCancel();
    expect(await screen.findByRole('dialog', { name: 'Cancel subscription' })).toBeTruthy();
    expect(server.requests.some((r) => r.path === PROMO)).toBe(false);
  });
});
