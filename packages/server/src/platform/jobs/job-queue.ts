import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../clock/clock.js';
import type { Database, Writer } from '../db/database.js';
import { rowsOf } from '../db/query-result.js';
import { jobs } from './jobs.tables.js';

/** A kind of keyed work: a renewal of one enrollment for one period, one mail to send. */
export interface JobKind<Payload> {
  kind: string;
  /**
   * Does the work. It must be idempotent: a run interrupted by a crash, or whose instance lost
   * its lease, runs again with the same key and payload.
   */
  run(payload: Payload, context: { key: string; attempt: number }): Promise<void>;
  /** Runs before the job is marked failed (default 8). */
  maxAttempts?: number;
  /** Wait before attempt `attempt + 1` after a failed `attempt` (default 15 s × 2^(attempt-1), ≤ 1 h). */
  retryDelayMs?(attempt: number): number;
}

export interface JobQueueOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Jobs are due by this clock (the server's, movable outside production). */
  clock: Clock;
  /** How long a claimed job may run before another instance takes it over (default 60 s). */
  leaseMs?: number;
  /** How often an idle instance looks for due jobs (default 1 s). */
  pollMs?: number;
  /** Jobs claimed at once (default 100). */
  batchSize?: number;
  /** Jobs run at once by this instance (default 16). */
  concurrency?: number;
}

interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

export interface JobCount {
  kind: string;
  /** queued and due now, queued for later, running, failed for good. */
  due: number;
  scheduled: number;
  running: number;
  failed: number;
}

const defaultRetryDelay = (attempt: number) => Math.min(15_000 * 2 ** (attempt - 1), 60 * 60_000);

/**
 * The job queue (decision 0021): rows in `jobs`, unique by kind and key, so the same work is
 * enqueued once whatever duplicates happen. Any number of instances share it: each claims due
 * rows with `FOR UPDATE SKIP LOCKED` (PostgreSQL and PGlite alike) under a lease; a failed run
 * is retried with back-off; a run whose instance died is claimed again once its lease ends.
 */
export function createJobQueue({
  db,
  log,
  clock,
  leaseMs = 60_000,
  pollMs = 1_000,
  batchSize = 100,
  concurrency = 16,
}: JobQueueOptions) {
  const instance = randomUUID();
  const kinds = new Map<string, JobKind<never>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function claim(limit: number): Promise<ClaimedJob[]> {
    const now = clock.now();
    const known = [...kinds.keys()];
    if (known.length === 0) return [];
    const result = await db.execute(sql`
      update ${jobs} set
        status = 'running',
        attempts = attempts + 1,
        locked_by = ${instance},
        locked_until = now() + ${`${leaseMs} milliseconds`}::interval
      where id in (
        select id from ${jobs}
        where kind in ${sql`(${sql.join(
          known.map((kind) => sql`${kind}`),
          sql`, `,
        )})`}
          and ((status = 'queued' and run_at <= ${now.toISOString()}::timestamptz)
            or (status = 'running' and locked_until < now()))
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      returning id, kind, key, payload, attempts, max_attempts`);
    return rowsOf<ClaimedJob>(result).map((row) => ({ ...row, id: Number(row.id) }));
  }

  async function finish(job: ClaimedJob, error: unknown): Promise<void> {
    const kind = kinds.get(job.kind)!;
    if (error === null) {
      await db.execute(sql`
        update ${jobs} set status = 'succeeded', locked_by = null, locked_until = null,
          last_error = null, finished_at = now()
        where id = ${job.id} and locked_by = ${instance}`);
      return;
    }
    const message = String(error instanceof Error ? error.message : error).slice(0, 2000);
    const last = job.attempts >= job.max_attempts;
    const retryAt = new Date(clock.now().getTime() + (kind.retryDelayMs ?? defaultRetryDelay)(job.attempts));
    log[last ? 'error' : 'warn'](
      { err: error, job: job.kind, key: job.key, attempt: job.attempts },
      last ? 'job failed for good' : 'job failed; retried later',
    );
    await db.execute(sql`
      update ${jobs} set status = ${last ? 'failed' : 'queued'}, locked_by = null, locked_until = null,
        last_error = ${message}, run_at = ${retryAt.toISOString()}::timestamptz,
        finished_at = ${last ? sql`now()` : null}
      where id = ${job.id} and locked_by = ${instance}`);
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const kind = kinds.get(job.kind);
    let error: unknown = null;
    try {
      await kind!.run(job.payload as never, { key: job.key, attempt: job.attempts });
    } catch (caught) {
      error = caught ?? new Error('job failed');
    }
    await finish(job, error).catch((caught: unknown) =>
      log.warn(
        { err: caught, job: job.kind, key: job.key },
        'job result not recorded; its lease will expire',
      ),
    );
  }

  /** Claims and runs batches until nothing is due; resolves to how many runs were made. */
  async function drainOnce(): Promise<number> {
    let ran = 0;
    for (;;) {
      const batch = await claim(batchSize);
      if (batch.length === 0) return ran;
      let next = 0;
      const worker = async () => {
        while (next < batch.length) await runOne(batch[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
      ran += batch.length;
      if (stopped) return ran;
    }
  }

  // One drain at a time per instance: a caller arriving meanwhile drains after it.
  let chain: Promise<unknown> = Promise.resolve();
  let polling = false;
  function drain(): Promise<number> {
    const run = chain.then(() => drainOnce());
    chain = run.catch(() => 0);
    return run;
  }

  function tick(): void {
    if (polling) return;
    polling = true;
    drain()
      .catch((error: unknown) => log.warn({ err: error }, 'job queue poll failed'))
      .finally(() => (polling = false));
  }

  return {
    /** Registers a kind; its jobs can then be enqueued and are run by this instance. */
    define<Payload>(kind: JobKind<Payload>) {
      if (kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} is defined twice`);
      kinds.set(kind.kind, kind as JobKind<never>);
      return {
        enqueue: (writer: Writer, key: string, payload: Payload, runAt?: Date) =>
          enqueue(writer, kind.kind, key, payload, runAt),
      };
    },

    /**
     * Adds a job unless one of this kind and key exists (whatever its state): the same work is
     * enqueued once. Pass the transaction that causes it, so it exists if and only if that commits.
     */
    enqueue,

    /** Runs every job that is due now (tests, the developer clock); resolves to the number of runs. */
    runDue: () => drain(),

    /** Starts polling for due jobs. */
    start(): void {
      if (timer || stopped) return;
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },

    /** Stops polling and waits for the runs in progress. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
    },

    counts,

    /** `lectern_jobs{kind, state}`: due, scheduled, running and failed jobs per kind, read at scrape time. */
    registerMetrics(registry: Registry): void {
      new Gauge({
        name: 'lectern_jobs',
        help: 'Jobs in the queue by kind and state (due, scheduled, running, failed)',
        labelNames: ['kind', 'state'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          const current = await counts().catch(() => []);
          for (const kind of kinds.keys()) {
            const count = current.find((entry) => entry.kind === kind);
            for (const state of ['due', 'scheduled', 'running', 'failed'] as const)
              this.set({ kind, state }, count?.[state] ?? 0);
          }
        },
      });
    },
  };

  /** Jobs per kind and state (the `/metrics` gauges). */
  async function counts(): Promise<JobCount[]> {
    const now = clock.now().toISOString();
    const result = await db.execute(sql`
      select kind,
        count(*) filter (where status = 'queued' and run_at <= ${now}::timestamptz)::int as due,
        count(*) filter (where status = 'queued' and run_at > ${now}::timestamptz)::int as scheduled,
        count(*) filter (where status = 'running')::int as running,
        count(*) filter (where status = 'failed')::int as failed
      from ${jobs} where status <> 'succeeded' group by kind`);
    return rowsOf<JobCount>(result);
  }

  async function enqueue(
    writer: Writer,
    kind: string,
    key: string,
    payload: unknown,
    runAt: Date = clock.now(),
  ): Promise<void> {
    const definition = kinds.get(kind);
    await writer
      .insert(jobs)
      .values({
        kind,
        key,
        payload: payload as Record<string, unknown>,
        runAt,
        maxAttempts: definition?.maxAttempts ?? 8,
      })
      .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
  }
}

export type JobQueue = ReturnType<typeof createJobQueue>;
