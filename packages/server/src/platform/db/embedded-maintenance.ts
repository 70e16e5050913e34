import { sql } from 'drizzle-orm';
import type { JobDefinition } from '../jobs/job-runner.js';
import type { DatabaseHandle } from './database.js';

/** How often the embedded database's statistics are gathered again. */
export const EMBEDDED_ANALYZE_EVERY_MS = 60 * 60 * 1000;

/**
 * The embedded database (PGlite) runs no autovacuum, so its planner's statistics stay those of
 * the day the tables were created: at 1 million orders an export's keyset pages were sorted
 * instead of read along their index, 5.3 times slower (352.8 s against 66.5 s after one
 * ANALYZE). This job gathers them every hour; it takes about a second at that size, during
 * which the single connection waits. PostgreSQL's own autovacuum does it there: no job.
 */
export function embeddedMaintenanceJobs(database: DatabaseHandle): JobDefinition[] {
  if (database.driver.kind !== 'pglite') return [];
  return [
    {
      name: 'db.analyze',
      everyMs: EMBEDDED_ANALYZE_EVERY_MS,
      run: async () => {
        await database.db.execute(sql`analyze`);
      },
    },
  ];
}
