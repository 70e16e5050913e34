// Migrates and seeds the integration run's PostgreSQL template database (see postgres-template.ts):
//   node --import tsx --conditions=source write-postgres-template.ts <database url>
// A process of its own, because Vitest's global setup does not resolve the workspace packages'
// sources (`source` condition) the way its workers do.
import Fastify from 'fastify';
import { openDatabase } from '../platform/db/database.js';
import { runMigrations } from '../platform/db/migrate.js';
import { seedDemoData } from '../seed/demo-seed.js';

/**
 * Brings the (empty) database at `url` to where a seeded server's start leaves it before
 * anything else runs: createServer's own migration and seed steps. Closes every connection.
 */
export async function writePostgresTemplate(url: string): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    await runMigrations(handle);
    await seedDemoData(handle.db, Fastify({ logger: false }).log);
  } finally {
    await handle.close();
  }
}

const [url] = process.argv.slice(2);
if (!url) {
  console.error('Usage: write-postgres-template.ts <database url>');
  process.exit(2);
}
await writePostgresTemplate(url);
