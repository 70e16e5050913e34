import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeServer, json, userContext, type FakeHandler } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';
import type { DevMail, DevMailSummary } from './dev-tools-api';

const summary = (id: number, overrides: Partial<DevMailSummary> = {}): DevMailSummary => ({
  id,
  kind: 'payment_receipt',
  to: `owner${id}@example.com`,
  subject: `Your Lectern receipt R-00${id}`,
  status: 'queued',
  created: '2026-03-14T09:00:00Z',
  sent_at: null,
  ...overrides,
});

const mail = (id: number): DevMail => ({
  ...summary(id),
  status: 'sent',
  sent_at: '2026-03-14T09:01:00Z',
  html: '<!doctype html><html><body><h1>Thank you for your payment</h1><script>alert(1)</script></body></html>',
  text: 'Lectern\n\nThank you for your payment\n\nReceipt number: R-005\n',
});

function setUp(routes: Record<string, FakeHandler | FakeHandler[]>, path = '/dev/mailbox/') {
  const server = fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext()),
    ...routes,
  });
  const app = renderApp({ fetch: server.fetch, path });
  return { ...server, router: app.router };
}

describe('DevMailboxPage', () => {
  it('lists the mails with kind, recipient, subject, time and status, a page at a time', async () => {
    const { requests } = setUp(
      {
        'GET /api-2.0/dev/mailbox/': json({
          results: [summary(6, { status: 'failed' }), summary(5, { status: 'sent', kind: 'trial_started' })],
          total_pages: 3,
        }),
      },
      '/dev/mailbox/?p=2',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Mailbox' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Mails in the outbox, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Kind', 'To', 'Subject', 'Created', 'Status']);
    const created = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-14T09:00:00Z'),
    );
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['payment_receipt', 'owner6@example.com', 'Your Lectern receipt R-006', created, 'Failed']);
    expect(within(rows[2]!).getByText('trial_started')).toBeTruthy();
    expect(within(rows[2]!).getByText('Sent')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api-2.0/dev/mailbox/')?.url).toBe(
      '/api-2.0/dev/mailbox/?page=2',
    );
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/dev/mailbox/?p=3',
    );
  });

  it('opens a mail: its HTML part in a sandboxed frame, its text part on demand', async () => {
    const { router } = setUp({
      'GET /api-2.0/dev/mailbox/': json({ results: [summary(5)], total_pages: 1 }),
      'GET /api-2.0/dev/mailbox/5/': json(mail(5)),
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Your Lectern receipt R-005' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Your Lectern receipt R-005' })).toBeTruthy();
    expect(router.state.location.search).toBe('?mail=5');
    expect(screen.getByText('owner5@example.com')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    const frame = screen.getByTitle('HTML part of the mail');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(mail(5).html);
    expect(screen.queryByTestId('mail-text')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Show the text part' }));
    expect((await screen.findByTestId('mail-text')).textContent).toBe(mail(5).text);
    expect(screen.queryByTitle('HTML part of the mail')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Back to the mailbox' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('says when an opened mail does not exist', async () => {
    setUp(
      { 'GET /api-2.0/dev/mailbox/99/': json({ detail: 'No mail with this id.', code: 'not_found' }, 404) },
      '/dev/mailbox/?mail=99',
    );
    expect(await screen.findByText('This mail is not in the mailbox.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the mailbox' }).getAttribute('href')).toBe(
      '/dev/mailbox/',
    );
  });

  it('says when the mailbox is empty', async () => {
    setUp({ 'GET /api-2.0/dev/mailbox/': json({ results: [], total_pages: 1 }) });
    expect(await screen.findByText('No mail yet.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('says the tools are not available where the server has none', async () => {
    setUp({ 'GET /api-2.0/dev/mailbox/': json({ detail: 'Not found.', code: 'not_found' }, 404) });
    expect(await screen.findByTestId('dev-tools-unavailable')).toBeTruthy();
    expect(screen.getByText('Not available')).toBeTruthy();
  });

  it('offers to retry another failure', async () => {
    setUp({
      'GET /api-2.0/dev/mailbox/': [
        json({ detail: 'Boom', code: 'internal_error' }, 500),
        json({ results: [summary(1)], total_pages: 1 }),
      ],
    });
    expect(await screen.findByText("We couldn't load the mailbox.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Your Lectern receipt R-001' })).toBeTruthy();
  });
});
