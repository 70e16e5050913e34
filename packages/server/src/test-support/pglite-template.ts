import { readFile } from 'node:fs/promises';

/** Where the integration run's global setup leaves the template (unset: none, e.g. on PostgreSQL). */
export const PGLITE_TEMPLATE_ENV = 'LECTERN_TEST_PGLITE_TEMPLATE';

let loaded: Promise<Blob | null> | null = null;

/**
 * The run's migrated, seeded embedded database (a data-directory dump written by
 * write-database-template.ts), read once per test file; null when the run has none. Every seeded
 * test server starts from it instead of running initdb, the migrations and the seed again
 * (about 3 s each on this machine's two cores; loading the dump takes well under one).
 */
export function pgliteTemplate(): Promise<Blob | null> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return Promise.resolve(null);
  loaded ??= readFile(file).then((bytes) => new Blob([bytes]));
  return loaded;
}
