import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { adminQuery, databaseUrl, POSTGRES_TEMPLATE_ENV } from './postgres-template.js';

/**
 * Vitest global setup of the integration project on PostgreSQL (LECTERN_TEST_POSTGRES_URL set):
 * one migrated, seeded database on the test cluster for the whole run, which seeded test
 * servers copy (`create database ... template`). Workers inherit the variable naming it; the
 * teardown drops it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const clusterUrl = process.env.LECTERN_TEST_POSTGRES_URL;
  if (!clusterUrl) return async () => {};
  // A name of the run's own: runs sharing a cluster do not meet.
  const name = `lectern_template_${randomBytes(6).toString('hex')}`;
  const drop = () => adminQuery(clusterUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(clusterUrl, `create database ${name}`);
  const written = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=source',
      fileURLToPath(new URL('write-postgres-template.ts', import.meta.url)),
      databaseUrl(clusterUrl, name),
    ],
    { stdio: 'inherit' },
  );
  if (written.status !== 0) {
    await drop().catch(() => {});
    throw new Error(`Could not build the test database template (exit ${written.status ?? written.signal}).`);
  }
  // PostgreSQL refuses to copy a database anyone is connected to: from now on nobody can be
  // (the writer closed its pool and has exited). Copies still accept connections.
  await adminQuery(clusterUrl, `alter database ${name} allow_connections false`);
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await drop();
  };
}
