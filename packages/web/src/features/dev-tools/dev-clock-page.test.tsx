import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { fakeServer, json, userContext, type FakeHandler } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';

const moment = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'medium' }).format(new Date(iso));

function setUp(routes: Record<string, FakeHandler | FakeHandler[]>) {
  const server = fakeServer({
    ...fakeCartServer().routes,
    'GET /api-2.0/contexts/me/': json(userContext()),
    ...routes,
  });
  renderApp({ fetch: server.fetch, path: '/dev/clock/' });
  return server;
}

const clockPosts = (server: ReturnType<typeof setUp>) =>
  server.requests.filter((request) => request.method === 'POST' && request.path === '/api-2.0/dev/clock/');

describe('DevClockPage', () => {
  it('shows the server’s time and how far ahead it is', async () => {
    setUp({
      'GET /api-2.0/dev/clock/': json({ now: '2026-03-16T09:00:00Z', offset_ms: 2 * 86_400_000 + 5000 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Server clock' })).toBeTruthy();
    const reading = await screen.findByTestId('dev-clock-now');
    expect(reading.textContent).toContain(`Server time: ${moment('2026-03-16T09:00:00Z')}`);
    expect(reading.textContent).toContain('2 days ahead of real time.');
  });

  it('advances by a number of days and says where it moved and how many jobs ran', async () => {
    const server = setUp({
      'GET /api-2.0/dev/clock/': json({ now: '2026-03-14T09:00:00Z', offset_ms: 0 }),
      'POST /api-2.0/dev/clock/': json({
        now: '2026-04-13T09:00:00Z',
        offset_ms: 30 * 86_400_000,
        jobs_run: 3,
      }),
    });
    expect((await screen.findByTestId('dev-clock-now')).textContent).toContain('Running on real time.');
    fireEvent.change(screen.getByLabelText('Days (1–400)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Advance the clock' }));

    const result = await screen.findByTestId('dev-clock-result');
    expect(result.textContent).toContain(`Moved to ${moment('2026-04-13T09:00:00Z')}; 3 jobs ran.`);
    expect(within(result).getByRole('link', { name: 'Open the mailbox' }).getAttribute('href')).toBe(
      '/dev/mailbox/',
    );
    expect(within(result).getByRole('link', { name: 'Manage subscriptions' }).getAttribute('href')).toBe(
      '/user/manage-subscriptions/',
    );
    expect(clockPosts(server).map((request) => request.body)).toEqual([{ advance_days: 30 }]);
    // The reading follows the answer.
    expect(screen.getByTestId('dev-clock-now').textContent).toContain('30 days ahead of real time.');
  });

  it('advances to a date and time', async () => {
    const server = setUp({
      'GET /api-2.0/dev/clock/': json({ now: '2026-03-14T09:00:00Z', offset_ms: 0 }),
      'POST /api-2.0/dev/clock/': json({ now: '2026-05-01T10:30:00Z', offset_ms: 1, jobs_run: 1 }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'To a date' }));
    fireEvent.change(await screen.findByLabelText('Date and time'), {
      target: { value: '2026-05-01T10:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Advance the clock' }));
    expect((await screen.findByTestId('dev-clock-result')).textContent).toContain('1 job ran.');
    expect(clockPosts(server).map((request) => request.body)).toEqual([
      { advance_to: new Date('2026-05-01T10:30').toISOString() },
    ]);
  });

  it('shows the server’s field errors under the field', async () => {
    const server = setUp({
      'GET /api-2.0/dev/clock/': json({ now: '2026-03-14T09:00:00Z', offset_ms: 0 }),
      'POST /api-2.0/dev/clock/': json(
        {
          detail: 'The clock only moves forward.',
          code: 'validation_error',
          field_errors: { advance_to: ['The clock only moves forward.'] },
        },
        400,
      ),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'To a date' }));
    fireEvent.change(await screen.findByLabelText('Date and time'), {
      target: { value: '2020-01-01T00:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Advance the clock' }));

    expect(await screen.findByText('The clock only moves forward.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('Date and time').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(screen.queryByTestId('dev-clock-result')).toBeNull();
    expect(clockPosts(server)).toHaveLength(1);
  });

  it('checks the number of days before sending', async () => {
    const server = setUp({ 'GET /api-2.0/dev/clock/': json({ now: '2026-03-14T09:00:00Z', offset_ms: 0 }) });
    fireEvent.change(await screen.findByLabelText('Days (1–400)'), { target: { value: '401' } });
    fireEvent.click(screen.getByRole('button', { name: 'Advance the clock' }));
    expect(await screen.findByText('Enter a whole number of days from 1 to 400.')).toBeTruthy();
    expect(clockPosts(server)).toHaveLength(0);
  });

  it('says the tools are not available where the server has none', async () => {
    setUp({ 'GET /api-2.0/dev/clock/': json({ detail: 'Not found.', code: 'not_found' }, 404) });
    expect(await screen.findByTestId('dev-tools-unavailable')).toBeTruthy();
    expect(screen.getByText('Not available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Advance the clock' })).toBeNull();
  });
});
