import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One row per recurring job (reconciliation, purges, sweeps). An instance runs a job only
 * after claiming its row with a compare-and-set on `next_run_at`, so with several instances
 * on one database each due run happens once; `locked_until` lets another instance take over
 * a run whose instance died.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: varchar('name', { length: 100 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedBy: varchar('locked_by', { length: 100 }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * The job queue: one row per piece of work, unique by kind and key, so enqueuing the same work
 * twice (a retry, a crash, two instances) keeps one row. Instances claim due rows with
 * `FOR UPDATE SKIP LOCKED`; a claim holds a lease, and a row whose lease ran out (its
 * instance died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 64 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** queued → running → succeeded | failed (queued again between retries). */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedBy: varchar('locked_by', { length: 100 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_kind_key').on(table.kind, table.key),
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);
