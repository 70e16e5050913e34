// Writes the integration run's database template (see pglite-template.ts):
//   node --import tsx --conditions=source write-pglite-template.ts <file>
// A process of its own, because Vitest's global setup does not resolve the workspace packages'
// sources (`source` condition) the way its workers do.
import { writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { openDatabase } from '../platform/db/database.js';
import { runMigrations } from '../platform/db/migrate.js';
import { seedDemoData } from '../seed/demo-seed.js';

/** Writes a migrated, seeded embedded database to `file` as a data-directory dump. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await runMigrations(handle);
    await seedDemoData(handle.db, Fastify({ logger: false }).log);
    if (handle.driver.kind !== 'pglite') throw new Error('the template is an embedded database');
    const dump = await handle.driver.client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: write-pglite-template.ts <file>');
  process.exit(2);
}
await writePgliteTemplate(file);
