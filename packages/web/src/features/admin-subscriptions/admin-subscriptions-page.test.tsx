import type { AdminSubscriptionRow } from '@lectern/domain';
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

const row: AdminSubscriptionRow = {
  id: 42,
  reference: 'LSC-42',
  status: 'past_due',
  plan: { type: 'team', name: 'Team Plan' },
  interval: { type: 'month', count: 1 },
  subscriber: { type: 'organization', id: 7, name: 'Globex', email: 'owner@globex.example' },
  licenses: 5,
  country: 'US',
  next_charge: { amount: 10_950, currency: 'USD' },
  current_period_start: '2026-01-01T00:00:00Z',
  current_period_end: '2026-02-01T00:00:00Z',
  trial_end: null,
  cancel_date: null,
  created_at: '2026-01-01T00:00:00Z',
};

function server(routes: Record<string, FakeHandler | FakeHandler[]>) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe())),
    'GET /api-2.0/admin/me/': json({
      user_id: 7,
      email: 'fin@example.com',
      name: 'Fin',
      role: 'finance',
      permissions: ['backOffice.read', 'orders.refund', 'subscriptions.billing'],
    }),
    ...routes,
  });
}

describe('AdminSubscriptionsPage', () => {
  it('asks the server for the view in the URL, links each plan, and filters past-due plans in one click', async () => {
    const { fetch, requests } = server({
      'GET /api-2.0/admin/subscriptions/': json({ count: 1, page: 1, page_size: 25, results: [row] }),
    });
    const { router } = renderApp({ fetch, path: '/admin/subscriptions/?plan=team&q=globex' });
    const links = await screen.findAllByRole('link', { name: 'LSC-42' });
    expect(links[0]!.getAttribute('href')).toBe('/admin/subscriptions/42/');
    expect(requests.find((request) => request.path === '/api-2.0/admin/subscriptions/')?.url).toBe(
      '/api-2.0/admin/subscriptions/?plan=team&q=globex',
    );
    expect(screen.getAllByText('$109.50').length).toBeGreaterThan(0);
    const search = screen.getByRole('search', { name: 'Search subscriptions' });
    fireEvent.click(within(search).getByRole('button', { name: 'Past due' }));
    await waitFor(() => expect(router.state.location.search).toBe('?plan=team&q=globex&status=past_due'));
  });

  it('says when nothing matches', async () => {
    const { fetch } = server({
      'GET /api-2.0/admin/subscriptions/': json({ count: 0, page: 1, page_size: 25, results: [] }),
    });
    renderApp({ fetch, path: '/admin/subscriptions/?status=trial' });
    expect(await screen.findByText('No subscriptions match this search and these filters.')).toBeTruthy();
  });
});
