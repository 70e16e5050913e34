import type { AdminAuditEvent, AdminCustomerDetail, AdminMe } from '@lectern/domain';
import { fireEvent, screen, within } from '@testing-library/react';
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

const supportMe: AdminMe = {
  user_id: 9,
  email: 'sam@example.com',
  name: 'Sam Support',
  role: 'support',
  permissions: ['backOffice.read', 'customers.write', 'credit.write', 'orders.refund'],
};

const customer: AdminCustomerDetail = {
  profile: {
    id: 42,
    email: 'ana@example.com',
    name: 'Ana Silva',
    first_name: 'Ana',
    surname: 'Silva',
    country: 'BR',
    locale: 'pt_BR',
    time_zone: 'America/Sao_Paulo',
    created: '2026-01-02T10:00:00Z',
    anonymised_at: null,
    staff_role: null,
    guest: false,
  },
  purchases: {
    count: 1,
    results: [
      {
        id: 1042,
        completed: '2026-01-05T10:00:00Z',
        currency: 'USD',
        subtotal: 4999,
        discount: 0,
        tax: 0,
        credit: 0,
        total: 4999,
        payment_label: 'Visa ****4242',
        lines: [
          {
            id: 5,
            course_id: 2,
            course_title: 'Design basics',
            buyable_type: 'course',
            list_price: 4999,
            price: 4999,
            tax: 0,
            coupon_code: null,
          },
        ],
      },
    ],
  },
  subscriptions: [],
  organizations: [],
  credit: {
    balances: [{ currency: 'USD', amount: 500 }],
    entry_count: 1,
    entries: [
      {
        id: 3,
        kind: 'grant',
        amount: 500,
        currency: 'USD',
        reason: 'Sorry for the outage',
        order_id: null,
        created_by: 'sam@example.com',
        created: '2026-02-01T10:00:00Z',
      },
    ],
  },
  saved_cards: [{ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, used_for: 'checkout' }],
  saved_cards_error: null,
  active_sessions: 2,
};

const granted: AdminAuditEvent = {
  id: 77,
  created: '2026-02-01T10:00:00Z',
  actor: { id: 9, email: 'sam@example.com', role: 'support' },
  action: 'customer.credit_granted',
  object_type: 'customer',
  object_id: '42',
  summary: 'Granted $5.00 of credit to ana@example.com',
  reason: 'Sorry for the outage',
  before: { balance: { currency: 'USD', amount: 0 } },
  after: { balance: { currency: 'USD', amount: 500 }, credit_entry_id: 3 },
};

function server(routes: Record<string, FakeHandler | FakeHandler[]> = {}) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe({ email: supportMe.email }))),
    'GET /api-2.0/admin/me/': json(supportMe),
    'GET /api-2.0/admin/customers/42/': json(customer),
    'GET /api-2.0/admin/audit-events/': json({ count: 1, page: 1, page_size: 20, results: [granted] }),
    ...routes,
  });
}

describe('AdminCustomerPage', () => {
  it('shows the customer and their audit trail, each entry opening to its before and after', async () => {
    const { fetch, requests } = server();
    renderApp({ fetch, path: '/admin/customers/42/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Silva' })).toBeTruthy();
    expect(
      within(screen.getByTestId('customer-orders')).getByRole('link', { name: '#1042' }).getAttribute('href'),
    ).toBe('/admin/orders/1042/');
    expect(screen.getByTestId('customer-cards').textContent).toContain(
      'Visa ending in 4242, expires 04/2030',
    );
    expect(screen.getByText('Signed in on 2 devices or browsers.')).toBeTruthy();

    const trail = await screen.findByTestId('admin-audit-trail');
    expect(requests.find((request) => request.path === '/api-2.0/admin/audit-events/')?.url).toBe(
      '/api-2.0/admin/audit-events/?object_type=customer&object_id=42&page=1&page_size=20',
    );
    fireEvent.click(within(trail).getByRole('button', { name: /Show the details of: Granted \$5\.00/ }));
    const diff = within(trail).getByTestId('audit-before-after');
    expect(within(diff).getByRole('rowheader', { name: 'balance (changed)' })).toBeTruthy();
    expect(diff.textContent).toContain('"amount": 500');
    expect(within(trail).getByText('Sorry for the outage')).toBeTruthy();
  });

  it('grants credit in major units with a reason, and says what the balance is now', async () => {
    const { fetch, requests } = server({
      'POST /api-2.0/admin/customers/42/credit/': json(
        {
          entry: { ...customer.credit.entries[0], id: 4, amount: 1250, reason: 'Course broken' },
          balance: { currency: 'USD', amount: 1750 },
        },
        201,
      ),
    });
    renderApp({ fetch, path: '/admin/customers/42/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Grant or remove credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant or remove credit' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant credit' }));
    expect(await within(dialog).findByText(/Give a reason/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Course broken' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant credit' }));
    expect(await screen.findByText('Granted $12.50 of credit. Available now: $17.50.')).toBeTruthy();
    expect(
      requests.filter((request) => request.path.endsWith('/credit/')).map((request) => request.body),
    ).toEqual([{ action: 'grant', amount: 1250, currency: 'USD', reason: 'Course broken' }]);
  });

  it('anonymises only once the customer’s e-mail is typed again', async () => {
    const { fetch, requests } = server({
      'POST /api-2.0/admin/customers/42/anonymise/': json({
        id: 42,
        email: 'deleted-42@anonymised.invalid',
        anonymised_at: '2026-03-03T10:00:00Z',
        cards_removed: 1,
      }),
    });
    renderApp({ fetch, path: '/admin/customers/42/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Anonymise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonymise the account' });
    const confirm = within(dialog).getByRole('button', {
      name: 'Anonymise the account',
    }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Erasure request' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Type ana@example.com to confirm' }), {
      target: { value: 'ana@example' },
    });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Type ana@example.com to confirm' }), {
      target: { value: 'ANA@example.com' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText(/The account is anonymised and 1 saved card was removed/)).toBeTruthy();
    expect(requests.find((request) => request.path.endsWith('/anonymise/'))?.body).toEqual({
      reason: 'Erasure request',
      confirm_email: 'ANA@example.com',
    });
  });
});
