import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { affectedRowsOf, rowsOf } from '../db/query-result.js';
import { tooManyRequests } from '../http/http-error.js';
import { rateLimitHits } from './rate-limit.tables.js';

export interface AttemptLimiterOptions {
  /** The limit's name, part of every key (`login.account`, `checkout.card_failures`). */
  name: string;
  /** Attempts allowed within the window before further ones are refused. */
  max: number;
  /** At most `RATE_LIMIT_MAX_WINDOW_MS`: the purge keeps two windows of that length. */
  windowMs: number;
}

/**
 * The longest window a limit may have. The purge job deletes windows older than two of these
 * (the current one and the previous one the sliding estimate reads), so the table holds about
 * three hours of rows whatever the traffic; a longer limit must raise this first.
 */
export const RATE_LIMIT_MAX_WINDOW_MS = 60 * 60 * 1000;

/** Keys longer than this (e-mail addresses, visitor ids) are stored as their hash. */
const MAX_PLAIN_KEY = 120;
/** Rows deleted per statement by the purge, so it never holds many locks at once. */
const PURGE_BATCH = 10_000;

/** One key's counts as the database saw them at the hit or check. */
export interface WindowCounts {
  /** Hits in the current fixed window (this hit included). */
  current: number;
  /** Hits in the window before it. */
  previous: number;
  /** How far into the current window the database's clock is. */
  elapsedMs: number;
}

/**
 * Attempts counted up front by `hit` or `hitAll`. Those that turn out not to be what the
 * limit counts (a login that succeeded, a discount code that was valid) are given back, so the
 * limit counts failures without the race of check-then-record: concurrent requests each take
 * their own attempt before any of them is answered, and no burst gets past the limit.
 */
export interface TakenAttempts {
  /** Takes back `times` of the attempts of each key (default all of them); one round trip. */
  giveBack(times?: number): Promise<void>;
}

export interface HitOptions {
  /** How many attempts this request makes (e.g. the discount codes it sends); default 1. */
  times?: number;
  /** The 429's `detail`; default "Too many attempts. Try again in …". */
  detail?: string;
}

/**
 * Counts attempts per key in PostgreSQL, shared by every server instance (design §6), and
 * refuses with 429 (and Retry-After) once the limit is reached: login and sign-up brute force,
 * discount-code guessing, card testing, the event collector.
 *
 * Fixed windows of `windowMs` in database time (`now()`, so instances with skewed clocks
 * agree), weighted as a sliding window: the estimate is the current window's count plus the
 * previous window's scaled by how much of it still overlaps the last `windowMs` (the
 * approximation Cloudflare uses; it assumes the previous window's hits were spread evenly).
 * A hit is one upsert that returns both windows' counts: one round trip. Old windows are
 * deleted by the `rate_limits.purge` job (`purgeRateLimitHits`).
 */
export function createAttemptLimiter(db: Database, options: AttemptLimiterOptions): AttemptLimiter {
  const { name, max, windowMs } = options;
  if (!Number.isInteger(windowMs) || windowMs < 1000 || windowMs > RATE_LIMIT_MAX_WINDOW_MS) {
    throw new Error(
      `Rate limit ${name}: windowMs must be a whole number of ms between 1 s and RATE_LIMIT_MAX_WINDOW_MS (${RATE_LIMIT_MAX_WINDOW_MS}); the purge relies on it`,
    );
  }
  const interval = `${windowMs} milliseconds`;

  async function counts(subject: string): Promise<WindowCounts> {
    const key = keyOf(name, subject);
    const result = await db.execute(sql`
      with w as (select date_bin(${interval}::interval, now(), timestamptz 'epoch') as start)
      select
        coalesce(sum(${rateLimitHits.hits}) filter (where ${rateLimitHits.windowStart} = w.start), 0) as current,
        coalesce(sum(${rateLimitHits.hits}) filter (
          where ${rateLimitHits.windowStart} = w.start - ${interval}::interval), 0) as previous,
        extract(epoch from now() - w.start) * 1000 as elapsed_ms
      from w left join ${rateLimitHits}
        on ${rateLimitHits.key} = ${key}
        and ${rateLimitHits.windowStart} in (w.start, w.start - ${interval}::interval)
      group by w.start`);
    return countsOf(rowsOf(result)[0]);
  }

  const limiter: AttemptLimiter = {
    name,
    max,
    windowMs,
    keyOf: (subject) => keyOf(name, subject),

    async assertAllowed(subject, detail) {
      const found = await counts(subject);
      if (estimateOf(found, windowMs) >= max) {
        throw tooManyRequests(retryAfterSeconds(found, windowMs, { below: max, orAt: false }), detail);
      }
    },

    async record(subject, times = 1) {
      await upsertHits(db, [{ limiter, subject, times }]);
    },

    hit: (subject, hitOptions) => hitAll(db, [[limiter, subject]], hitOptions),

    async reset(subject) {
      await db.execute(
        sql`delete from ${rateLimitHits} where ${rateLimitHits.key} = ${keyOf(name, subject)}`,
      );
    },
  };
  return limiter;
}

/** A limit over one kind of subject (an address, an account, a visitor). */
export interface AttemptLimiter {
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
  /** The stored key of a subject (hashed when long). */
  keyOf(subject: string): string;
  /**
   * Throws a 429 with Retry-After when the key has used up its attempts; counts nothing. With
   * `record` after the outcome, for limits where counting first is impossible; prefer `hit`.
   */
  assertAllowed(subject: string, detail?: string): Promise<void>;
  /** Counts `times` attempts (default 1) without refusing any. */
  record(subject: string, times?: number): Promise<void>;
  /**
   * Counts the attempt(s) and refuses with 429 when that takes the key over the limit: one
   * round trip. A refused attempt counts too, so a client that keeps trying stays refused.
   * The answer gives back attempts that turn out not to count (see `TakenAttempts`).
   */
  hit(subject: string, options?: HitOptions): Promise<TakenAttempts>;
  /** Forgets the key's attempts in every window (a successful login). */
  reset(subject: string): Promise<void>;
}

/** One key of `hitAll` or `countHits`: a limit, its subject, and optionally its own count. */
export type LimitHit =
  | readonly [limiter: AttemptLimiter, subject: string]
  /** `times` of its own (a byte budget counts bytes where the others count requests). */
  | readonly [limiter: AttemptLimiter, subject: string, times: number];

/** How one key of `countHits` came out. */
export interface HitVerdict {
  limiter: AttemptLimiter;
  subject: string;
  /** Whole seconds until a hit of the same size passes again; null when this one was within the limit. */
  retryAfter: number | null;
}

/**
 * `hit` on several limits at once (a client's address and its account, or its visitors), in
 * one statement: one round trip for all of them. Every key is counted, then the request is
 * refused if any is over its limit, with the longest Retry-After among them.
 */
export async function hitAll(
  db: Database,
  hits: readonly LimitHit[],
  { times = 1, detail }: HitOptions = {},
): Promise<TakenAttempts> {
  const { verdicts, taken } = await countHits(db, hits, times);
  const retryAfter = Math.max(0, ...verdicts.map((verdict) => verdict.retryAfter ?? 0));
  if (retryAfter > 0) throw tooManyRequests(retryAfter, detail);
  return taken;
}

/**
 * `hitAll` without the refusal: counts every key in one statement and answers which are over
 * their limit, for a caller that must know which one refused (the collector remembers refused
 * addresses). `times` is the count of keys that name none of their own.
 */
export async function countHits(
  db: Database,
  hits: readonly LimitHit[],
  times = 1,
): Promise<{ verdicts: HitVerdict[]; taken: TakenAttempts }> {
  const counted = await upsertHits(
    db,
    hits.map(([limiter, subject, own]) => ({ limiter, subject, times: own ?? times })),
  );
  const verdicts = counted.map(({ limiter, subjects, times: n, counts }): HitVerdict[] => {
    // The next request of the same size passes once the estimate is `n` below the limit.
    const over = estimateOf(counts, limiter.windowMs) > limiter.max;
    const retryAfter = over
      ? retryAfterSeconds(counts, limiter.windowMs, { below: limiter.max - n, orAt: true })
      : null;
    return subjects.map((subject) => ({ limiter, subject, retryAfter }));
  });
  return {
    verdicts: verdicts.flat(),
    taken: {
      async giveBack(back?: number) {
        const amounts = counted.map((hit) => ({ ...hit, back: back ?? hit.times }));
        const rows = amounts
          .filter((hit) => hit.back > 0)
          .map(
            ({ key, windowStart, back: n }) =>
              sql`(${key}::varchar, ${windowStart}::timestamptz, ${n}::integer)`,
          );
        if (rows.length === 0) return;
        // The window the hit was counted in, even if a newer one has begun since. Rows are
        // locked in key order, as the upsert takes them, so the two cannot deadlock.
        await db.execute(sql`
          with back (key, window_start, n) as (values ${sql.join(rows, sql`, `)}),
          taken as (
            select h.key, h.window_start, back.n from ${rateLimitHits} h
            join back on back.key = h.key and back.window_start = h.window_start
            order by h.key for update of h)
          update ${rateLimitHits} set hits = greatest(${rateLimitHits.hits} - taken.n, 0)
          from taken
          where ${rateLimitHits.key} = taken.key and ${rateLimitHits.windowStart} = taken.window_start`);
      },
    },
  };
}

interface CountedHit {
  limiter: AttemptLimiter;
  /** The subjects counted under this key (one, unless the same key came twice). */
  subjects: string[];
  key: string;
  /** How many this request counted under the key. */
  times: number;
  /** The window the hit went to, as the database writes it (given back as is). */
  windowStart: string;
  counts: WindowCounts;
}

/**
 * One upsert for every key (`insert … on conflict (key, window_start) do update set hits =
 * hits + n`), returning each key's current and previous windows. Keys are written in key
 * order (`order by key`) so that concurrent statements lock rows in the same order and cannot
 * deadlock.
 */
async function upsertHits(
  db: Database,
  hits: readonly { limiter: AttemptLimiter; subject: string; times: number }[],
): Promise<CountedHit[]> {
  const byKey = new Map<string, { limiter: AttemptLimiter; subjects: string[]; times: number }>();
  for (const { limiter, subject, times } of hits) {
    const key = limiter.keyOf(subject);
    // The same key twice in one upsert is an error in PostgreSQL ("cannot affect row a second time").
    const seen = byKey.get(key);
    byKey.set(key, {
      limiter,
      subjects: seen ? [...seen.subjects, subject] : [subject],
      times: (seen?.times ?? 0) + times,
    });
  }
  if (byKey.size === 0) return [];
  const input = [...byKey.entries()].map(
    ([key, { limiter, times }]) =>
      sql`(${key}::varchar, ${`${limiter.windowMs} milliseconds`}::interval, ${times}::integer)`,
  );
  const result = await db.execute(sql`
    with input (key, win, n) as (values ${sql.join(input, sql`, `)}),
    w as (select key, win, n, date_bin(win, now(), timestamptz 'epoch') as start from input),
    counted as (
      insert into ${rateLimitHits} (key, window_start, hits)
      select key, start, n from w order by key
      on conflict (key, window_start) do update set hits = ${rateLimitHits.hits} + excluded.hits
      returning key, window_start, hits)
    select counted.key, counted.window_start::text as window_start, counted.hits as current,
      coalesce(p.hits, 0) as previous, extract(epoch from now() - counted.window_start) * 1000 as elapsed_ms
    from counted join w on w.key = counted.key
    left join ${rateLimitHits} p on p.key = counted.key and p.window_start = counted.window_start - w.win`);
  return rowsOf(result).map((row) => {
    const key = String(row.key);
    const { limiter, subjects, times } = byKey.get(key)!;
    return {
      limiter,
      subjects,
      key,
      times,
      windowStart: String(row.window_start),
      counts: countsOf(row),
    };
  });
}

/** The sliding-window estimate of hits in the last `windowMs`. */
export function estimateOf({ current, previous, elapsedMs }: WindowCounts, windowMs: number): number {
  return current + (previous * Math.max(0, windowMs - elapsedMs)) / windowMs;
}

/**
 * Whole seconds (at least 1) until the estimate is `below` the limit again if nothing more is
 * counted: within the current window while the previous one slides out, or, when the current
 * window alone is too many, into the next one while the current one slides out in turn.
 * `orAt` accepts an estimate equal to `below` (a hit of `times` passes at exactly max − times;
 * a check needs strictly fewer than max).
 */
export function retryAfterSeconds(
  counts: WindowCounts,
  windowMs: number,
  { below, orAt }: { below: number; orAt: boolean },
): number {
  const { current, previous, elapsedMs } = counts;
  const rest = Math.max(0, windowMs - elapsedMs);
  const goal = Math.max(0, below);
  let waitMs: number;
  if (current > goal || (current === goal && !orAt && previous === 0)) {
    // This window's own hits are too many: wait for it to end, then for them to slide out.
    waitMs = current === 0 ? rest : rest + windowMs * (1 - goal / current);
  } else if (previous === 0) {
    waitMs = 0;
  } else {
    // current + previous × (rest − t) / windowMs falls to the goal.
    waitMs = Math.max(0, rest - ((goal - current) * windowMs) / previous);
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * The `rate_limits.purge` job: deletes windows older than two of the longest (no estimate reads
 * them), in batches by `window_start` (its own index).
 */
export async function purgeRateLimitHits(db: Database): Promise<void> {
  const horizon = `${2 * RATE_LIMIT_MAX_WINDOW_MS} milliseconds`;
  for (;;) {
    const result = await db.execute(sql`
      delete from ${rateLimitHits} where (${rateLimitHits.key}, ${rateLimitHits.windowStart}) in (
        select key, window_start from ${rateLimitHits}
        where ${rateLimitHits.windowStart} < now() - ${horizon}::interval
        limit ${PURGE_BATCH})`);
    if (affectedRowsOf(result) < PURGE_BATCH) return;
  }
}

function keyOf(name: string, subject: string): string {
  const key = `${name}:${subject}`;
  return key.length <= MAX_PLAIN_KEY ? key : `${name}:#${createHash('sha256').update(subject).digest('hex')}`;
}

const countsOf = (row: Record<string, unknown> | undefined): WindowCounts => ({
  current: Number(row?.current ?? 0),
  previous: Number(row?.previous ?? 0),
  elapsedMs: Number(row?.elapsed_ms ?? 0),
});
