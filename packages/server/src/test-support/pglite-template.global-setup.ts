import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGLITE_TEMPLATE_ENV } from './pglite-template.js';

/**
 * Vitest global setup of the integration project: one migrated, seeded embedded database for
 * the whole run, which test servers copy (not on PostgreSQL, where
 * postgres-template.global-setup.ts makes the template on the cluster instead). Workers inherit
 * the variable naming it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.LECTERN_TEST_POSTGRES_URL) return async () => {};
  const folder = await mkdtemp(path.join(tmpdir(), 'lectern-template-'));
  const file = path.join(folder, 'pglite-template.tar');
  const written = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=source',
      fileURLToPath(new URL('write-pglite-template.ts', import.meta.url)),
      file,
    ],
    { stdio: 'inherit' },
  );
  if (written.status !== 0) {
    await rm(folder, { recursive: true, force: true });
    throw new Error(`Could not build the test database template (exit ${written.status ?? written.signal}).`);
  }
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
