import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGLITE_TEMPLATE_ENV } from './pglite-template.js';
import { runTemplateWriter } from './run-template-writer.js';

/**
 * Vitest global setup of the integration project: one migrated, seeded embedded database for
 * the whole run, which test servers copy (not on PostgreSQL, where
 * postgres-template.global-setup.ts makes the template on the cluster instead). Workers inherit
 * the variable naming it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.LECTERN_TEST_POSTGRES_URL) return async () => {};
  // Both integration projects list this setup; in one run the first one's template serves both.
  if (process.env[PGLITE_TEMPLATE_ENV]) return async () => {};
  const folder = await mkdtemp(path.join(tmpdir(), 'lectern-template-'));
  const file = path.join(folder, 'pglite-template.tar');
  try {
    runTemplateWriter('pglite', file);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
