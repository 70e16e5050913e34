import { WEBHOOK_RETRY_WINDOW_MS } from '@lectern/domain';

/** The first retry waits a minute; each next one twice as long, up to six hours apart. */
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;

/** How long after its `attempt`-th failed attempt (1-based) a delivery is tried again. */
export function webhookRetryDelayMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError('attempts are counted from 1');
  // 2^30 minutes is far past the cap: no overflow for any attempt count.
  return Math.min(FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 30), LONGEST_RETRY_MS);
}

/**
 * When a delivery whose event happened at `createdAt` is tried after its `attempt`-th failure at
 * `failedAt`; null when that would be past the three days of retries (it has failed for good).
 */
export function webhookNextAttemptAt(createdAt: Date, attempt: number, failedAt: Date): Date | null {
  const next = failedAt.getTime() + webhookRetryDelayMs(attempt);
  return next > createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS ? null : new Date(next);
}
