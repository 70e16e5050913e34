import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { tooManyRequests } from '../http/http-error.js';
import { rateLimitHits } from './rate-limit.tables.js';

export interface AttemptLimiterOptions {
  /** The limit's name, part of every key (`login.account`, `checkout.card_failures`). */
  name: string;
  /** Attempts allowed within the window before further ones are refused. */
  max: number;
  windowMs: number;
}

/** Keys longer than this (e-mail addresses, visitor ids) are stored as their hash. */
const MAX_PLAIN_KEY = 120;

interface Counts {
  current: number;
  previous: number;
  elapsedMs: number;
}

/**
 * Counts attempts per key in PostgreSQL, shared by every server instance (design §6), and
 * refuses with 429 (and Retry-After) once the limit is reached: login and sign-up brute force,
 * discount-code guessing, card testing, the event collector.
 *
 * Fixed windows of `windowMs` (database time) weighted as a sliding window: the estimate is
 * the current window's count plus the previous window's, scaled by how much of it still
 * overlaps the last `windowMs` (the approximation Cloudflare and nginx use). One round trip per
 * check or record; old windows are purged by the `rate_limits.purge` job.
 */
export function createAttemptLimiter(db: Database, { name, max, windowMs }: AttemptLimiterOptions) {
  const interval = `${windowMs} milliseconds`;
  const keyOf = (subject: string) => {
    const key = `${name}:${subject}`;
    return key.length <= MAX_PLAIN_KEY
      ? key
      : `${name}:#${createHash('sha256').update(subject).digest('hex')}`;
  };
  const rowsOf = (result: unknown) =>
    ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[];
  const countsOf = (row: Record<string, unknown> | undefined): Counts => ({
    current: Number(row?.current ?? 0),
    previous: Number(row?.previous ?? 0),
    elapsedMs: Number(row?.elapsed_ms ?? 0),
  });
  const estimate = ({ current, previous, elapsedMs }: Counts) =>
    current + (previous * Math.max(0, windowMs - elapsedMs)) / windowMs;

  /** Seconds until the estimate drops below the limit again. */
  const retryAfterOf = ({ current, previous, elapsedMs }: Counts) => {
    const rest = windowMs - elapsedMs;
    if (current >= max || previous === 0) return Math.max(1, Math.ceil(rest / 1000));
    const wait = rest - ((max - current) * windowMs) / previous;
    return Math.max(1, Math.ceil(Math.max(0, wait) / 1000));
  };

  async function counts(subject: string): Promise<Counts> {
    const result = await db.execute(sql`
      with w as (select date_bin(${interval}::interval, now(), timestamptz 'epoch') as start)
      select
        coalesce(sum(${rateLimitHits.hits}) filter (where ${rateLimitHits.windowStart} = w.start), 0) as current,
        coalesce(sum(${rateLimitHits.hits}) filter (
          where ${rateLimitHits.windowStart} = w.start - ${interval}::interval), 0) as previous,
        extract(epoch from now() - w.start) * 1000 as elapsed_ms
      from w left join ${rateLimitHits}
        on ${rateLimitHits.key} = ${keyOf(subject)}
        and ${rateLimitHits.windowStart} in (w.start, w.start - ${interval}::interval)
      group by w.start`);
    return countsOf(rowsOf(result)[0]);
  }

  async function record(subject: string): Promise<Counts> {
    const key = keyOf(subject);
    const result = await db.execute(sql`
      with w as (select date_bin(${interval}::interval, now(), timestamptz 'epoch') as start)
      insert into ${rateLimitHits} (key, window_start, hits)
      select ${key}, w.start, 1 from w
      on conflict (key, window_start) do update set hits = ${rateLimitHits.hits} + 1
      returning hits as current,
        (select p.hits from ${rateLimitHits} p
          where p.key = ${key} and p.window_start = ${rateLimitHits.windowStart} - ${interval}::interval) as previous,
        extract(epoch from now() - ${rateLimitHits.windowStart}) * 1000 as elapsed_ms`);
    return countsOf(rowsOf(result)[0]);
  }

  return {
    /** Throws a 429 with Retry-After when the key has used up its attempts (counts nothing). */
    async assertAllowed(subject: string, detail?: string): Promise<void> {
      const found = await counts(subject);
      if (estimate(found) >= max) throw tooManyRequests(retryAfterOf(found), detail);
    },

    /** Counts one attempt (a failure, for limits on failures). */
    async record(subject: string): Promise<void> {
      await record(subject);
    },

    /**
     * Counts one attempt and refuses it when it is over the limit (every request counts, e.g.
     * sign-ups, collector batches): one round trip. A refused attempt counts too, so a client
     * that keeps trying stays refused.
     */
    async hit(subject: string, detail?: string): Promise<void> {
      const found = await record(subject);
      if (estimate(found) > max) throw tooManyRequests(retryAfterOf(found), detail);
    },

    /** Forgets the key's attempts (a successful login). */
    async reset(subject: string): Promise<void> {
      await db.execute(sql`delete from ${rateLimitHits} where ${rateLimitHits.key} = ${keyOf(subject)}`);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/** Deletes windows older than `olderThanMs` (longer than any limit's two windows). */
export async function purgeRateLimitHits(db: Database, olderThanMs = 2 * 24 * 60 * 60 * 1000): Promise<void> {
  await db.execute(
    sql`delete from ${rateLimitHits} where ${rateLimitHits.windowStart} < now() - ${`${olderThanMs} milliseconds`}::interval`,
  );
}
