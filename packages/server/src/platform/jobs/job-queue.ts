import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
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
  /**
   * Runs many claimed jobs of this kind at once, when fewer round trips matter (a renewal run):
   * answers each job's error, or null for each that succeeded. Replaces `run` for claimed batches.
   */
  runBatch?(jobs: { payload: Payload; key: string; attempt: number }[]): Promise<(unknown | null)[]>;
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
  /** Jobs claimed at once at most (default 200; never more than half of those due, see `claim`). */
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

/** Jobs handed to one `runBatch` call. */
const BATCH_CHUNK = 50;

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
  batchSize = 200,
  concurrency = 16,
}: JobQueueOptions) {
  const instance = randomUUID();
  const kinds = new Map<string, JobKind<never>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** `lectern_job_runs_total`, once metrics are registered: what this instance ran. */
  let runs: Counter<'kind' | 'outcome'> | null = null;

  /**
   * Claims due jobs: at most `limit`, and at most half of those due (at least one). Taking every
   * due job in one claim left nothing for an instance polling at the same moment (in the
   * two-instance renewal test one instance ran every renewal); with half, the other finds the
   * rest, and a lone instance comes back for it at once (a few more claims at the tail of a run).
   */
  async function claim(limit: number): Promise<ClaimedJob[]> {
    const now = clock.now();
    const known = [...kinds.keys()];
    if (known.length === 0) return [];
    const due = sql`kind in ${sql`(${sql.join(
      known.map((kind) => sql`${kind}`),
      sql`, `,
    )})`}
      and ((status = 'queued' and run_at <= ${now.toISOString()}::timestamptz)
        or (status = 'running' and locked_until < now()))`;
    const result = await db.execute(sql`
      update ${jobs} set
        status = 'running',
        attempts = attempts + 1,
        locked_by = ${instance},
        locked_until = now() + ${`${leaseMs} milliseconds`}::interval
      where id in (
        select id from ${jobs}
        where ${due}
        order by run_at, id
        limit least(${limit}::int, (select (count(*) + 1) / 2 from ${jobs} where ${due}))
        for update skip locked
      )
      returning id, kind, key, payload, attempts, max_attempts`);
    return rowsOf<ClaimedJob>(result).map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Marks the runs that succeeded, in one statement (fenced by this instance's claim). */
  async function succeeded(done: ClaimedJob[]): Promise<void> {
    if (done.length === 0) return;
    await db.execute(sql`
      update ${jobs} set status = 'succeeded', locked_by = null, locked_until = null,
        last_error = null, finished_at = now()
      where id in ${sql`(${sql.join(
        done.map((job) => sql`${job.id}`),
        sql`, `,
      )})`} and locked_by = ${instance}`);
  }

  /** A failed run: queued again after its back-off, or failed for good after its last attempt. */
  async function failed(job: ClaimedJob, error: unknown): Promise<void> {
    const kind = kinds.get(job.kind)!;
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

  /** Runs claimed jobs: a batch kind's together, the others one by one (up to `concurrency` at once). */
  async function runClaimed(claimed: ClaimedJob[]): Promise<Map<ClaimedJob, unknown>> {
    const outcomes = new Map<ClaimedJob, unknown>();
    const single: ClaimedJob[] = [];
    const batches = new Map<string, ClaimedJob[]>();
    for (const job of claimed) {
      if (kinds.get(job.kind)!.runBatch) batches.set(job.kind, [...(batches.get(job.kind) ?? []), job]);
      else single.push(job);
    }
    const runBatch = async (kind: JobKind<never>, group: ClaimedJob[]) => {
      try {
        const errors = await kind.runBatch!(
          group.map((job) => ({ payload: job.payload as never, key: job.key, attempt: job.attempts })),
        );
        group.forEach((job, index) => outcomes.set(job, errors[index] ?? null));
      } catch (error) {
        for (const job of group) outcomes.set(job, error ?? new Error('job failed'));
      }
    };
    let next = 0;
    const worker = async () => {
      while (next < single.length) {
        const job = single[next++]!;
        try {
          await kinds.get(job.kind)!.run(job.payload as never, { key: job.key, attempt: job.attempts });
          outcomes.set(job, null);
        } catch (error) {
          outcomes.set(job, error ?? new Error('job failed'));
        }
      }
    };
    // A batch kind's jobs go in chunks run side by side, so one chunk's provider calls overlap
    // another's database work.
    const chunks = [...batches].flatMap(([kind, group]) =>
      Array.from({ length: Math.ceil(group.length / BATCH_CHUNK) }, (_, index) =>
        runBatch(kinds.get(kind)!, group.slice(index * BATCH_CHUNK, (index + 1) * BATCH_CHUNK)),
      ),
    );
    await Promise.all([...chunks, ...Array.from({ length: Math.min(concurrency, single.length) }, worker)]);
    return outcomes;
  }

  /** Claims and runs batches until nothing is due; resolves to how many runs were made. */
  async function drainOnce(): Promise<number> {
    let ran = 0;
    for (;;) {
      const batch = await claim(batchSize);
      if (batch.length === 0) return ran;
      const outcomes = await runClaimed(batch);
      for (const job of batch)
        runs?.inc({ kind: job.kind, outcome: outcomes.get(job) === null ? 'succeeded' : 'failed' });
      const record = async () => {
        await succeeded(batch.filter((job) => outcomes.get(job) === null));
        for (const job of batch) {
          const error = outcomes.get(job);
          if (error !== null) await failed(job, error);
        }
      };
      await record().catch((error: unknown) =>
        log.warn({ err: error }, 'job results not recorded; their leases will expire'),
      );
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
          enqueue(writer, kind.kind, [{ key, payload, runAt }]),
        /** Many at once, in one statement per thousand (a sweep that finds thousands due). */
        enqueueMany: (writer: Writer, items: { key: string; payload: Payload; runAt?: Date }[]) =>
          enqueue(writer, kind.kind, items),
      };
    },

    /**
     * Adds a job unless one of this kind and key exists (whatever its state): the same work is
     * enqueued once. Pass the transaction that causes it, so it exists if and only if that commits.
     */
    enqueue: (writer: Writer, kind: string, key: string, payload: unknown, runAt?: Date) =>
      enqueue(writer, kind, [{ key, payload, runAt }]),

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

    /**
     * `lectern_jobs{kind, state}`: due, scheduled, running and failed jobs per kind, read at
     * scrape time; `lectern_job_runs_total{kind, outcome}`: the runs this instance made.
     */
    registerMetrics(registry: Registry): void {
      // Per instance (the gauges below are the shared queue's): which instance does the work.
      runs = new Counter({
        name: 'lectern_job_runs_total',
        help: 'Job runs made by this instance, by kind and outcome (succeeded, failed)',
        labelNames: ['kind', 'outcome'] as const,
        registers: [registry],
      });
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
    items: { key: string; payload: unknown; runAt?: Date }[],
  ): Promise<void> {
    const maxAttempts = kinds.get(kind)?.maxAttempts ?? 8;
    const now = clock.now();
    for (let start = 0; start < items.length; start += 1_000) {
      await writer
        .insert(jobs)
        .values(
          items.slice(start, start + 1_000).map((item) => ({
            kind,
            key: item.key,
            payload: item.payload as Record<string, unknown>,
            runAt: item.runAt ?? now,
            maxAttempts,
          })),
        )
        .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
    }
  }
}

export type JobQueue = ReturnType<typeof createJobQueue>;
