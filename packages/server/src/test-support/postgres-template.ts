import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** Names the run's template database on the test cluster (unset: none, e.g. on PGlite). */
export const POSTGRES_TEMPLATE_ENV = 'LECTERN_TEST_POSTGRES_TEMPLATE';

/**
 * The run's migrated, seeded template database on the test cluster (made by
 * postgres-template.global-setup.ts), or null when the run has none. Every seeded test server
 * starts from a copy of it instead of running the migrations and the seed again.
 */
export function postgresTemplate(): string | null {
  return process.env[POSTGRES_TEMPLATE_ENV] || null;
}

/** Runs one statement on its own connection to the cluster's maintenance database. */
export async function adminQuery(clusterUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the cluster at `clusterUrl`. */
export function databaseUrl(clusterUrl: string, name: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// PostgreSQL's "source database is being accessed by other users" (object_in_use).
const OBJECT_IN_USE = '55006';
const COPY_ATTEMPTS = 5;

/**
 * Creates database `name` as a copy of `template` (an empty one when null). Copies may run
 * concurrently; PostgreSQL only refuses one while a session is connected to the template (it
 * waits a few seconds for it first), which nothing should be: the template accepts no
 * connections once written. A refusal is retried briefly all the same.
 */
export async function createDatabase(
  clusterUrl: string,
  name: string,
  template: string | null,
): Promise<void> {
  if (!template) return adminQuery(clusterUrl, `create database ${name}`);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await adminQuery(clusterUrl, `create database ${name} template ${template}`);
    } catch (error) {
      const inUse = (error as { code?: unknown }).code === OBJECT_IN_USE;
      if (!inUse || attempt >= COPY_ATTEMPTS) throw error;
      await sleep(200 * attempt);
    }
  }
}
