import { randomBytes } from 'node:crypto';
import { adminQuery, databaseUrl, POSTGRES_TEMPLATE_ENV } from './postgres-template.js';
import { runTemplateWriter } from './run-template-writer.js';

/**
 * Vitest global setup of the integration project on PostgreSQL (LECTERN_TEST_POSTGRES_URL set):
 * one migrated, seeded database on the test cluster for the whole run, which seeded test
 * servers copy (`create database ... template`). Workers inherit the variable naming it; the
 * teardown drops it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const clusterUrl = process.env.LECTERN_TEST_POSTGRES_URL;
  if (!clusterUrl) return async () => {};
  // Both integration projects list this setup; in one run the first one's template serves both.
  if (process.env[POSTGRES_TEMPLATE_ENV]) return async () => {};
  // A name of the run's own: runs sharing a cluster do not meet.
  const name = `lectern_template_${randomBytes(6).toString('hex')}`;
  const drop = () => adminQuery(clusterUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(clusterUrl, `create database ${name}`);
  try {
    runTemplateWriter('postgres', databaseUrl(clusterUrl, name));
  } catch (error) {
    await drop().catch(() => {});
    throw error;
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
