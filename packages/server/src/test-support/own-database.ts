import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../platform/config/config.js';

/**
 * A database of the test's own that outlives a server process (crash tests): PGlite files on
 * disk, or a fresh database on the test cluster (LECTERN_TEST_POSTGRES_URL). `env` starts a
 * server process on it; `config` an in-process server. Register `cleanup` to drop it.
 */
export async function createOwnDatabase(prefix: string): Promise<{
  env: Record<string, string>;
  config: AppConfig['database'];
  cleanup: () => Promise<void>;
}> {
  const clusterUrl = process.env.LECTERN_TEST_POSTGRES_URL;
  if (!clusterUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), `lectern-${prefix}-`));
    return {
      env: { DATA_DIR: dir },
      config: { kind: 'pglite', dataDir: path.join(dir, 'pglite') },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `lectern_${prefix.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: clusterUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    config: { kind: 'postgres', url: url.toString() },
    cleanup: () => admin(`drop database if exists ${name} with (force)`),
  };
}
