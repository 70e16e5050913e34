// Writes the integration run's database template (see pglite-template.ts, postgres-template.ts):
//   node --import tsx --conditions=source write-database-template.ts pglite <file>
//   node --import tsx --conditions=source write-database-template.ts postgres <database url>
// A process of its own, because Vitest's global setup does not resolve the workspace packages'
// sources (`source` condition) the way its workers do.
import { writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { openDatabase, type DatabaseHandle } from '../platform/db/database.js';
import { runMigrations } from '../platform/db/migrate.js';
import { seedDemoData } from '../seed/demo-seed.js';

/** createServer's own first steps on an empty database: the migrations, then the demo seed. */
async function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  await runMigrations(handle);
  await seedDemoData(handle.db, Fastify({ logger: false }).log);
}

/** Writes a migrated, seeded embedded database to `file` as a data-directory dump. */
async function writePgliteTemplate(file: string): Promise<void> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrateAndSeed(handle);
    if (handle.driver.kind !== 'pglite') throw new Error('the template is an embedded database');
    const dump = await handle.driver.client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/** Migrates and seeds the (empty) PostgreSQL database at `url`; closes every connection. */
async function writePostgresTemplate(url: string): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    await migrateAndSeed(handle);
  } finally {
    await handle.close();
  }
}

const [kind, target] = process.argv.slice(2);
if (!target || (kind !== 'pglite' && kind !== 'postgres')) {
  console.error('Usage: write-database-template.ts pglite <file> | postgres <database url>');
  process.exit(2);
}
await (kind === 'pglite' ? writePgliteTemplate(target) : writePostgresTemplate(target));
