import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type FakeHandler, type RecordedRequest } from '../../test-utils/fake-server';
import type { RenewalAuthenticationAnswer } from './subscription-api';
import { enrollment, graphql, setUp } from './subscription-fixtures';

const PATH = '/payment/subscription-authenticate/?invoice=12';
const RETURN = `${PATH}&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded`;
const BANK_PAGE = 'http://provider.test/hosted/3ds/act_1';
const ENDPOINT = 'POST /payment/subscription-authenticate/';

const answer = (
  status: RenewalAuthenticationAnswer['status'],
  message = '',
  redirectUrl: string | null = null,
): Response =>
  json({
    status,
    message,
    data: status === 'action_required' ? { redirect_url: redirectUrl, client_secret: 'pi_1_secret_x' } : null,
  } satisfies RenewalAuthenticationAnswer);

/** The Team Plan past due, waiting for the admin to confirm $3,919.50. */
const plan = graphql({
  enrollment: enrollment({
    paymentIssue: {
      status: 'ACTION_REQUIRED',
      amount: { amount: 391950, currency: 'USD' },
      message: 'This payment requires authentication.',
      nextAttemptDate: '2027-03-06T00:00:00.000Z',
      authenticateUrl: '/payment/subscription-authenticate/?invoice=12',
    },
  }),
});

function open(path: string, authenticate: FakeHandler | FakeHandler[], options?: { signedIn?: boolean }) {
  return setUp(path, { 'POST /api/2022-03/graphql/': plan, [ENDPOINT]: authenticate }, options);
}

const posts = (requests: RecordedRequest[]) =>
  requests.filter((request) => `${request.method} ${request.path}` === ENDPOINT);

const assign = vi.fn();
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});
const stubLocation = () => vi.stubGlobal('location', { ...window.location, assign });

describe('RenewalAuthenticationPage', () => {
  it('explains the payment, then confirms it on the bank’s page', async () => {
    stubLocation();
    const { server } = open(PATH, answer('action_required', 'Confirm it.', BANK_PAGE));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your payment' })).toBeTruthy();
    expect(
      await screen.findByText('Your bank asks you to confirm the payment of your Team Plan subscription.'),
    ).toBeTruthy();
    expect(screen.getByTestId('authenticate-amount').textContent).toBe('Amount due: $3,919.50');
    expect(posts(server.requests)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BANK_PAGE));
    expect(screen.getByTestId('authenticate-status').textContent).toBe('Taking you to your bank…');
    const [post] = posts(server.requests);
    expect(post?.body).toEqual({ invoice_id: 12 });
    expect(post?.headers['X-CSRFToken']).toBe('test-csrf');
  });

  it('asks once more by itself when the bank sends the admin back, and says it went through', async () => {
    const { server, router } = open(RETURN, answer('succeeded', 'Thank you: your payment went through.'));
    const status = await screen.findByTestId('authenticate-status');
    expect(status.getAttribute('role')).toBe('status');
    await waitFor(() =>
      expect(status.textContent).toContain('Your payment went through. Your subscription is active.'),
    );
    expect(within(status).getByRole('link', { name: 'Manage subscriptions' }).getAttribute('href')).toBe(
      '/user/manage-subscriptions/',
    );
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    // The provider's parameters leave the address bar: a reload asks nothing more.
    expect(router.state.location.search).toBe('?invoice=12');
    expect(posts(server.requests).map((request) => request.body)).toEqual([{ invoice_id: 12 }]);
  });

  it("shows the provider's reason when it failed, and tries again", async () => {
    stubLocation();
    const { server } = open(RETURN, [
      answer('failed', 'Your card was declined.'),
      answer('action_required', 'Confirm it.', BANK_PAGE),
    ]);
    const failure = await screen.findByTestId('authenticate-failed');
    expect(within(failure).getByText("Your payment didn't go through")).toBeTruthy();
    expect(within(failure).getByText('Your card was declined.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BANK_PAGE));
    expect(posts(server.requests)).toHaveLength(2);
  });

  it('does not go back to the bank by itself when it still asks after the return', async () => {
    stubLocation();
    open(RETURN, answer('action_required', 'Confirm it.', BANK_PAGE));
    expect(await screen.findByText('Your bank still asks you to confirm the payment.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BANK_PAGE));
  });

  it("says when the link is another account's payment", async () => {
    open(PATH, json({ detail: 'There is no such payment to authenticate.', code: 'not_found' }, 404));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    const alert = await screen.findByTestId('authenticate-not-found');
    expect(within(alert).getByText('This payment link is not for your account')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Manage subscriptions' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
  });

  it('says when the plan has ended', async () => {
    open(RETURN, json({ detail: 'This payment can no longer be made.', code: 'payment_closed' }, 409));
    const alert = await screen.findByTestId('authenticate-closed');
    expect(within(alert).getByText('This subscription has ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
  });

  it('offers another try after a server error', async () => {
    const { server } = open(PATH, [
      json({ detail: 'Something went wrong on our side.', code: 'internal_error' }, 500),
      answer('succeeded', 'Thank you: your payment went through.'),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Something went wrong on our side.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your payment went through. Your subscription is active.')).toBeTruthy();
    expect(posts(server.requests)).toHaveLength(2);
  });

  it('says the link is incomplete without an invoice, and asks nothing', async () => {
    const { server } = open('/payment/subscription-authenticate/?invoice=abc', answer('succeeded'));
    expect(await screen.findByTestId('authenticate-invalid-link')).toBeTruthy();
    expect(screen.getByText(/This payment link is incomplete/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    expect(posts(server.requests)).toHaveLength(0);
  });

  it('sends a visitor to the login page, which brings them back', async () => {
    const { server, router } = open(PATH, answer('succeeded'), { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/join/login-popup/'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(PATH);
    expect(posts(server.requests)).toHaveLength(0);
  });
});
