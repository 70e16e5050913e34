import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test-utils/fake-server';
import {
  charge,
  historyPage,
  historyParams,
  historyServer,
  HISTORY,
  learner,
  line,
  order,
  refund,
  requestsTo,
  setUp,
  usd,
} from './purchase-history-fixtures';

const PAGE = '/dashboard/purchase-history/';

const medium = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso));

const columnsOf = (table: HTMLElement) =>
  within(within(table).getAllByRole('rowgroup')[0]!)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell');

const historyRequests = (server: ReturnType<typeof setUp>['server']) =>
  requestsTo(server.requests, HISTORY).map(historyParams);

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('PurchaseHistoryPage: Courses', () => {
  it('opens on the Courses tab, page 1, with one row per order from the site-root endpoint', async () => {
    const { server } = setUp(PAGE, {
      [HISTORY]: historyServer({ courses: json(historyPage('courses', [order()])) }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase history' })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Kinds of purchases' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Courses', 'Refunds', 'Subscriptions']);
    expect(within(tabs).getByRole('tab', { name: 'Courses' }).getAttribute('aria-selected')).toBe('true');

    const table = await screen.findByRole('table', { name: 'Your course purchases' });
    expect(columnsOf(table)).toEqual([
      'Date',
      'Description',
      'Total price',
      'Payment method',
      'Status',
      'Invoice',
    ]);
    const [row] = screen.getAllByTestId('purchase-row');
    const cells = cellsOf(row!);
    expect(cells[0]!.textContent).toBe(medium('2026-03-05T10:00:00.000Z'));
    expect(within(cells[1]!).getByText('2 courses purchased')).toBeTruthy();
    expect(within(cells[1]!).getByText('TypeScript from first principles')).toBeTruthy();
    expect(cells[2]!.textContent).toBe('$39.98');
    expect(cells[3]!.textContent).toBe('Visa ****4242');
    expect(cells[4]!.textContent).toBe('Completed');
    const download = within(cells[5]!).getByRole('link', { name: /^Download/ });
    expect(download.getAttribute('href')).toBe('/api-2.0/purchase-documents/order/12/');
    expect(download.hasAttribute('download')).toBe(true);
    expect(download.textContent).toBe(`Download the invoice of ${medium('2026-03-05T10:00:00.000Z')}`);

    const request = requestsTo(server.requests, HISTORY)[0]!;
    expect(request.url).toBe('/purchase-history/purchase-history-data/?page_number=1&data_type=courses');
  });

  it('says "Pending" or "Invoice unavailable" where there is no invoice to download', async () => {
    setUp(PAGE, {
      [HISTORY]: historyServer({
        courses: json(
          historyPage('courses', [
            order({
              id: 1,
              status: 'pending',
              invoice: { status: 'pending', url: null, number: null },
              courses: [line({ id: 601, refund_refusal: 'payment_pending' })],
            }),
            order({
              id: 2,
              total_price: usd(0),
              invoice: { status: 'unavailable', url: null, number: null },
              courses: [line({ id: 602, price: { ...usd(0), price_string: 'Free' } })],
            }),
          ]),
        ),
      }),
    });
    const rows = await screen.findAllByTestId('purchase-row');
    expect(cellsOf(rows[0]!)[4]!.textContent).toBe('Pending');
    expect(cellsOf(rows[0]!)[5]!.textContent).toBe('Pending');
    expect(within(cellsOf(rows[0]!)[1]!).getByText('1 course purchased')).toBeTruthy();
    expect(cellsOf(rows[1]!)[5]!.textContent).toBe('Invoice unavailable');
    expect(screen.queryAllByRole('link', { name: /^Download/ })).toHaveLength(0);
  });

  it('opens the courses of an order with "View all courses": price and refund of each', async () => {
    setUp(PAGE, {
      [HISTORY]: historyServer({
        courses: json(
          historyPage('courses', [
            order({
              status: 'partially_refunded',
              course_count: 4,
              courses: [
                line({ id: 501, course: { id: 1, title: 'TypeScript', url: '/course/typescript/' } }),
                line({
                  id: 502,
                  course: { id: 2, title: 'Design systems', url: '/course/design-systems/' },
                  refund: { id: 9, status: 'pending' },
                  refund_refusal: 'already_refunded',
                }),
                line({
                  id: 503,
                  course: { id: 3, title: 'Go', url: '/course/go/' },
                  price: usd(2999),
                  refund: { id: 10, status: 'refunded' },
                  refund_refusal: 'already_refunded',
                }),
                line({
                  id: 504,
                  course: { id: 4, title: 'Rust', url: '/course/rust/' },
                  refund_refusal: 'refund_window_closed',
                  refund_deadline: '2026-04-04T23:59:59.999Z',
                }),
              ],
            }),
          ]),
        ),
      }),
    });
    const row = (await screen.findAllByTestId('purchase-row'))[0]!;
    expect(within(row).getByText('4 courses purchased')).toBeTruthy();
    expect(cellsOf(row)[4]!.textContent).toBe('Partially refunded1 course refunded');

    const toggle = within(row).getByRole('button', { name: 'View all courses' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const lines = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(lines.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide courses');
    expect(lines.hidden).toBe(false);
    const table = within(lines).getByRole('table', {
      name: `Courses of the order of ${medium('2026-03-05T10:00:00.000Z')}`,
    });
    expect(columnsOf(table)).toEqual(['Course', 'Price', 'Refund']);
    const [first, second, third, fourth] = within(table).getAllByTestId('purchase-line');
    expect(within(first!).getByRole('link', { name: 'TypeScript' }).getAttribute('href')).toBe(
      '/course/typescript/',
    );
    expect(cellsOf(first!)[1]!.textContent).toBe('$19.99');
    expect(
      within(first!).getByRole('link', { name: 'Request a refund for TypeScript' }).getAttribute('href'),
    ).toBe('/request-refund/501/');
    expect(cellsOf(second!)[2]!.textContent).toBe('Refund pending');
    expect(cellsOf(third!)[1]!.textContent).toBe('$29.99');
    expect(cellsOf(third!)[2]!.textContent).toBe('Refunded');
    expect(cellsOf(fourth!)[2]!.textContent).toBe(
      `Refund period ended on ${medium('2026-04-04T23:59:59.999Z', 'UTC')}`,
    );
    expect(within(table).getAllByRole('link', { name: /Request a refund/ })).toHaveLength(1);

    fireEvent.click(toggle);
    expect(lines.hidden).toBe(true);
  });

  it('says who each gift is for and where it is: scheduled, delivered, redeemed or refunded', async () => {
    const gift = (status: 'scheduled' | 'delivered' | 'redeemed' | 'refunded', name: string | null) => ({
      recipient_email: `${status}@example.com`,
      recipient_name: name,
      deliver_at: '2026-12-24T08:00:00.000Z',
      status,
    });
    setUp(PAGE, {
      [HISTORY]: historyServer({
        courses: json(
          historyPage('courses', [
            order({
              course_count: 4,
              courses: [
                line({ id: 601, gift: gift('scheduled', 'Ana') }),
                line({ id: 602, gift: gift('delivered', null) }),
                line({ id: 603, gift: gift('redeemed', 'Bo'), refund_refusal: 'gift_redeemed' }),
                line({ id: 604, gift: gift('refunded', null), refund: { id: 11, status: 'refunded' } }),
              ],
            }),
          ]),
        ),
      }),
    });
    const row = (await screen.findAllByTestId('purchase-row'))[0]!;
    // The order's first line, as a gift.
    expect(within(row).getByText('A gift of Course 601')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'View all courses' }));
    const notes = screen.getAllByTestId('purchase-gift').map((note) => note.textContent);
    expect(notes).toEqual([
      `Gift for AnaScheduled for ${medium('2026-12-24T08:00:00.000Z')}`,
      'Gift for delivered@example.comDelivered',
      'Gift for BoRedeemed',
      'Gift for refunded@example.comRefunded',
    ]);
    // A redeemed gift is the recipient's now: no refund is offered.
    const lines = screen.getAllByTestId('purchase-line');
    expect(within(lines[2]!).queryByRole('link', { name: /Request a refund/ })).toBeNull();
    expect(within(lines[0]!).getByRole('link', { name: /Request a refund/ })).toBeTruthy();
  });
});

describe('PurchaseHistoryPage: Refunds and Subscriptions', () => {
  it('shows each refund: where the money went, its status and credit note', async () => {
    const { server } = setUp(`${PAGE}?tab=refunds`, {
      [HISTORY]: historyServer({
        refunds: json(
          historyPage('refunds', [
            refund(),
            refund({
              id: 32,
              course: { id: 2, title: 'Design systems', url: '/course/design-systems/' },
              status: 'pending',
              completed: null,
              refunded_to: [{ kind: 'original_method', label: 'PayPal', amount: usd(2500) }],
              credit_note: { status: 'pending', url: null, number: null },
            }),
            refund({
              id: 33,
              status: 'failed',
              completed: null,
              failure_reason: 'The card was closed. Contact support.',
              credit_note: { status: 'pending', url: null, number: null },
            }),
          ]),
        ),
      }),
    });
    const table = await screen.findByRole('table', { name: 'Your refunds' });
    expect(screen.getByRole('tab', { name: 'Refunds' }).getAttribute('aria-selected')).toBe('true');
    expect(columnsOf(table)).toEqual([
      'Date',
      'Description',
      'Amount',
      'Refunded to',
      'Status',
      'Credit note',
    ]);
    const [done, pending, failed] = within(table).getAllByTestId('refund-row');
    const cells = cellsOf(done!);
    expect(cells[0]!.textContent).toBe(medium('2026-03-08T09:00:00.000Z'));
    expect(within(cells[1]!).getByRole('link', { name: 'TypeScript from first principles' })).toBeTruthy();
    expect(cells[2]!.textContent).toBe('$19.99');
    expect(within(cells[3]!).getByText('Visa ****4242: $15.00')).toBeTruthy();
    expect(within(cells[3]!).getByText('Account credit: $4.99')).toBeTruthy();
    expect(cells[4]!.textContent).toBe('Refunded');
    expect(
      within(cells[5]!)
        .getByRole('link', { name: 'Download the credit note of TypeScript from first principles' })
        .getAttribute('href'),
    ).toBe('/api-2.0/purchase-documents/refund/31/');

    expect(cellsOf(pending!)[4]!.textContent).toBe('Pending');
    expect(cellsOf(pending!)[5]!.textContent).toBe('Pending');
    expect(within(cellsOf(failed!)[4]!).getByText('Failed')).toBeTruthy();
    expect(within(failed!).getByTestId('refund-failure').textContent).toBe(
      'The card was closed. Contact support.',
    );
    expect(cellsOf(failed!)[5]!.textContent).toBe('Credit note unavailable');
    expect(historyRequests(server)).toEqual([{ page: 1, type: 'refunds' }]);
  });

  it('shows each subscription charge with its invoice and receipt', async () => {
    setUp(`${PAGE}?tab=subscriptions`, {
      [HISTORY]: historyServer({
        subscriptions: json(
          historyPage('subscriptions', [
            charge(),
            charge({
              id: 42,
              status: 'failed',
              subtitle: 'Renewal',
              payment_method: null,
              invoice: { status: 'unavailable', url: null, number: null },
              receipt_url: null,
            }),
          ]),
        ),
      }),
    });
    const table = await screen.findByRole('table', { name: 'Your subscription transactions' });
    expect(columnsOf(table)).toEqual([
      'Date',
      'Description',
      'Total amount',
      'Payment method',
      'Status',
      'Invoice',
      'Receipt',
    ]);
    const [paid, failed] = within(table).getAllByTestId('subscription-row');
    const cells = cellsOf(paid!);
    const date = medium('2026-02-01T00:00:00.000Z');
    expect(cells[0]!.textContent).toBe(date);
    expect(cells[1]!.textContent).toBe('Personal PlanRenewal');
    expect(cells[2]!.textContent).toBe('$16.40');
    expect(cells[3]!.textContent).toBe('Visa ****4242');
    expect(cells[4]!.textContent).toBe('Paid');
    expect(
      within(cells[5]!).getByRole('link', { name: `Download the invoice of Personal Plan, ${date}` }),
    ).toBeTruthy();
    expect(
      within(cells[6]!)
        .getByRole('link', { name: `View receipt of Personal Plan, ${date}` })
        .getAttribute('href'),
    ).toBe('/user/manage-subscriptions/receipts/41/');
    expect(cellsOf(failed!)[3]!.textContent).toBe('—');
    expect(cellsOf(failed!)[4]!.textContent).toBe('Failed');
    expect(cellsOf(failed!)[5]!.textContent).toBe('Invoice unavailable');
    expect(cellsOf(failed!)[6]!.textContent).toBe('—');
  });

  it.each([
    ['courses', "You don't have any course purchases."],
    ['refunds', "You don't have any pending or completed refunds."],
    ['subscriptions', "You don't have any transactions for a subscription plan."],
    [
      'organization_subscriptions',
      "Your organization doesn't have any transactions for a subscription plan.",
    ],
  ])('says when the %s tab is empty', async (tab, message) => {
    setUp(`${PAGE}?tab=${tab}`, { [HISTORY]: historyServer({}) }, { me: learner({ admin: true }) });
    expect((await screen.findByTestId('purchase-table-empty')).textContent).toBe(message);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('PurchaseHistoryPage: tabs and pages', () => {
  it('hides the organization tab from a user who is not an organization admin', async () => {
    const { server } = setUp(`${PAGE}?tab=organization_subscriptions`, { [HISTORY]: historyServer({}) });
    await screen.findByTestId('purchase-table-empty');
    expect(screen.queryByRole('tab', { name: 'Organization subscriptions' })).toBeNull();
    // The hidden tab in the URL falls back to Courses.
    expect(screen.getByRole('tab', { name: 'Courses' }).getAttribute('aria-selected')).toBe('true');
    expect(historyRequests(server)).toEqual([{ page: 1, type: 'courses' }]);
  });

  it("shows an organization admin their organization's transactions in their own tab", async () => {
    const { server, router } = setUp(
      PAGE,
      {
        [HISTORY]: historyServer({
          organization_subscriptions: json(
            historyPage('organization_subscriptions', [
              charge({
                description: 'Team Plan',
                subtitle: 'First period',
                receipt_url: '/organization-manage-v2/settings/payment/41/',
              }),
            ]),
          ),
        }),
      },
      { me: learner({ admin: true }) },
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Organization subscriptions' }));
    const table = await screen.findByRole('table', { name: "Your organization's subscription transactions" });
    expect(within(table).getByText('Team Plan')).toBeTruthy();
    expect(
      within(table)
        .getByRole('link', { name: /^View receipt/ })
        .getAttribute('href'),
    ).toBe('/organization-manage-v2/settings/payment/41/');
    expect(router.state.location.search).toBe('?tab=organization_subscriptions');
    expect(historyRequests(server).at(-1)).toEqual({ page: 1, type: 'organization_subscriptions' });
  });

  it('asks for the page in ?p=, keeps the rows while the next page loads, and starts again at 1 on another tab', async () => {
    let releasePage2 = () => {};
    const page2 = new Promise<void>((resolve) => (releasePage2 = resolve));
    const { server, router } = setUp(PAGE, {
      [HISTORY]: historyServer({
        courses: async (request) => {
          const { page } = historyParams(request);
          if (page === 2) await page2;
          return json(
            historyPage('courses', [order({ id: page, total_price: usd(page * 1000) })], { total_pages: 3 }),
          );
        },
      }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    const firstPrice = () => cellsOf(screen.getAllByTestId('purchase-row')[0]!)[2]!.textContent;
    expect(firstPrice()).toBe('$10.00');

    fireEvent.click(within(nav).getByRole('link', { name: 'Page 2' }));
    // Page 1 stays on screen, with the pagination's loading sign, until page 2 arrives.
    expect(await within(nav).findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(firstPrice()).toBe('$10.00');
    releasePage2();
    await waitFor(() => expect(firstPrice()).toBe('$20.00'));
    expect(router.state.location.search).toBe('?p=2');
    expect(historyRequests(server)).toEqual([
      { page: 1, type: 'courses' },
      { page: 2, type: 'courses' },
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Refunds' }));
    await screen.findByText("You don't have any pending or completed refunds.");
    expect(router.state.location.search).toBe('?tab=refunds');
    expect(historyRequests(server).at(-1)).toEqual({ page: 1, type: 'refunds' });

    // Back on Courses: page 1 again, shown at once from the cache (and refreshed).
    fireEvent.click(screen.getByRole('tab', { name: 'Courses' }));
    expect(screen.getByRole('table', { name: 'Your course purchases' })).toBeTruthy();
    expect(firstPrice()).toBe('$10.00');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(historyRequests(server).at(-1)).toEqual({ page: 1, type: 'courses' }));
  });

  it('asks again while the server says processing, until the pending refund is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = order({
      courses: [line({ id: 501, refund: { id: 9, status: 'pending' }, refund_refusal: 'already_refunded' })],
    });
    const done = order({
      status: 'refunded',
      courses: [line({ id: 501, refund: { id: 9, status: 'refunded' }, refund_refusal: 'already_refunded' })],
    });
    const { server } = setUp(PAGE, {
      [HISTORY]: [
        json(historyPage('courses', [pending], { status: 'processing' })),
        json(historyPage('courses', [done])),
      ],
    });
    expect(await screen.findByTestId('purchase-table-processing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View all courses' }));
    expect(screen.getByText('Refund pending')).toBeTruthy();

    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(screen.getByTestId('purchase-line').textContent).toContain('Refunded'));
    expect(screen.queryByTestId('purchase-table-processing')).toBeNull();
    expect(cellsOf(screen.getByTestId('purchase-row'))[4]!.textContent).toBe('Refunded1 course refunded');

    // Done: no more asking.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(requestsTo(server.requests, HISTORY)).toHaveLength(2);
  });
});

describe('PurchaseHistoryPage: failures and visitors', () => {
  it('shows the load-failure banner with "Reload the page", reports the failure and counts it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { server } = setUp(PAGE, { [HISTORY]: json({ detail: 'Down.', code: 'internal_error' }, 500) });
    const banner = await screen.findByTestId('purchase-table-error');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(within(banner).getByText('There was a problem while loading this list.')).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Reload the page' })).toBeTruthy();

    expect(logged).toHaveBeenCalledWith(
      '[lectern]',
      expect.objectContaining({ statusCode: 500 }),
      expect.objectContaining({ step: 'purchase-history', data_type: 'courses' }),
    );
    await waitFor(() =>
      expect(
        requestsTo(server.requests, 'POST /visits/me/datadog-increment-logs/').map((request) => request.body),
      ).toContainEqual({ key: 'web.error', tags: '{"source":"purchase-history"}' }),
    );
  });

  it('asks a visitor to log in, and asks the server nothing', async () => {
    const { server } = setUp(PAGE, {}, { me: null });
    const login = await screen.findByRole('link', { name: 'Log in to see this page' });
    expect(login.getAttribute('href')).toBe('/join/login-popup/?next=%2Fdashboard%2Fpurchase-history%2F');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(requestsTo(server.requests, HISTORY)).toHaveLength(0);
  });

  it('is linked from the user menu, next to the credit history', async () => {
    setUp('/', {});
    fireEvent.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const link = await screen.findByRole('menuitem', { name: 'Purchase history' });
    expect(link.getAttribute('href')).toBe('/dashboard/purchase-history/');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items.indexOf('Purchase history') + 1).toBe(items.indexOf('Credit history'));
  });
});
