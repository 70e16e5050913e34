import { randomBytes } from 'node:crypto';
import { createServer, loadConfig, type CreateServerOptions, type LecternServer } from '../app.js';
import type { AppConfig } from '../platform/config/config.js';
import { pgliteTemplate } from './pglite-template.js';
import { adminQuery, createDatabase, databaseUrl, postgresTemplate } from './postgres-template.js';

/**
 * A real server for integration tests: in-memory PGlite by default (copied from the run's
 * migrated, seeded template when there is one, see pglite-template.ts), or, when
 * LECTERN_TEST_POSTGRES_URL points at a PostgreSQL cluster (`npm run test:integration:postgres`),
 * a database of its own on that cluster (a copy of the run's migrated, seeded template, see
 * postgres-template.ts), dropped afterwards. An unseeded server gets an empty database, and
 * one given `overrides.database` none of its own.
 */
export async function startTestServer(
  overrides: Partial<AppConfig> = {},
  options: CreateServerOptions = {},
): Promise<LecternServer & { stop(): Promise<void> }> {
  const clusterUrl = process.env.LECTERN_TEST_POSTGRES_URL;
  const seeded = overrides.seedDemoData !== false;
  let dropDatabase = async () => {};
  let database: AppConfig['database'] = { kind: 'pglite', dataDir: null };
  if (overrides.database) {
    // The test brings its database (shared with server processes): nothing to make here.
  } else if (clusterUrl) {
    const name = `lectern_test_${randomBytes(6).toString('hex')}`;
    // A seeded server starts from the run's template (what it would have built itself).
    await createDatabase(clusterUrl, name, seeded ? postgresTemplate() : null);
    database = { kind: 'postgres', url: databaseUrl(clusterUrl, name) };
    dropDatabase = () => adminQuery(clusterUrl, `drop database if exists ${name} with (force)`);
  } else {
    const template = seeded ? await pgliteTemplate() : null;
    if (template) database = { kind: 'pglite', dataDir: null, template };
  }
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    { database, ...overrides },
  );
  let server: LecternServer;
  try {
    server = await createServer(config, options);
  } catch (error) {
    await dropDatabase().catch(() => {});
    throw error;
  }
  return {
    ...server,
    async stop() {
      await server.close();
      await dropDatabase();
    },
  };
}
