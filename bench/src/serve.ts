// The server under load, in its own process so the load generator does not share its event loop.
// Env comes from run-bench.ts (DATABASE_URL, PORT, NODE_ENV, LOG_LEVEL). Prints its URL on one line.
import { createServer, loadConfig, startPaymentsSandbox } from '@lectern/server/app';
import { sql } from 'drizzle-orm';

const config = loadConfig(process.env);
const server = await createServer(config);

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

// The write floor: one transaction updating one row, in a table of 1,000 rows so concurrent
// requests rarely wait for the same row lock.
await server.db.execute(
  sql`create table if not exists bench_write_floor (id int primary key, hits bigint not null)`,
);
await server.db.execute(
  sql`insert into bench_write_floor select g, 0 from generate_series(1, 1000) g on conflict do nothing`,
);
server.app.post('/bench/write-floor/', async () => {
  const id = 1 + Math.floor(Math.random() * 1000);
  await server.db.transaction(async (tx) => {
    await tx.execute(sql`update bench_write_floor set hits = hits + 1 where id = ${id}`);
  });
  return { id };
});

const url = await server.listen();
// The sandbox payment provider, in this process as `npm start` runs it (SANDBOX_PORT).
const sandbox = await startPaymentsSandbox(config);
sandbox?.deliverWebhooksTo(url, server.webhookEvents());
console.log(url);

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await sandbox?.close();
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// The parent holds our stdin open; when it goes away, so do we (no orphaned servers).
process.stdin.on('end', shutdown);
process.stdin.resume();
