import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.js';
import { HttpError } from '../http/http-error.js';
import { createAttemptLimiter, hitAll, RATE_LIMIT_MAX_WINDOW_MS } from './attempt-limiter.js';
import { rateLimitHits } from './rate-limit.tables.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const MINUTE = 60_000;
/**
 * A limit of its own per test, so tests never share counts; an hour's window, so a test almost
 * never straddles two (the estimate would then change under it).
 */
const HOUR = RATE_LIMIT_MAX_WINDOW_MS;
const limit = (max: number, windowMs = HOUR) =>
  createAttemptLimiter(server.db, { name: `test.${randomUUID().slice(0, 8)}`, max, windowMs });

/** Resolves to 'ok' or the refusal's status and Retry-After. */
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'ok' as const,
    (error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
      return {
        status: error.statusCode,
        code: error.code,
        retryAfter: Number(error.headers?.['retry-after']),
      };
    },
  );

describe('the attempt limiter (PostgreSQL windows, design §6)', () => {
  it('counts each hit and refuses past the limit with 429, rate_limited and a Retry-After', async () => {
    const limiter = limit(3);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await outcome(limiter.hit('198.51.100.1')));
    expect(results.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
    expect(results[3]).toMatchObject({ status: 429, code: 'rate_limited' });
    const { retryAfter } = results[3] as { retryAfter: number };
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual((2 * HOUR) / 1000);
    // Another subject of the same limit is not affected.
    expect(await outcome(limiter.hit('198.51.100.2'))).toBe('ok');
  });

  it('is shared by every instance: two limiters over one database see the same counts', async () => {
    const here = limit(4);
    const elsewhere = createAttemptLimiter(server.db, { name: here.name, max: 4, windowMs: HOUR });
    await here.hit('visitor-1');
    await elsewhere.hit('visitor-1');
    await here.record('visitor-1');
    expect(await outcome(elsewhere.hit('visitor-1'))).toBe('ok');
    expect(await outcome(here.hit('visitor-1'))).toMatchObject({ status: 429 });
    expect(await outcome(elsewhere.assertAllowed('visitor-1'))).toMatchObject({ status: 429 });
  });

  it('lets no burst of concurrent hits past the limit', async () => {
    const limiter = limit(5);
    const other = createAttemptLimiter(server.db, { name: limiter.name, max: 5, windowMs: HOUR });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome((i % 2 ? limiter : other).hit('burst'))),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(5);
  });

  it('hitAll counts several limits in one statement and refuses if any is over, with the longest wait', async () => {
    const perAddress = limit(10);
    const perVisitor = limit(2);
    const both = () =>
      outcome(
        hitAll(server.db, [
          [perAddress, '203.0.113.9'],
          [perVisitor, 'v-1'],
        ]),
      );
    expect([await both(), await both()]).toEqual(['ok', 'ok']);
    expect(await both()).toMatchObject({ status: 429 });
    // Every key was counted, the refused attempt too.
    const rows = await server.db
      .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} in (${perAddress.keyOf('203.0.113.9')}, ${perVisitor.keyOf('v-1')})`);
    expect(rows.map((row) => row.hits)).toEqual([3, 3]);
  });

  it('counts several attempts at once and gives back those that turned out not to count', async () => {
    const limiter = limit(10);
    const taken = await limiter.hit('owner', { times: 6 });
    await taken.giveBack(4);
    // 2 counted: 8 more fit, 9 do not.
    expect(await outcome(limiter.hit('owner', { times: 9 }))).toMatchObject({ status: 429 });
    const again = createAttemptLimiter(server.db, { name: limiter.name, max: 10, windowMs: HOUR });
    await again.reset('owner');
    const all = await again.hit('owner', { times: 8 });
    await all.giveBack();
    expect(await outcome(again.hit('owner', { times: 10 }))).toBe('ok');
  });

  it('assertAllowed counts nothing and refuses once the recorded attempts reach the limit', async () => {
    const limiter = limit(2);
    await limiter.assertAllowed('account');
    await limiter.assertAllowed('account');
    await limiter.record('account', 2);
    expect(await outcome(limiter.assertAllowed('account'))).toMatchObject({ status: 429 });
    await limiter.reset('account');
    expect(await outcome(limiter.assertAllowed('account'))).toBe('ok');
  });

  it('stores long subjects (e-mail addresses) under their hash', async () => {
    const limiter = limit(1);
    const subject = `10.0.0.1|${'x'.repeat(300)}@example.com`;
    expect(limiter.keyOf(subject).length).toBeLessThanOrEqual(200);
    expect(await outcome(limiter.hit(subject))).toBe('ok');
    expect(await outcome(limiter.hit(subject))).toMatchObject({ status: 429 });
  });

  it('refuses a window the purge could delete while it is still read', () => {
    expect(() =>
      createAttemptLimiter(server.db, { name: 'too.long', max: 1, windowMs: RATE_LIMIT_MAX_WINDOW_MS + 1 }),
    ).toThrow(/RATE_LIMIT_MAX_WINDOW_MS/);
  });

  it('the purge job deletes windows no estimate reads any more and keeps the rest', async () => {
    const limiter = limit(5);
    await limiter.hit('recent');
    const old = limiter.keyOf('old');
    await server.db.insert(rateLimitHits).values([
      { key: old, windowStart: new Date(Date.now() - 2 * RATE_LIMIT_MAX_WINDOW_MS - MINUTE), hits: 9 },
      { key: old, windowStart: new Date(Date.now() - RATE_LIMIT_MAX_WINDOW_MS), hits: 1 },
    ]);
    expect(await server.jobs.runNow('rate_limits.purge')).toBe(true);
    const rows = await server.db
      .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} in (${old}, ${limiter.keyOf('recent')})`);
    expect(rows.map((row) => row.hits).sort()).toEqual([1, 1]);
  });
});
