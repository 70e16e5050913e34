import { tooManyRequests } from '../http/http-error.js';

export interface AttemptLimiterOptions {
  /** Attempts allowed within the window before further ones are refused. */
  max: number;
  windowMs: number;
  now?: () => number;
}

/**
 * Counts attempts per key in a sliding window and refuses with 429 once the limit is
 * reached (login and signup brute force, later coupon and payment attempts). In-memory,
 * per instance: with several instances behind a load balancer each keeps its own count,
 * which still caps abuse; a shared Redis store is the documented upgrade (design §7).
 */
export function createAttemptLimiter({ max, windowMs, now = Date.now }: AttemptLimiterOptions) {
  const attempts = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const cutoff = now() - windowMs;
    const kept = (attempts.get(key) ?? []).filter((time) => time > cutoff);
    if (kept.length === 0) attempts.delete(key);
    else attempts.set(key, kept);
    return kept;
  };

  // Drop idle keys now and then so the map cannot grow without bound.
  const sweep = setInterval(() => {
    for (const key of attempts.keys()) recent(key);
  }, windowMs);
  sweep.unref();

  return {
    /** Throws a 429 with Retry-After when the key has used up its attempts. */
    assertAllowed(key: string): void {
      const times = recent(key);
      if (times.length < max) return;
      const oldest = times[times.length - max] ?? now();
      const retryAfter = Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
      throw tooManyRequests(retryAfter);
    },
    record(key: string): void {
      attempts.set(key, [...recent(key), now()]);
    },
    reset(key: string): void {
      attempts.delete(key);
    },
    close(): void {
      clearInterval(sweep);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
