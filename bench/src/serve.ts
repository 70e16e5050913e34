// The server under load, in its own process so the load generator does not share its event loop.
// Env comes from run-bench.ts (DATABASE_URL, PORT, NODE_ENV, LOG_LEVEL). Prints its URL on one line.
import { createServer, loadConfig } from '@lectern/server/app';
import { sql } from 'drizzle-orm';

const server = await createServer(loadConfig(process.env));

// The floor: same HTTP stack, same pool, one primary-key read.
server.app.get('/bench/floor/', async () => {
  // The shared Database type leaves the driver's result shape unknown; node-postgres has rows.
  const result = (await server.db.execute(sql`select id, email from users where id = 1`)) as {
    rows?: unknown[];
  };
  return result.rows?.[0] ?? null;
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
