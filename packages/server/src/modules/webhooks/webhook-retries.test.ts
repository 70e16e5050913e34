import { WEBHOOK_RETRY_WINDOW_MS } from '@lectern/domain';
import { describe, expect, it } from 'vitest';
import { webhookNextAttemptAt, webhookRetryDelayMs } from './webhook-retries.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('webhook retry schedule', () => {
  it('doubles from a minute up to six hours apart', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map(webhookRetryDelayMs)).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      16 * MINUTE,
      32 * MINUTE,
      64 * MINUTE,
      128 * MINUTE,
      256 * MINUTE,
      6 * HOUR,
      6 * HOUR,
    ]);
    expect(() => webhookRetryDelayMs(0)).toThrow(RangeError);
  });

  it('gives up when the next attempt would fall past three days after the event', () => {
    const created = new Date('2025-01-01T00:00:00Z');
    expect(webhookNextAttemptAt(created, 1, created)).toEqual(new Date(created.getTime() + MINUTE));
    const late = new Date(created.getTime() + WEBHOOK_RETRY_WINDOW_MS - 5 * HOUR);
    expect(webhookNextAttemptAt(created, 20, late)).toBeNull();
    expect(webhookNextAttemptAt(created, 2, late)).toEqual(new Date(late.getTime() + 2 * MINUTE));
  });

  it('makes about twenty attempts over the three days of a dead endpoint', () => {
    const created = new Date('2025-01-01T00:00:00Z');
    let at: Date | null = created;
    let attempts = 0;
    while (at) {
      attempts += 1;
      at = webhookNextAttemptAt(created, attempts, at);
    }
    expect(attempts).toBeGreaterThanOrEqual(18);
    expect(attempts).toBeLessThanOrEqual(22);
  });
});
