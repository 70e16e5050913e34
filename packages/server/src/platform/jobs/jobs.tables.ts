import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
