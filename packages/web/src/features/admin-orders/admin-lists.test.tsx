import type {
  AdminAnalytics,
  AdminDashboard,
  AdminOrderRow,
  AdminRefundRow,
  AdminRevenueFigures,
} from '@lectern/domain';
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

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

const row: AdminOrderRow = {
  id: 1042,
  created_at: '2026-01-02T10:00:00Z',
  status: 'partially_refunded',
  buyer: { id: 9, email: 'ana@example.com', name: 'Ana Silva' },
  gross: usd(4999),
  total: usd(4999),
  credit: usd(0),
  payment_method: { type: 'card', label: 'Visa ****4242', last4: '4242' },
  country: 'US',
  line_count: 2,
  refunded_lines: 1,
  codes: ['SPRING'],
};

const failedRefund: AdminRefundRow = {
  id: 77,
  order_id: 1042,
  order_line_id: 5,
  status: 'failed',
  amount: usd(1999),
  provider_amount: usd(1999),
  credit_amount: usd(0),
  provider_label: 'Visa ****4242',
  reason: 'staff',
  comment: 'Support ticket',
  staff: { id: 3, email: 'sam@example.com' },
  gateway_refund_id: null,
  failure_code: 'refund_failed',
  failure_message: 'the payment provider could not return the money.',
  requested_at: '2026-01-03T10:00:00Z',
  completed_at: '2026-01-03T10:01:00Z',
  retries: 0,
  stuck: false,
  credit_note: null,
  course: { id: 2, title: 'Design basics' },
  buyer: { id: 9, email: 'ana@example.com' },
  order_created_at: '2026-01-02T10:00:00Z',
};

function server(routes: Record<string, FakeHandler | FakeHandler[]>) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe())),
    'GET /api-2.0/admin/me/': json({
      user_id: 7,
      email: 'ada@example.com',
      name: 'Ada',
      role: 'owner',
      permissions: ['backOffice.read', 'orders.refund'],
    }),
    ...routes,
  });
}

describe('AdminOrdersPage', () => {
  it('asks the server for the view in the URL and links each order to its page', async () => {
    const { fetch, requests } = server({
      'GET /api-2.0/admin/orders/': json({ count: 1, page: 1, page_size: 25, results: [row] }),
    });
    const { router } = renderApp({
      fetch,
      path: '/admin/orders/?status=partially_refunded&q=ana%40example.com',
    });
    const link = await screen.findByRole('link', { name: '#1042' });
    expect(link.getAttribute('href')).toBe('/admin/orders/1042/');
    expect(requests.find((request) => request.path === '/api-2.0/admin/orders/')?.url).toBe(
      '/api-2.0/admin/orders/?status=partially_refunded&q=ana%40example.com',
    );
    expect(screen.getByText('$49.99')).toBeTruthy();
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
    // A typed search goes to the URL (page 1 again).
    const search = screen.getByRole('search', { name: 'Search orders' });
    fireEvent.change(within(search).getByRole('textbox', { name: 'Search' }), { target: { value: '4242' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=partially_refunded&q=4242'));
  });

  it('says when nothing matches', async () => {
    const { fetch } = server({
      'GET /api-2.0/admin/orders/': json({ count: 0, page: 1, page_size: 25, results: [] }),
    });
    renderApp({ fetch, path: '/admin/orders/?q=nobody%40example.com' });
    expect(await screen.findByText('No orders match this search and these filters.')).toBeTruthy();
  });
});

describe('AdminRefundsPage', () => {
  it('lists the refunds that need attention and retries one', async () => {
    const { fetch, requests } = server({
      'GET /api-2.0/admin/refunds/': json({ count: 1, page: 1, page_size: 25, results: [failedRefund] }),
      'POST /api-2.0/admin/refunds/77/retry/': json({
        refund: {
          ...failedRefund,
          status: 'refunded',
          retries: 1,
          failure_code: null,
          failure_message: null,
        },
      }),
    });
    renderApp({ fetch, path: '/admin/refunds/' });
    const retry = await screen.findByRole('button', { name: 'Retry refund #77' });
    expect(screen.getByText(/the payment provider could not return the money/)).toBeTruthy();
    fireEvent.click(retry);
    fireEvent.click(retry);
    expect(await screen.findByText('Refund #77 is done: $19.99 went back.')).toBeTruthy();
    expect(requests.filter((request) => request.path === '/api-2.0/admin/refunds/77/retry/')).toHaveLength(1);
  });
});

describe('AdminDashboardPage', () => {
  const figures = (grossSales: number, mrr: number): AdminRevenueFigures => ({
    from: '2026-01-01',
    to: '2026-01-31',
    gross_sales: grossSales,
    refunds: 1999,
    tax_collected: 1000,
    net_revenue: grossSales - 2999,
    orders: 3,
    average_order_value: 4000,
    mrr,
    arr: mrr * 12,
    active_subscriptions: 2,
    new_mrr: 0,
    expansion_mrr: 0,
    contraction_mrr: 0,
    churned_mrr: 0,
    trials_ended: 0,
    trials_converted: 0,
    trial_conversion_rate: null,
    logo_churn_rate: 0,
    revenue_churn_rate: 0,
    failed_invoices: 1,
    recovered_invoices: 0,
    recovery_rate: 0,
  });

  it('shows the period’s figures beside the previous period’s, and an alert linking to the failed refunds', async () => {
    const dashboard: AdminDashboard = {
      today: { orders: 3, gross: [usd(12000)], refunds: 1, refunded: [usd(1999)] },
      last_30_days: { orders: 40, gross: [usd(250000)], refunds: 2, refunded: [] },
      alerts: { failed_refunds: 2, stuck_refunds: 0 },
      newest_orders: [row],
      as_of: '2026-01-03T12:00:00Z',
      role: 'owner',
    };
    const analytics: AdminAnalytics = {
      base_currency: 'USD',
      current: figures(12000, 50000),
      previous: figures(8000, 50000),
      daily_sales: [],
      mrr_history: [],
      subscriptions_by_status: [],
      top_courses: [],
      sales_by_country: [],
      unconverted: [],
      as_of: '2026-01-03T12:00:00Z',
    };
    const { fetch } = server({
      'GET /api-2.0/admin/dashboard/': json(dashboard),
      'GET /api-2.0/admin/analytics/': json(analytics),
    });
    renderApp({ fetch, path: '/admin/' });
    const alert = await screen.findByTestId('admin-refund-alert');
    expect(within(alert).getByRole('link', { name: '2 failed refunds' }).getAttribute('href')).toBe(
      '/admin/refunds/?status=failed',
    );
    expect((await screen.findByTestId('figure-gross_sales')).textContent).toBe('$120.00');
    const gross = screen.getByRole('region', { name: 'Gross sales' });
    expect(within(gross).getByText('+50%')).toBeTruthy();
    expect(within(gross).getByText('was $80.00')).toBeTruthy();
    expect(screen.getByTestId('figure-mrr').textContent).toBe('$500.00');
    expect(screen.getByRole('link', { name: '#1042' }).getAttribute('href')).toBe('/admin/orders/1042/');
  });
});
