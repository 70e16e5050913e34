import type {
  AdminMe,
  AdminPage,
  AdminStaffInvitation,
  AdminStaffMember,
  BackOfficeSettings,
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

const owner: AdminMe = {
  user_id: 7,
  email: 'otto@example.com',
  name: 'Otto Operator',
  role: 'owner',
  permissions: [
    'backOffice.read',
    'catalog.write',
    'prices.write',
    'codes.write',
    'customers.write',
    'credit.write',
    'orders.refund',
    'reports.export',
    'staff.manage',
  ],
};
const support: AdminMe = {
  ...owner,
  user_id: 9,
  email: 'sam@example.com',
  role: 'support',
  permissions: ['backOffice.read', 'customers.write', 'credit.write', 'orders.refund'],
};

const members: AdminStaffMember[] = [
  {
    user_id: 7,
    email: 'otto@example.com',
    name: 'Otto Operator',
    role: 'owner',
    since: '2026-01-02T10:00:00Z',
  },
  {
    user_id: 9,
    email: 'sam@example.com',
    name: 'Sam Support',
    role: 'support',
    since: '2026-02-03T10:00:00Z',
  },
];
const page = (results: AdminStaffMember[]): AdminPage<AdminStaffMember> => ({
  count: results.length,
  page: 1,
  page_size: 25,
  results,
});
const invitation: AdminStaffInvitation = {
  id: 31,
  email: 'new@example.com',
  role: 'catalog',
  invited_by: 'otto@example.com',
  created: '2026-03-01T10:00:00Z',
  expires: '2026-03-08T10:00:00Z',
};
const settings: BackOfficeSettings = {
  support_refund_limits: { USD: 20000, JPY: 3000000 },
  sales_contact: {
    sales_email: 'deals@acme-courses.com',
    request_demo_url: null,
    enterprise_upgrade_url: null,
    compare_plans_url: null,
  },
  sales_contact_defaults: {
    sales_email: 'support@lectern.test',
    request_demo_url: 'https://lectern.test/support/#help-contact',
    enterprise_upgrade_url: 'https://lectern.test/support/#help-contact',
    compare_plans_url: 'https://lectern.test/support/#help-team-plan',
  },
  updated: '2026-01-01T00:00:00Z',
};

function server(me: AdminMe, routes: Record<string, FakeHandler | FakeHandler[]> = {}) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe({ email: me.email }))),
    'GET /api-2.0/admin/me/': json(me),
    'GET /api-2.0/admin/staff/': json(page(members)),
    'GET /api-2.0/admin/staff/invitations/': json({ results: [invitation] }),
    'GET /api-2.0/admin/settings/': json(settings),
    ...routes,
  });
}

/** Chooses `value` in the select named `label` (within `scope`, the page by default). */
function choose(label: string, value: string, scope: Pick<typeof screen, 'getByRole'> = screen) {
  fireEvent.change(scope.getByRole('combobox', { name: label }), { target: { value } });
}

describe('AdminStaffPage for an owner', () => {
  it('changes a member’s role and removes a member after confirming', async () => {
    const { fetch, requests } = server(owner, {
      'PATCH /api-2.0/admin/staff/9/': json({ ...members[1], role: 'finance' }),
      'DELETE /api-2.0/admin/staff/9/': new Response(null, { status: 204 }),
    });
    renderApp({ fetch, path: '/admin/staff/' });
    const table = await screen.findByTestId('staff-table');
    expect(within(table).getByText('You')).toBeTruthy();

    choose('Role of sam@example.com', 'finance');
    expect(await screen.findByText('sam@example.com is now Finance.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ role: 'finance' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove sam@example.com from the staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the staff' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('sam@example.com is no longer on the staff.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/api-2.0/admin/staff/9/',
    ]);
  });

  it('shows the server’s refusal to demote the last owner', async () => {
    const { fetch } = server(owner, {
      'PATCH /api-2.0/admin/staff/7/': json(
        {
          detail: 'The marketplace must keep at least one owner: make another staff member an owner first.',
          code: 'last_owner',
        },
        409,
      ),
    });
    renderApp({ fetch, path: '/admin/staff/' });
    await screen.findByTestId('staff-table');
    choose('Role of otto@example.com', 'read_only');
    expect((await screen.findByRole('alert')).textContent).toContain('must keep at least one owner');
  });

  it('invites by e-mail with a role, showing the server’s field errors', async () => {
    const { fetch, requests } = server(owner, {
      'POST /api-2.0/admin/staff/invitations/': [
        json(
          {
            detail: 'Enter a valid email address.',
            code: 'validation_error',
            field_errors: { email: ['Enter a valid email address.'] },
          },
          400,
        ),
        json({ ...invitation, id: 32, email: 'ana@example.com', role: 'finance' }, 201),
      ],
    });
    renderApp({ fetch, path: '/admin/staff/' });
    expect(await screen.findByTestId('staff-invitations-table')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite a staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), { target: { value: 'ana@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'ana@example.com' },
    });
    choose('Role', 'finance', within(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText(/Invitation sent to ana@example.com \(Finance\)/)).toBeTruthy();
    const posts = requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/invitations/'),
    );
    expect(posts.map((request) => request.body)).toEqual([
      { email: 'ana@', role: 'support' },
      { email: 'ana@example.com', role: 'finance' },
    ]);
  });

  it('edits the support refund limits in major units and sends minor units', async () => {
    const { fetch, requests } = server(owner, {
      'PUT /api-2.0/admin/settings/': json({
        support_refund_limits: { JPY: 3000000, USD: 15050 },
        updated: '2026-03-01T00:00:00Z',
      }),
    });
    renderApp({ fetch, path: '/admin/staff/' });
    const usd = await screen.findByRole('textbox', { name: 'Limit in USD' });
    expect((usd as HTMLInputElement).value).toBe('200.00');
    expect((screen.getByRole('textbox', { name: 'Limit in JPY' }) as HTMLInputElement).value).toBe('3000000');

    fireEvent.change(usd, { target: { value: '150.505' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the limits' }));
    expect(await screen.findByText('Enter an amount such as 200.00 (at most 2 decimals).')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(usd, { target: { value: '150.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the limits' }));
    expect(await screen.findByText('The support refund limits are saved.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      support_refund_limits: { JPY: 3000000, USD: 15050 },
    });
  });
});

describe('the sales links (issue 34)', () => {
  const saved: BackOfficeSettings = {
    ...settings,
    sales_contact: {
      sales_email: null,
      request_demo_url: 'https://acme-courses.com/demo/',
      enterprise_upgrade_url: null,
      compare_plans_url: null,
    },
  };

  it('an owner edits them: checked before sending, the server’s field errors shown, empty for the default', async () => {
    const { fetch, requests } = server(owner, {
      'PUT /api-2.0/admin/settings/sales-contact/': [
        json(
          {
            detail: 'Enter a valid e-mail address.',
            code: 'validation_error',
            field_errors: { sales_email: ['Enter a valid e-mail address.'] },
          },
          400,
        ),
        json(saved),
      ],
    });
    renderApp({ fetch, path: '/admin/staff/' });
    const form = await screen.findByRole('form', { name: 'Sales links' });
    const email = within(form).getByRole('textbox', { name: /Sales e-mail address/ }) as HTMLInputElement;
    expect(email.value).toBe('deals@acme-courses.com');
    const demo = within(form).getByRole('textbox', { name: /Request a demo/ }) as HTMLInputElement;
    expect(demo.value).toBe('');
    expect(demo.placeholder).toBe('https://lectern.test/support/#help-contact');

    fireEvent.change(demo, { target: { value: 'http://acme-courses.com/demo/' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the sales links' }));
    expect(
      await within(form).findByText('Enter an address that starts with https:// or mailto:.'),
    ).toBeTruthy();
    expect(requests.some((request) => request.path.endsWith('/sales-contact/'))).toBe(false);

    fireEvent.change(demo, { target: { value: 'https://acme-courses.com/demo/' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the sales links' }));
    expect(await within(form).findByText('Enter a valid e-mail address.')).toBeTruthy();

    fireEvent.change(email, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the sales links' }));
    expect(await screen.findByText('The sales links are saved.')).toBeTruthy();
    const puts = requests.filter((request) => request.path === '/api-2.0/admin/settings/sales-contact/');
    expect(puts.map((request) => request.body)).toEqual([
      {
        sales_email: 'deals@acme-courses.com',
        request_demo_url: 'https://acme-courses.com/demo/',
        enterprise_upgrade_url: null,
        compare_plans_url: null,
      },
      saved.sales_contact,
    ]);
  });

  it('the rest of the staff sees them, defaults named, without a form', async () => {
    const { fetch } = server(support);
    renderApp({ fetch, path: '/admin/staff/' });
    expect(await screen.findByText('Sales e-mail address: deals@acme-courses.com')).toBeTruthy();
    expect(
      screen.getByText('“Compare plans” link: https://lectern.test/support/#help-team-plan (default)'),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Sales links' })).toBeNull();
  });
});

describe('AdminStaffPage for a support member', () => {
  it('shows the staff and the limits without any way to change them', async () => {
    const { fetch, requests } = server(support);
    renderApp({ fetch, path: '/admin/staff/' });
    const table = await screen.findByTestId('staff-table');
    expect(within(table).getAllByText('Owner').length).toBeGreaterThan(0);
    expect(screen.queryByRole('combobox', { name: /^Role of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite a staff member' })).toBeNull();
    expect(await screen.findByText('USD: $200.00')).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api-2.0/admin/settings/')).toBe(true),
    );
    // The invitations are an owner's: not even asked for.
    expect(requests.some((request) => request.path === '/api-2.0/admin/staff/invitations/')).toBe(false);
  });
});
