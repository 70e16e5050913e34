import type { AdminAuditEvent, AdminMe } from '@lectern/domain';
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

const readOnly: AdminMe = {
  user_id: 5,
  email: 'rita@example.com',
  name: 'Rita Reader',
  role: 'read_only',
  permissions: ['backOffice.read'],
};

const event: AdminAuditEvent = {
  id: 9,
  created: '2026-02-01T10:00:00Z',
  actor: { id: 7, email: 'otto@example.com', role: 'owner' },
  action: 'staff.role_changed',
  object_type: 'staff',
  object_id: '9',
  summary: 'Changed sam@example.com’s role from Support to Finance',
  reason: null,
  before: { role: 'support' },
  after: { role: 'finance' },
};

function server(routes: Record<string, FakeHandler | FakeHandler[]>, email = readOnly.email) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe({ email }))),
    'GET /api-2.0/admin/me/': json(readOnly),
    ...routes,
  });
}

describe('AdminAuditPage', () => {
  it('asks for the view in the URL, and a typed search goes to the URL', async () => {
    const { fetch, requests } = server({
      'GET /api-2.0/admin/audit-events/': json({ count: 1, page: 1, page_size: 25, results: [event] }),
    });
    const { router } = renderApp({ fetch, path: '/admin/audit/?object_type=staff&from=2026-01-01' });
    const table = await screen.findByTestId('audit-events-table');
    expect(within(table).getByText('staff #9')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api-2.0/admin/audit-events/')?.url).toBe(
      '/api-2.0/admin/audit-events/?object_type=staff&from=2026-01-01',
    );
    fireEvent.click(within(table).getByRole('button', { name: /Show the details of/ }));
    expect(within(table).getByRole('rowheader', { name: 'role (changed)' })).toBeTruthy();

    const search = screen.getByRole('search', { name: 'Search the audit log' });
    fireEvent.change(within(search).getByRole('textbox', { name: /^Search/ }), { target: { value: 'sam@' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?object_type=staff&from=2026-01-01&q=sam%40'),
    );
  });
});

describe('StaffInvitationAcceptPage', () => {
  it('joins the staff with one button and leads to the back office', async () => {
    const { fetch, requests } = server(
      { 'POST /api-2.0/staff-invitations/accept/': json({ email: 'new@example.com', role: 'catalog' }) },
      'new@example.com',
    );
    renderApp({ fetch, path: '/admin/invitations/accept/?token=abcdefghijklmnopqrstuvwxyz' });
    expect(await screen.findByText(/You are signed in as/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    const done = await screen.findByTestId('staff-invitation-accepted');
    expect(done.textContent).toContain('new@example.com is now on the staff as Catalog.');
    expect(within(done).getByRole('link', { name: 'Open the back office' }).getAttribute('href')).toBe(
      '/admin/',
    );
    expect(requests.find((request) => request.path === '/api-2.0/staff-invitations/accept/')?.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz',
    });
  });

  it('tells another account why it cannot, and offers to sign out', async () => {
    const { fetch } = server(
      {
        'POST /api-2.0/staff-invitations/accept/': json(
          {
            detail:
              'This invitation was sent to another e-mail address, and you are signed in as lena@example.com.',
            code: 'permission_denied',
          },
          403,
        ),
      },
      'lena@example.com',
    );
    renderApp({ fetch, path: '/admin/invitations/accept/?token=abcdefghijklmnopqrstuvwxyz' });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect((await screen.findByTestId('staff-invitation-error')).textContent).toContain(
      'another e-mail address',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });
});
