import { eq, sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.js';
import type { Clock } from '../clock/clock.js';
import { rowsOf } from '../db/query-result.js';
import { createJobQueue } from './job-queue.js';
import { jobs } from './jobs.tables.js';

/** A clock the test moves by hand. */
function manualClock(start = Date.now()): Clock & { move(ms: number): void } {
  let now = start;
  return { now: () => new Date(now), move: (ms) => (now += ms) };
}

describe('job queue', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());
  const queueOf = (clock: Clock, leaseMs = 60_000) =>
    createJobQueue({ db: server.db, log: server.app.log, clock, leaseMs, pollMs: 60_000 });
  const rowsOfKind = (kind: string) => server.db.select().from(jobs).where(eq(jobs.kind, kind));

  it('keeps one job per kind and key however often it is enqueued, and runs it when due by its clock', async () => {
    const clock = manualClock();
    const queue = queueOf(clock);
    const runs: string[] = [];
    const kind = queue.define<{ n: number }>({
      kind: 'test.keyed',
      run: async ({ n }, { key }) => {
        runs.push(`${key}:${n}`);
      },
    });
    const later = new Date(clock.now().getTime() + 60_000);
    await kind.enqueue(server.db, 'a', { n: 1 }, later);
    await kind.enqueue(server.db, 'a', { n: 2 }, later);
    await server.db.transaction(async (tx) => kind.enqueue(tx, 'a', { n: 3 }));
    expect(await rowsOfKind('test.keyed')).toHaveLength(1);

    expect(await queue.runDue()).toBe(0);
    clock.move(60_000);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toEqual(['a:1']);
    // Done is done: the same key again is not a new job.
    await kind.enqueue(server.db, 'a', { n: 4 });
    expect(await queue.runDue()).toBe(0);
    expect((await rowsOfKind('test.keyed'))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('enqueues nothing when the transaction that causes it rolls back', async () => {
    const queue = queueOf(manualClock());
    const kind = queue.define({ kind: 'test.rollback', run: async () => {} });
    await server.db
      .transaction(async (tx) => {
        await kind.enqueue(tx, 'x', {});
        tx.rollback();
      })
      .catch(() => {});
    expect(await rowsOfKind('test.rollback')).toHaveLength(0);
  });

  it('retries a failing job with back-off, then marks it failed after its last attempt', async () => {
    const clock = manualClock();
    const queue = queueOf(clock);
    let calls = 0;
    const kind = queue.define({
      kind: 'test.flaky',
      maxAttempts: 3,
      retryDelayMs: (attempt) => attempt * 1_000,
      run: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
    });
    await kind.enqueue(server.db, 'k', {});
    expect(await queue.runDue()).toBe(1);
    let [row] = await rowsOfKind('test.flaky');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1' });
    expect(row!.runAt.getTime()).toBe(clock.now().getTime() + 1_000);
    expect(await queue.runDue()).toBe(0);
    clock.move(1_000);
    expect(await queue.runDue()).toBe(1);
    clock.move(2_000);
    expect(await queue.runDue()).toBe(1);
    [row] = await rowsOfKind('test.flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    clock.move(60 * 60_000);
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('runs each due job once when several instances drain at the same time', async () => {
    const clock = manualClock();
    const runs = new Map<string, number>();
    const instances = [1, 2, 3].map(() => {
      const queue = queueOf(clock);
      const kind = queue.define<{ key: string }>({
        kind: 'test.race',
        run: async ({ key }) => {
          runs.set(key, (runs.get(key) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
      return { queue, kind };
    });
    await server.db.transaction(async (tx) => {
      for (let index = 0; index < 120; index += 1)
        await instances[0]!.kind.enqueue(tx, `job-${index}`, { key: `job-${index}` });
    });
    const counts = await Promise.all(instances.map(({ queue }) => queue.runDue()));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(120);
    expect(runs.size).toBe(120);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('claims at most half of the due jobs at once, so two instances draining together share them', async () => {
    const clock = manualClock();
    const instances = ['a', 'b'].map((name) => {
      const queue = queueOf(clock);
      const registry = new Registry();
      queue.registerMetrics(registry);
      const ran: string[] = [];
      const kind = queue.define<{ key: string }>({
        kind: 'test.share',
        run: async ({ key }) => {
          ran.push(key);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
      return { name, queue, registry, ran, kind };
    });
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    await a.kind.enqueueMany(
      server.db,
      Array.from({ length: 40 }, (_, index) => ({ key: `job-${index}`, payload: { key: `job-${index}` } })),
    );
    // The first claim takes 20 of the 40; the second, made while those run, half of the rest.
    const [ranA, ranB] = await Promise.all([a.queue.runDue(), b.queue.runDue()]);
    expect(ranA + ranB).toBe(40);
    expect(new Set([...a.ran, ...b.ran]).size).toBe(40);
    expect(ranA).toBeGreaterThanOrEqual(10);
    expect(ranB).toBeGreaterThanOrEqual(10);
    // Each instance counts its own runs.
    for (const { registry, ran } of [a, b]) {
      expect(await registry.metrics()).toContain(
        `lectern_job_runs_total{kind="test.share",outcome="succeeded"} ${ran.length}`,
      );
    }

    // Alone, an instance still drains everything in one call (claims of 10, 5, 3, 1 and 1).
    await a.kind.enqueueMany(
      server.db,
      Array.from({ length: 20 }, (_, index) => ({ key: `more-${index}`, payload: { key: `more-${index}` } })),
    );
    expect(await a.queue.runDue()).toBe(20);
  });

  it('takes over a job whose instance died once its lease has run out', async () => {
    const clock = manualClock();
    const dead = queueOf(clock, 200);
    const runs: string[] = [];
    dead.define({ kind: 'test.lease', run: () => new Promise(() => {}) });
    const alive = queueOf(clock, 200);
    const kind = alive.define({
      kind: 'test.lease',
      run: async (_payload, { attempt }) => {
        runs.push(`attempt ${attempt}`);
      },
    });
    await kind.enqueue(server.db, 'k', {});
    // The first instance claims it and never finishes (its process "died").
    void dead.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await rowsOfKind('test.lease'))[0]?.status).toBe('running');
    expect(await alive.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await alive.runDue()).toBe(1);
    expect(runs).toEqual(['attempt 2']);
    expect((await rowsOfKind('test.lease'))[0]?.status).toBe('succeeded');
  });

  it('shows due, scheduled, running and failed jobs per kind on /metrics', async () => {
    const clock = manualClock();
    const queue = queueOf(clock);
    const kind = queue.define({ kind: 'test.metrics', run: async () => {} });
    await kind.enqueue(server.db, 'now', {});
    await kind.enqueue(server.db, 'later', {}, new Date(clock.now().getTime() + 3_600_000));
    await server.db.execute(
      sql`insert into jobs (kind, key, payload, status, run_at, attempts, max_attempts)
          values ('test.metrics', 'broken', '{}', 'failed', now(), 8, 8)`,
    );
    const registry = new Registry();
    queue.registerMetrics(registry);
    const text = await registry.metrics();
    expect(text).toContain('lectern_jobs{kind="test.metrics",state="due"} 1');
    expect(text).toContain('lectern_jobs{kind="test.metrics",state="scheduled"} 1');
    expect(text).toContain('lectern_jobs{kind="test.metrics",state="running"} 0');
    expect(text).toContain('lectern_jobs{kind="test.metrics",state="failed"} 1');
    const [count] = rowsOf<{ n: number }>(
      await server.db.execute(sql`select count(*)::int as n from jobs where kind = 'test.metrics'`),
    );
    expect(count!.n).toBe(3);
  });
});
