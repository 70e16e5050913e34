import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { fakeServer } from '../../test-utils/fake-server';
import {
  apiMetricSender,
  countReportedErrors,
  countUncaughtErrors,
  MAX_SENDS_PER_KEY,
  METRIC_KEYS,
  MetricsClient,
} from './metrics-client';

describe('MetricsClient (platform §7)', () => {
  it('posts the key and the tags as a JSON string to the root base, with the CSRF token', async () => {
    const { fetch, requests } = fakeServer({
      'POST /visits/me/datadog-increment-logs/': new Response(null, { status: 204 }),
    });
    const api = new ApiClient({
      fetch,
      cookies: () => 'csrftoken=test-csrf',
      navigatorLanguage: () => 'en-US',
    });
    new MetricsClient(apiMetricSender(api)).increment(METRIC_KEYS.pageView, { page: 'home' });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/visits/me/datadog-increment-logs/',
      body: { key: 'web.page_view', tags: '{"page":"home"}' },
    });
    expect(requests[0]?.headers['X-CSRFToken']).toBe('test-csrf');
  });

  it('uses lower-case keys of dots and underscores', () => {
    for (const key of Object.values(METRIC_KEYS)) expect(key).toMatch(/^[a-z][a-z0-9_.]{0,63}$/);
  });

  it('never throws or rejects, even when the server fails', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const throwing = vi.fn(() => {
      throw new Error('broken');
    });
    expect(() => new MetricsClient(failing).increment(METRIC_KEYS.error)).not.toThrow();
    expect(() => new MetricsClient(throwing).increment(METRIC_KEYS.error)).not.toThrow();
    await Promise.resolve();
    expect(failing).toHaveBeenCalledWith({ key: 'web.error', tags: '{}' });
  });

  it('caps each key per page load and shortens long tag values', () => {
    const send = vi.fn(() => Promise.resolve());
    const metrics = new MetricsClient(send);
    for (let n = 0; n < MAX_SENDS_PER_KEY + 10; n += 1) metrics.increment(METRIC_KEYS.error);
    metrics.increment(METRIC_KEYS.render, { module: 'x'.repeat(100) });
    expect(send).toHaveBeenCalledTimes(MAX_SENDS_PER_KEY + 1);
    expect(send).toHaveBeenLastCalledWith({
      key: 'web.render',
      tags: JSON.stringify({ module: 'x'.repeat(64) }),
    });
  });

  it('counts uncaught errors and unhandled rejections', () => {
    const send = vi.fn(() => Promise.resolve());
    const stop = countUncaughtErrors(new MetricsClient(send), window);
    window.dispatchEvent(new Event('error'));
    window.dispatchEvent(new Event('unhandledrejection'));
    stop();
    window.dispatchEvent(new Event('error'));
    expect(send.mock.calls).toEqual([
      [{ key: 'web.error', tags: '{"source":"uncaught"}' }],
      [{ key: 'web.error', tags: '{"source":"unhandled_rejection"}' }],
    ]);
  });

  it('counts every reported error, tagged by where it happened', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = vi.fn(() => Promise.resolve());
    const stop = countReportedErrors(new MetricsClient(send));
    reportError(new Error('start-up'), { step: 'user-context' });
    reportError(new Error('chunk'), { module: 'cart' });
    reportError(new Error('other'));
    stop();
    reportError(new Error('after stop'));
    expect(send.mock.calls).toEqual([
      [{ key: 'web.error', tags: '{"source":"user-context"}' }],
      [{ key: 'web.error', tags: '{"source":"page_module"}' }],
      [{ key: 'web.error', tags: '{"source":"reported"}' }],
    ]);
    vi.mocked(console.error).mockRestore();
  });
});
