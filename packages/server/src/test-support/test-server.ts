import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createServer, loadConfig, type CreateServerOptions, type LecternServer } from '../app.js';
import type { AppConfig } from '../platform/config/config.js';
import { pgliteTemplate } from './pglite-template.js';

/**
 * A real server for integration tests: in-memory PGlite by default (copied from the run's
 * migrated, seeded template when there is one, see pglite-template.ts), or, when
 * LECTERN_TEST_POSTGRES_URL points at a PostgreSQL cluster (`npm run test:integration:postgres`),
 * a fresh database of its own on that cluster, dropped afterwards.
 */
export async function startTestServer(
  overrides: Partial<AppConfig> = {},
  options: CreateServerOptions = {},
): Promise<LecternServer & { stop(): Promise<void> }> {
  const clusterUrl = process.env.LECTERN_TEST_POSTGRES_URL;
  let dropDatabase = async () => {};
  let database: AppConfig['database'] = { kind: 'pglite', dataDir: null };
  // A seeded server starts from the run's template (what it would have built itself).
  const template = overrides.seedDemoData === false ? null : await pgliteTemplate();
  if (template) database = { kind: 'pglite', dataDir: null, template };
  if (clusterUrl) {
    const name = `lectern_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(clusterUrl, `create database ${name}`);
    const url = new URL(clusterUrl);
    url.pathname = `/${name}`;
    database = { kind: 'postgres', url: url.toString() };
    dropDatabase = () => adminQuery(clusterUrl, `drop database if exists ${name} with (force)`);
  }
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    { database, ...overrides },
  );
  const server = await createServer(config, options);
  return {
    ...server,
    async stop() {
      await server.close();
      await dropDatabase();
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
