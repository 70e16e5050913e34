import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { scheduledJobs } from './jobs.tables.js';

/** A recurring piece of work (reconciliation, purges, sweeps). */
export interface JobDefinition {
  /** Unique; the row in `scheduled_jobs`. */
  name: string;
  /** Time between the start of one run and the next due run. */
  everyMs: number;
  /** How long a run may take before another instance may take it over (default 5 × everyMs, ≥ 1 min). */
  leaseMs?: number;
  run(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** How often this instance looks for due jobs (default 5 s). */
  pollMs?: number;
}

/**
 * Runs recurring jobs on any number of server instances sharing one database (design §7):
 * an instance runs a due job only after claiming its row with one compare-and-set UPDATE
 * (due, and not leased by a live run), so each due run happens once. Time is the database's,
 * so instances with skewed clocks agree. Works on PGlite and PostgreSQL alike.
 */
export function createJobRunner({ db, log, pollMs = 5_000 }: JobRunnerOptions) {
  const instance = randomUUID();
  const jobs = new Map<string, JobDefinition>();
  const running = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const leaseOf = (job: JobDefinition) => job.leaseMs ?? Math.max(60_000, job.everyMs * 5);

  /** Claims the job's row when it is due (or `force`d) and not leased; true when this instance got it. */
  async function claim(job: JobDefinition, force: boolean): Promise<boolean> {
    await db
      .insert(scheduledJobs)
      .values({ name: job.name, nextRunAt: sql`now()` })
      .onConflictDoNothing();
    const free = or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, sql`now()`));
    const claimed = await db
      .update(scheduledJobs)
      .set({
        lockedBy: instance,
        lockedUntil: sql`now() + ${`${leaseOf(job)} milliseconds`}::interval`,
        lastStartedAt: sql`now()`,
        nextRunAt: sql`now() + ${`${job.everyMs} milliseconds`}::interval`,
      })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          free,
          force ? undefined : lte(scheduledJobs.nextRunAt, sql`now()`),
        ),
      )
      .returning({ name: scheduledJobs.name });
    return claimed.length > 0;
  }

  async function runClaimed(job: JobDefinition): Promise<void> {
    let error: unknown = null;
    try {
      await job.run();
    } catch (caught) {
      error = caught;
      log.error({ err: caught, job: job.name }, 'job failed');
    }
    await db
      .update(scheduledJobs)
      .set({
        lockedBy: null,
        lockedUntil: null,
        lastFinishedAt: sql`now()`,
        lastError:
          error === null ? null : String(error instanceof Error ? error.message : error).slice(0, 2000),
      })
      .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.lockedBy, instance)))
      .catch((caught: unknown) => log.warn({ err: caught, job: job.name }, 'job release failed'));
  }

  /** Runs the job if this instance can claim it; one run per job at a time in this process. */
  function attempt(job: JobDefinition, force: boolean): Promise<boolean> {
    if (running.has(job.name)) return running.get(job.name)!.then(() => false);
    let ran = false;
    const run = (async () => {
      if (!(await claim(job, force))) return;
      ran = true;
      await runClaimed(job);
    })()
      .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'job claim failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run.then(() => ran);
  }

  async function tick(): Promise<void> {
    await Promise.all([...jobs.values()].map((job) => attempt(job, false)));
  }

  return {
    register(job: JobDefinition): void {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      jobs.set(job.name, job);
    },

    /** Starts polling for due jobs. */
    start(): void {
      if (timer || stopped) return;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      void tick();
    },

    /**
     * Runs a job now, whether due or not, unless another run holds it (tests, tools, and the
     * demo's "run it now"). Resolves to whether this call ran it.
     */
    runNow(name: string): Promise<boolean> {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      return attempt(job, true);
    },

    /** Stops polling and waits for the runs in progress. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all(running.values());
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
