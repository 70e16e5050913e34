import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { AppConfig } from '../platform/config/config.js';
import { pgliteTemplate } from './pglite-template.js';
import { adminQuery, createDatabase, databaseUrl, postgresTemplate } from './postgres-template.js';

/**
 * A database of the test's own that outlives a server process (crash tests, several
 * instances): PGlite files on disk, or a fresh database on the test cluster
 * (LECTERN_TEST_POSTGRES_URL). Both start as a copy of the run's migrated, seeded template when
 * there is one, so a server process started on it does not run initdb, the migrations and the
 * seed itself (on PGlite about 14 s of CPU, more than half of such a process's start). `env`
 * starts a server process on it; `config` an in-process server. Register `cleanup` to drop it.
 */
export async function createOwnDatabase(prefix: string): Promise<{
  env: Record<string, string>;
  config: AppConfig['database'];
  cleanup: () => Promise<void>;
}> {
  const clusterUrl = process.env.LECTERN_TEST_POSTGRES_URL;
  if (!clusterUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), `lectern-${prefix}-`));
    const dataDir = path.join(dir, 'pglite');
    const template = await pgliteTemplate();
    if (template) {
      // PGlite unpacks the dump into the empty directory; closing leaves it shut down cleanly.
      mkdirSync(dataDir, { recursive: true });
      const loaded = await PGlite.create(dataDir, { loadDataDir: template });
      await loaded.close();
    }
    return {
      env: { DATA_DIR: dir },
      config: { kind: 'pglite', dataDir },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `lectern_${prefix.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  await createDatabase(clusterUrl, name, postgresTemplate());
  const url = databaseUrl(clusterUrl, name);
  return {
    env: { DATABASE_URL: url },
    config: { kind: 'postgres', url },
    cleanup: () => adminQuery(clusterUrl, `drop database if exists ${name} with (force)`),
  };
}
