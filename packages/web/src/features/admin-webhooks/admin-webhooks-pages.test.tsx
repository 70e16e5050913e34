import type {
  AdminWebhookDelivery,
  AdminWebhookDeliveryDetail,
  AdminWebhookEndpoint,
  StaffPermission,
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

const endpoint: AdminWebhookEndpoint = {
  id: 3,
  url: 'https://hooks.example.com/lectern',
  description: 'Accounting',
  events: ['order.paid', 'order.refunded'],
  enabled: true,
  secret_hint: 'AbCd',
  previous_secret_expires_at: null,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  pending: 0,
  failed_recently: 1,
  last_delivery: { at: '2026-01-03T10:00:00Z', status: 'failed' },
};

const delivery: AdminWebhookDelivery = {
  id: 77,
  endpoint_id: 3,
  event: {
    id: 'evt_0123456789abcdef0123456789abcdef',
    type: 'order.paid',
    created_at: '2026-01-03T09:00:00Z',
  },
  status: 'failed',
  attempts: 2,
  next_attempt_at: null,
  created_at: '2026-01-03T09:00:00Z',
  completed_at: '2026-01-03T10:00:00Z',
  resend_of: null,
  last_attempt: {
    number: 2,
    started_at: '2026-01-03T10:00:00Z',
    duration_ms: 120,
    response_status: 500,
    response_body: 'database down',
    error: null,
  },
};

const detail: AdminWebhookDeliveryDetail = {
  ...delivery,
  request: {
    url: endpoint.url,
    headers: { 'content-type': 'application/json; charset=utf-8', 'lectern-signature': 't=…,v1=…' },
    body: '{"id":"evt_0123456789abcdef0123456789abcdef","type":"order.paid"}',
  },
  attempts_list: [
    {
      ...delivery.last_attempt!,
      number: 1,
      response_status: null,
      response_body: null,
      error: 'ECONNREFUSED: connect',
    },
    delivery.last_attempt!,
  ],
};

function server(permissions: StaffPermission[], routes: Record<string, FakeHandler> = {}) {
  return fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe())),
    'GET /api-2.0/admin/me/': json({
      user_id: 7,
      email: 'ada@example.com',
      name: 'Ada',
      role: 'owner',
      permissions,
    }),
    'GET /api-2.0/admin/webhooks/': json({ count: 1, results: [endpoint] }),
    'GET /api-2.0/admin/webhooks/3/': json(endpoint),
    'GET /api-2.0/admin/webhooks/3/deliveries/': json({
      count: 1,
      page: 1,
      page_size: 25,
      results: [delivery],
    }),
    'GET /api-2.0/admin/webhook-deliveries/77/': json(detail),
    'GET /api-2.0/admin/audit-events/': json({ count: 0, page: 1, page_size: 25, results: [] }),
    ...routes,
  });
}

describe('the webhooks pages', () => {
  it('registers an endpoint and shows its secret once', async () => {
    const secret = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDE';
    const { fetch, requests } = server(['backOffice.read', 'webhooks.manage'], {
      'POST /api-2.0/admin/webhooks/': json({ endpoint: { ...endpoint, id: 4 }, secret }, 201),
    });
    renderApp({ fetch, path: '/admin/webhooks/' });
    // The first render loads the page's code: allow it the time.
    expect(await screen.findByRole('link', { name: endpoint.url }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Failing')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add an endpoint' }));
    const form = await screen.findByRole('region', { name: 'New endpoint' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add the endpoint' }));
    // Checked before anything is sent.
    expect(await within(form).findByText('Enter the endpoint’s URL.')).toBeTruthy();
    expect(within(form).getByText('Choose at least one event.')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /Endpoint URL/ }), {
      target: { value: 'https://crm.example.com/in' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'customer.created' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add the endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(secret);
    const posted = requests.filter(
      (request) => request.method === 'POST' && request.path === '/api-2.0/admin/webhooks/',
    );
    expect(posted.map((request) => request.body)).toEqual([
      { url: 'https://crm.example.com/in', description: '', events: ['customer.created'], enabled: true },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  }, 20_000);

  it('shows a delivery’s request, answers and timing, and re-sends it', async () => {
    const { fetch, requests } = server(['backOffice.read', 'webhooks.manage'], {
      'POST /api-2.0/admin/webhook-deliveries/77/resend/': json({
        ...detail,
        id: 78,
        status: 'pending',
        attempts: 0,
        resend_of: 77,
      }),
    });
    renderApp({ fetch, path: '/admin/webhooks/3/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Webhook endpoint #3' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(list).getByText(/HTTP 500 in 120 ms/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Show the details' }));
    expect(await within(list).findByText('database down')).toBeTruthy();
    expect(within(list).getByText(/ECONNREFUSED/)).toBeTruthy();
    expect(within(list).getByText(/"type": "order.paid"/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Resend' }));
    expect(await within(list).findByText('Queued as delivery #78.')).toBeTruthy();
    expect(requests.filter((request) => request.path.endsWith('/resend/'))).toHaveLength(1);
  }, 20_000);

  it('offers no changes to staff who may only read', async () => {
    const { fetch } = server(['backOffice.read']);
    renderApp({ fetch, path: '/admin/webhooks/3/' });
    expect(await screen.findByRole('list', { name: 'Deliveries' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Roll the secret' })).toBeNull();
  });
});
