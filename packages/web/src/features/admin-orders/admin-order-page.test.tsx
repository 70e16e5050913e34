import type { AdminOrderDetail, AdminOrderLine, StaffPermission, StaffRole } from '@lectern/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';

const REFUNDS = '/api-2.0/admin/orders/42/refunds/';
const usd = (amount: number) => ({ amount, currency: 'USD' as const });

function line(id: number, title: string, paid: number): AdminOrderLine {
  return {
    id,
    course: { id: id + 100, title },
    buyable_type: 'course',
    list_price: usd(paid),
    discount: usd(0),
    price: usd(paid),
    tax: usd(0),
    paid: usd(paid),
    code: null,
    refund: null,
    refund_refusal: 'refund_window_closed',
    refund_refusal_overridable: true,
    refund_to: { provider: usd(paid), credit: usd(0) },
  };
}

const order: AdminOrderDetail = {
  id: 42,
  status: 'paid',
  created_at: '2026-01-02T10:00:00Z',
  completed_at: '2026-01-02T10:00:00Z',
  buyer: { id: 9, email: 'ana@example.com', name: 'Ana', country: 'US', anonymised: false },
  currency: 'USD',
  subtotal: usd(5000),
  discount: usd(0),
  tax: usd(0),
  credit: usd(0),
  total: usd(5000),
  gross: usd(5000),
  tax_mode: 'tax_added',
  tax_rate_percent: 0,
  tax_lines: [],
  tax_note: null,
  tax_number: null,
  country: 'US',
  payment_method: { type: 'card', label: 'Visa ****4242', brand: 'visa', last4: '4242' },
  gateway_payment_id: 'pi_123',
  lines: [line(1, 'Design basics', 2000), line(2, 'Advanced design', 3000)],
  payment_attempts: [],
  provider_events: [],
  invoice: { kind: 'invoice', number: 'INV-000042', url: '/api-2.0/admin/purchase-documents/order/42/' },
  refunds: [],
  refund_deadline: '2026-02-01T23:59:59Z',
  refund_window_open: false,
};

function staffMe(role: StaffRole, permissions: StaffPermission[]) {
  return { user_id: 7, email: 'ada@example.com', name: 'Ada', role, permissions };
}

function server(permissions: StaffPermission[], onRefund?: () => Response | Promise<Response>) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe())),
    'GET /api-2.0/admin/me/': json(
      staffMe(permissions.includes('orders.refund') ? 'support' : 'read_only', permissions),
    ),
    'GET /api-2.0/admin/orders/42/': json(order),
    ...(onRefund ? { 'POST /api-2.0/admin/orders/42/refunds/': onRefund } : {}),
  });
}

describe('AdminOrderPage', () => {
  it('refunds a chosen course past the window once, however often the button is clicked', async () => {
    let answer: (response: Response) => void = () => {};
    const { fetch, requests } = server(
      ['backOffice.read', 'orders.refund'],
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderApp({ fetch, path: '/admin/orders/42/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: /Invoice INV-000042/ })).getAttribute('href')).toBe(
      '/api-2.0/admin/purchase-documents/order/42/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #42' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Chosen courses' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Design basics/ }));
    const next = within(dialog).getByRole('button', { name: 'Continue' });
    // Past the window and without a reason: not yet.
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Buyer was charged twice' },
    });
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Refund outside the 30-day window/ }));
    expect(next.hasAttribute('disabled')).toBe(false);
    fireEvent.click(next);
    const confirm = await within(dialog).findByRole('button', { name: 'Refund $20.00' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const refunds = () => requests.filter((request) => request.method === 'POST' && request.path === REFUNDS);
    await waitFor(() => expect(refunds()).toHaveLength(1));
    const posted = refunds()[0]!;
    expect(posted.body).toEqual({
      line_ids: [1],
      reason: 'Buyer was charged twice',
      allow_outside_window: true,
    });
    answer(
      json(
        {
          order_id: 42,
          refunds: [{ id: 5, order_line_id: 1, status: 'refunded', amount: usd(2000) }],
        },
        201,
      ),
    );
    expect(await screen.findByText('Refunded 1 course for $20.00.')).toBeTruthy();
    expect(refunds()).toHaveLength(1);
  }, 20_000);

  it('shows a refused refund’s reason and keeps the dialog open', async () => {
    const { fetch } = server(['backOffice.read', 'orders.refund'], () =>
      json(
        { code: 'refund_limit_exceeded', detail: 'Support staff may refund at most $10.00 in one refund.' },
        403,
      ),
    );
    renderApp({ fetch, path: '/admin/orders/42/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #42' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Refund outside the 30-day window/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Goodwill' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Refund $50.00' }));
    expect(
      await within(dialog).findByText('Support staff may refund at most $10.00 in one refund.'),
    ).toBeTruthy();
  });

  it('offers no refund to a role without orders.refund', async () => {
    const { fetch } = server(['backOffice.read']);
    renderApp({ fetch, path: '/admin/orders/42/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeTruthy();
    expect(await screen.findByText('Design basics')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
