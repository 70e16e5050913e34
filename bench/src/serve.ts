// The server under load, in its own process so the load generator does not share its event loop.
// Env comes from run-bench.ts (DATABASE_URL, PORT, NODE_ENV, LOG_LEVEL). Prints its URL on one line.
import { createServer, loadConfig } from '@lectern/server/app';
import { sql } from 'drizzle-orm';

const server = await createServer(loadConfig(process.env));

// The floor: same HTTP stack, same pool, one primary-key read, prepared like the server's
// own hot-path queries so the comparison is strict.
const readOneRow = server.db
  .select({ id: sql<number>`id`, email: sql<string>`email` })
  .from(sql`users`)
  .where(sql`id = ${sql.placeholder('id')}`)
  .prepare('bench_floor');
server.app.get('/bench/floor/', async () => {
  const [row] = await readOneRow.execute({ id: 1 });
  return row ?? null;
});

const url = await server.listen();
console.log(url);

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// The parent holds our stdin open; when it goes away, so do we (no orphaned servers).
process.stdin.on('end', shutdown);
process.stdin.resume();
