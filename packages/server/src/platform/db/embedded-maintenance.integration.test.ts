import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { embeddedMaintenanceJobs } from './embedded-maintenance.js';
import { rowsOf } from './query-result.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(() => database.close());

describe('embedded database maintenance', () => {
  it('gathers the planner statistics the embedded database never gathers by itself', async () => {
    const { db } = database;
    await db.execute(sql`create table maintained (id integer primary key, at timestamptz not null)`);
    await db.execute(sql`insert into maintained select g, now() from generate_series(1, 5000) g`);
    const estimate = async () =>
      Number(
        rowsOf<{ tuples: number }>(
          await db.execute(sql`select reltuples as tuples from pg_class where relname = 'maintained'`),
        )[0]!.tuples,
      );
    // Never analyzed: the planner knows nothing of the 5,000 rows.
    expect(await estimate()).toBeLessThan(1);

    const jobs = embeddedMaintenanceJobs(database);
    expect(jobs.map((job) => job.name)).toEqual(['db.analyze']);
    await jobs[0]!.run();
    expect(await estimate()).toBe(5000);
  });
});
