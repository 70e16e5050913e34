import { PAGE_ROUTES, type CheckoutReceipt } from '@lectern/domain';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import {
  anonymousMe,
  authenticatedMe,
  fakeServer,
  json,
  userContext,
  type FakeHandler,
} from '../../test-utils/fake-server';
import { renderApp, renderWithProviders } from '../../test-utils/render';
import { ORDER, result } from './checkout-page-fixtures';
import { CheckoutSuccessPage } from './checkout-success-page';

const BOLETO_TEXT =
  'Pay your Boleto within 5 days, at a bank, lottery outlet or in your banking app. You will get access to your courses up to 24 hours after you pay.';

function receipt(overrides: Partial<CheckoutReceipt> = {}): CheckoutReceipt {
  return {
    payment_attempt_id: 'att-1',
    status: 'succeeded',
    pending: null,
    failure: null,
    order: ORDER,
    ...overrides,
  };
}

const pendingVoucher = receipt({
  status: 'requires_action',
  order: null,
  pending: {
    method_type: 'boleto',
    text: BOLETO_TEXT,
    voucher: {
      url: 'http://provider.test/vouchers/vch_1/',
      reference: '23793.38128 60000.000003 00000.000408 1 84340000010000',
      expires_at: '2026-11-27T02:59:00Z',
    },
  },
});

const RETURN_QUERY =
  '?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded';

function setUp(
  routes: Record<string, FakeHandler | FakeHandler[]>,
  { search = '', signedIn = true }: { search?: string; signedIn?: boolean } = {},
) {
  const cart = fakeCartServer({ userId: 7 });
  const server = fakeServer({
    ...cart.routes,
    'GET /api-2.0/contexts/me/': json(userContext(signedIn ? authenticatedMe() : anonymousMe)),
    ...routes,
  });
  const view = renderApp({ fetch: server.fetch, path: `/cart/success/att-1/${search}` });
  const receiptCalls = () => server.requests.filter((entry) => entry.path === '/payment/checkout-result/');
  const patches = () => server.requests.filter((entry) => entry.method === 'PATCH');
  return { server, receiptCalls, patches, ...view };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CheckoutSuccessPage', () => {
  it('shows a guest who is not signed in their order by the attempt pass, and where the courses wait', async () => {
    const { server } = setUp(
      {
        // Open when the buyer comes back from the provider's page, then paid.
        'GET /payment/dac-checkout-result/': [
          json(receipt({ status: 'requires_action', order: null })),
          json(receipt()),
        ],
        'PATCH /payment/dac-checkout-submit/att-1/': json({}),
      },
      { search: RETURN_QUERY, signedIn: false },
    );
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    expect(screen.getByTestId('guest-courses-waiting')).toBeTruthy();
    // The provider's outcome went to the guest variant, by the pass.
    expect(server.requests.filter((entry) => entry.method === 'PATCH').map((entry) => entry.path)).toEqual([
      '/payment/dac-checkout-submit/att-1/',
    ]);
    expect(server.requests.some((entry) => entry.path === '/payment/checkout-result/')).toBe(false);
  });

  it('a guest whose returning payment signed the device in (an account it made) reads the receipt as the buyer', async () => {
    let signedIn = false;
    const { server } = setUp(
      {
        'GET /api-2.0/contexts/me/': () => json(userContext(signedIn ? authenticatedMe() : anonymousMe)),
        'GET /payment/dac-checkout-result/': json(receipt({ status: 'requires_action', order: null })),
        'PATCH /payment/dac-checkout-submit/att-1/': () => {
          signedIn = true;
          return json(result('succeeded'));
        },
        'GET /payment/checkout-result/': json(receipt()),
      },
      { search: RETURN_QUERY, signedIn: false },
    );
    expect(await screen.findByRole('link', { name: 'Go to My courses' })).toBeTruthy();
    expect(screen.queryByTestId('guest-courses-waiting')).toBeNull();
    expect(server.requests.filter((entry) => entry.method === 'PATCH')).toHaveLength(1);
  });

  it('shows the order of a succeeded attempt with links to the courses', async () => {
    const { receiptCalls, patches } = setUp({ 'GET /payment/checkout-result/': json(receipt()) });
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'TypeScript from First Principles' }).getAttribute('href')).toBe(
      '/course/ts/',
    );
    expect(screen.getByTestId('order-total').textContent).toBe('$39.17');
    expect(screen.getByRole('link', { name: 'Go to My courses' }).getAttribute('href')).toBe(
      '/home/my-courses/',
    );
    expect(receiptCalls()[0]?.url).toContain('payment_attempt_id=att-1');
    expect(patches()).toHaveLength(0);
  });

  it('submits the outcome of a provider return once, clears the query, then shows the new receipt', async () => {
    const { receiptCalls, patches, router } = setUp(
      {
        'GET /payment/checkout-result/': [
          json(receipt({ status: 'requires_action', order: null, pending: null })),
          json(receipt()),
        ],
        'PATCH /payment/checkout-submit/att-1/': json({ status: 'succeeded' }),
      },
      { search: `${RETURN_QUERY}&ref=email` },
    );
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    expect(patches()).toHaveLength(1);
    expect(patches()[0]?.body).toEqual({
      checkout_environment: 'Marketplace',
      checkout_event: 'Result',
      payment_info: { credentials: { payment_intent_id: 'pi_1', action_result: 'succeeded' } },
    });
    // The provider's parameters are gone (a reload must not submit again); others stay.
    expect(router.state.location.pathname).toBe('/cart/success/att-1/');
    expect(router.state.location.search).toBe('?ref=email');
    // Read once before submitting, once after.
    expect(receiptCalls()).toHaveLength(2);
  });

  it('submits once under strict mode, whose effects run twice', async () => {
    // Strict mode may fetch the receipt twice on mount: it answers by what was submitted.
    let submitted = false;
    const server = fakeServer({
      ...fakeCartServer({ userId: 7 }).routes,
      'GET /payment/checkout-result/': () => json(submitted ? receipt() : pendingVoucher),
      'PATCH /payment/checkout-submit/att-1/': () => {
        submitted = true;
        return json({ status: 'succeeded' });
      },
    });
    configure({ reactStrictMode: true });
    try {
      renderWithProviders(
        <Routes>
          <Route
            path={PAGE_ROUTES.checkoutSuccess}
            element={
              <>
                <CheckoutSuccessPage />
                <LocationProbe />
              </>
            }
          />
        </Routes>,
        {
          fetch: server.fetch,
          context: userContext(authenticatedMe()),
          path: `/cart/success/att-1/${RETURN_QUERY}`,
        },
      );
      expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    } finally {
      configure({ reactStrictMode: false });
    }
    expect(server.requests.filter((entry) => entry.method === 'PATCH')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart/success/att-1/'));
  });

  it('does not submit again when a poll changes the receipt while the first submission is on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answerPatch = () => {};
    const { patches, receiptCalls } = setUp(
      {
        'GET /payment/checkout-result/': [
          json(receipt({ status: 'requires_action', order: null, pending: null })),
          json(receipt({ status: 'processing', order: null, pending: null })),
          json(receipt()),
        ],
        'PATCH /payment/checkout-submit/att-1/': () =>
          new Promise<Response>((resolve) => {
            answerPatch = () => resolve(json({ status: 'succeeded' }));
          }),
      },
      { search: RETURN_QUERY },
    );
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Confirming your payment' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(receiptCalls()).toHaveLength(2));
    answerPatch();
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    expect(patches()).toHaveLength(1);
  });

  it('does not submit when the attempt is already final, and still clears the query', async () => {
    const { patches, router } = setUp(
      { 'GET /payment/checkout-result/': json(receipt()) },
      { search: RETURN_QUERY },
    );
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(patches()).toHaveLength(0);
  });

  it('shows the receipt even when submitting the outcome fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { patches, router } = setUp(
      {
        'GET /payment/checkout-result/': json(pendingVoucher),
        'PATCH /payment/checkout-submit/att-1/': json({ detail: 'Try later.', code: 'error' }, 503),
      },
      { search: RETURN_QUERY },
    );
    expect((await screen.findByTestId('checkout-pending')).textContent).toBe(BOLETO_TEXT);
    expect(patches()).toHaveLength(1);
    expect(router.state.location.search).toBe('');
    consoleError.mockRestore();
  });

  it('shows the delivery text and the voucher of a pending payment', async () => {
    setUp({ 'GET /payment/checkout-result/': json(pendingVoucher) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment is pending' })).toBeTruthy();
    expect(screen.getByTestId('checkout-pending').textContent).toBe(BOLETO_TEXT);
    const voucher = within(screen.getByTestId('voucher'));
    expect(voucher.getByRole('heading', { level: 2, name: 'Your payment voucher' })).toBeTruthy();
    expect((voucher.getByLabelText('Payment reference') as HTMLInputElement).value).toBe(
      '23793.38128 60000.000003 00000.000408 1 84340000010000',
    );
    // In the buyer's time zone (Europe/London).
    expect(voucher.getByTestId('voucher-expiry').textContent).toBe('Pay before Nov 27, 2026, 2:59 AM');
    const open = voucher.getByRole('link', { name: 'Open voucher (opens in a new tab)' });
    expect(open.getAttribute('href')).toBe('http://provider.test/vouchers/vch_1/');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('copies the voucher reference and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setUp({ 'GET /payment/checkout-result/': json(pendingVoucher) });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy reference' }));
    expect(await screen.findByText('Reference copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('23793.38128 60000.000003 00000.000408 1 84340000010000');
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('polls a pending receipt every 3 s and shows the order once it succeeds, in the live region', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { receiptCalls } = setUp({
      'GET /payment/checkout-result/': [json(pendingVoucher), json(pendingVoucher), json(receipt())],
    });
    await screen.findByTestId('checkout-pending');
    const live = screen.getByTestId('checkout-status');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(receiptCalls()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(receiptCalls()).toHaveLength(2));
    expect(screen.getByTestId('checkout-pending')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    // The same live region announces the change.
    expect(screen.getByTestId('checkout-status')).toBe(live);
    expect(within(live).getByTestId('purchase-completed')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your purchase' })).toBeTruthy();
    expect(screen.queryByTestId('voucher')).toBeNull();

    // Settled: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(receiptCalls()).toHaveLength(3);
  });

  it('refreshes the cart once the order of a purchase finished elsewhere is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = setUp({
      'GET /payment/checkout-result/': [json(pendingVoucher), json(receipt())],
    });
    const cartReads = () =>
      server.requests.filter(
        (entry) => entry.method === 'GET' && entry.path === '/api-2.0/shopping-carts/me/',
      );
    await screen.findByTestId('checkout-pending');
    await waitFor(() => expect(cartReads().length).toBeGreaterThan(0));
    const before = cartReads().length;
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    await waitFor(() => expect(cartReads()).toHaveLength(before + 1));
  });

  it('stops polling when the page goes away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { receiptCalls, unmount } = setUp({ 'GET /payment/checkout-result/': json(pendingVoucher) });
    await screen.findByTestId('checkout-pending');
    unmount();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(receiptCalls()).toHaveLength(1);
  });

  it('shows why a payment failed and leads back to the checkout', async () => {
    setUp({
      'GET /payment/checkout-result/': json(
        receipt({
          status: 'failed',
          order: null,
          failure: { error_code: 'card_declined', message: 'Your payment was declined by the bank.' },
        }),
      ),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Your payment didn't go through" }),
    ).toBeTruthy();
    expect(screen.getByTestId('checkout-failure').textContent).toBe('Your payment was declined by the bank.');
    expect(screen.getByRole('link', { name: 'Back to checkout' }).getAttribute('href')).toBe(
      '/payment/checkout/',
    );
  });

  it('shows the load failure with a way to try again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    setUp({
      'GET /payment/checkout-result/': [
        json({ detail: 'Server error.', code: 'error' }, 500),
        json(receipt()),
      ],
    });
    expect(await screen.findByTestId('checkout-success-error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('purchase-completed')).toBeTruthy();
    consoleError.mockRestore();
  });

  it('asks a visitor to log in, keeping the outcome but not the client secret', async () => {
    // No attempt pass on this device: the guest receipt answers 401.
    setUp(
      {
        'GET /payment/dac-checkout-result/': json(
          { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
          401,
        ),
      },
      { search: RETURN_QUERY, signedIn: false },
    );
    const login = await screen.findByRole('link', { name: 'Log in to see this page' });
    const next = new URLSearchParams(login.getAttribute('href')!.split('?')[1]).get('next');
    expect(next).toBe('/cart/success/att-1/?payment_intent=pi_1&redirect_status=succeeded');
  });
});
