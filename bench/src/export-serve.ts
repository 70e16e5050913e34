// The server of the export bench (export-scenario.ts), in its own process so its memory is its
// own: seeds BENCH_EXPORT_ORDERS orders (once per database) in one statement, makes the demo
// operator a finance staff member, listens and prints its URL.
import { createServer, loadConfig } from '@lectern/server/app';
import { sql } from 'drizzle-orm';

const wanted = Number(process.env.BENCH_EXPORT_ORDERS ?? 1_000_000);
const config = loadConfig(process.env);
const server = await createServer(config);
const rowsOf = (result: unknown) =>
  ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[];

const [{ count } = { count: 0 }] = rowsOf(
  await server.db.execute(
    sql`select count(*)::int as count from orders where attempt_id is null and payment_type = 'bench'`,
  ),
) as { count: number }[];
if (Number(count) < wanted) {
  const started = Date.now();
  const [buyer] = rowsOf(await server.db.execute(sql`select id from users order by id limit 1`));
  // One statement: 1 million rows in a few tens of seconds on PGlite, spread over 2025 (UTC).
  await server.db.execute(sql`
    insert into orders (user_id, status, currency, subtotal_amount, tax_amount, total_amount, country,
      tax_rate, tax_mode, tax_lines, payment_type, card_brand, card_last4, created_at, completed_at)
    select ${Number(buyer!.id)}, 'completed', 'USD', 1999, 206, 2205, 'US', 10.35, 'tax_exclusive',
      '[{"name":"Sales tax","jurisdiction":"US-WA","ratePercent":6.5,"amount":130},{"name":"Sales tax","jurisdiction":"US-WA-SEATTLE","ratePercent":3.85,"amount":76}]'::jsonb,
      'bench', 'visa', '4242',
      timestamptz '2025-01-01' + (g * interval '31 seconds'), timestamptz '2025-01-01' + (g * interval '31 seconds')
    from generate_series(1, ${wanted - Number(count)}) g`);
  console.log(`[export-serve] seeded ${wanted - Number(count)} orders in ${Date.now() - started} ms`);
}
await server.db.execute(sql`insert into staff_members (user_id, role)
  select id, 'finance' from users where email = 'operator@example.com'
  on conflict (user_id) do update set role = 'finance'`);

const url = await server.listen();
console.log(url);

process.stdin.on('close', () => {
  void server.close().then(() => process.exit(0));
});
process.stdin.resume();
