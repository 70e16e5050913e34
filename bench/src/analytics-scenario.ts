// Issue 33: the revenue dashboard's figures over 1 million orders and 100,000 subscriptions
// answer in under 300 ms. On a throwaway PostgreSQL 15 cluster (or DATABASE_URL's database,
// loaded once: a second run against it measures again without loading), the server migrates
// and seeds the demo, then analytics-load.ts loads BENCH_ANALYTICS_ORDERS orders (default
// 1,000,000) and BENCH_ANALYTICS_SUBSCRIPTIONS plans (default 100,000) with set-based SQL and
// ANALYZEs. Signed in as the demo's back office owner, it calls
// GET /api-2.0/admin/analytics/?from=&to= for four periods (3 warm-up calls, then
// BENCH_ANALYTICS_CALLS timed calls each, default 10, one at a time) and prints the first call
// (cold: it may sum days and compute plans first, decision 0038) and p50/p95/max
// against the goal. BENCH_ANALYTICS_DUMP=file writes the answers (without `as_of`) to compare two
// versions of the server on the same data. `npm run analytics -w @lectern/bench`; not a test.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPostgresCluster } from '../../scripts/postgres-cluster.mjs';
import { BENCH_PAYMENT_TYPE, BENCH_SUBSCRIBER_BASE, loadAnalyticsData } from './analytics-load.js';
import { logIn } from './session.js';

const ORDERS = Number(process.env.BENCH_ANALYTICS_ORDERS ?? 1_000_000);
const SUBSCRIPTIONS = Number(process.env.BENCH_ANALYTICS_SUBSCRIPTIONS ?? 100_000);
const CALLS = Number(process.env.BENCH_ANALYTICS_CALLS ?? 10);
const WARM_UP = 3;
const GOAL_MS = 300;
const SERVE = fileURLToPath(new URL('./analytics-serve.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const day = (at: Date) => at.toISOString().slice(0, 10);
const utc = (year: number, month: number, date: number) => new Date(Date.UTC(year, month, date));

/** The dashboard's usual periods, as of today (UTC). */
function periods(now: Date): { name: string; from: string; to: string }[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const quarter = Math.floor(month / 3);
  return [
    { name: 'this month', from: day(utc(year, month, 1)), to: day(now) },
    { name: 'last 30 days', from: day(utc(year, month, now.getUTCDate() - 29)), to: day(now) },
    { name: 'last quarter', from: day(utc(year, quarter * 3 - 3, 1)), to: day(utc(year, quarter * 3, 0)) },
    { name: 'this year', from: day(utc(year, 0, 1)), to: day(now) },
  ];
}

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function startServer(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', SERVE], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SANDBOX_PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lectern-analytics-bench-')),
      // Development: the server migrates and seeds the demo accounts. Quiet logs.
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (/^https?:\/\/\S+$/.test(line.trim())) resolve(line.trim());
      else console.log(`[server] ${line}`);
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
    },
  };
}

async function counts(client: pg.Client): Promise<Record<string, number>> {
  const tables = [
    'orders',
    'order_lines',
    'course_refunds',
    'subscription_enrollments',
    'subscription_charges',
    'subscription_invoices',
    'subscription_billing_profiles',
  ];
  const { rows } = await client.query<Record<string, string>>(
    `select ${tables.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ')}`,
  );
  return Object.fromEntries(Object.entries(rows[0]!).map(([table, count]) => [table, Number(count)]));
}

async function main(): Promise<void> {
  const cluster = process.env.DATABASE_URL ? undefined : await startPostgresCluster();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const databaseUrl = process.env.DATABASE_URL ?? (await cluster!.createDatabase('lectern_analytics'));
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    const startedAt = performance.now();
    server = await startServer(databaseUrl);
    console.log(
      `server ${server.url} (migrated and seeded in ${Math.round(performance.now() - startedAt)} ms), ${cluster ? 'throwaway PostgreSQL' : 'DATABASE_URL'}`,
    );

    await client.connect();
    const [{ version }] = (
      await client.query<{ version: string }>("select current_setting('server_version') as version")
    ).rows as [{ version: string }];
    const [loaded] = (
      await client.query<{ orders: number; plans: number }>(
        `select (select count(*)::int from orders where payment_type = $1) as orders,
                (select count(*)::int from subscription_enrollments where subscriber_id > $2) as plans`,
        [BENCH_PAYMENT_TYPE, BENCH_SUBSCRIBER_BASE],
      )
    ).rows;
    let loadMs: number | null = null;
    if (loaded!.orders === 0 && loaded!.plans === 0) {
      console.log(`loading ${ORDERS} orders and ${SUBSCRIPTIONS} subscriptions`);
      loadMs = await loadAnalyticsData(client, { orders: ORDERS, subscriptions: SUBSCRIPTIONS }, console.log);
    } else if (loaded!.orders !== ORDERS || loaded!.plans !== SUBSCRIPTIONS) {
      throw new Error(
        `the database already holds ${loaded!.orders} bench orders and ${loaded!.plans} bench plans: use a fresh one`,
      );
    } else {
      console.log('bench data already loaded');
    }
    const rows = await counts(client);
    console.log('rows', rows);

    const session = await logIn(server.url, 'operator@example.com', 'lectern-demo');
    const now = new Date();
    const results = [];
    const answers: Record<string, unknown> = {};
    for (const period of periods(now)) {
      const url = `${server.url}/api-2.0/admin/analytics/?from=${period.from}&to=${period.to}`;
      const call = async () => {
        const started = performance.now();
        const response = await fetch(url, { headers: { cookie: session.cookie } });
        const body = await response.text();
        const ms = performance.now() - started;
        if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
        return { ms, body };
      };
      // The first call of a period sums its days and computes stale plans (decision 0038) unless
      // the summary job did it first: reported apart, as the cold reading.
      const first = await call();
      for (let index = 1; index < WARM_UP; index += 1) await call();
      const samples: number[] = [];
      let last = '';
      for (let index = 0; index < CALLS; index += 1) {
        const { ms, body } = await call();
        samples.push(ms);
        last = body;
      }
      const { as_of: _asOf, ...answer } = JSON.parse(last) as Record<string, unknown>;
      answers[period.name] = answer;
      const sorted = [...samples].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      const current = answer.current as Record<string, number>;
      results.push({
        period: `${period.name} (${period.from}..${period.to})`,
        first_ms: Math.round(first.ms),
        p50_ms: Math.round(percentile(sorted, 50)),
        p95_ms: Math.round(p95),
        max_ms: Math.round(sorted.at(-1)!),
        goal: p95 < GOAL_MS ? `met (< ${GOAL_MS} ms)` : `MISSED (>= ${GOAL_MS} ms)`,
        orders: current.orders,
        mrr: current.mrr,
      });
    }
    if (process.env.BENCH_ANALYTICS_DUMP) {
      writeFileSync(process.env.BENCH_ANALYTICS_DUMP, `${JSON.stringify(answers, null, 2)}\n`);
    }

    console.log(
      `\nGET /api-2.0/admin/analytics/ — ${WARM_UP} warm-up then ${CALLS} timed calls per period, one at a time`,
    );
    console.table(results);
    console.log(
      JSON.stringify(
        {
          scenario: 'revenue analytics (issue 33)',
          postgres: version,
          cpus: availableParallelism(),
          load_seconds: loadMs === null ? null : Math.round(loadMs / 100) / 10,
          rows,
          goal_ms: GOAL_MS,
          all_met: results.every((result) => result.p95_ms < GOAL_MS),
        },
        null,
        2,
      ),
    );
  } finally {
    await client.end().catch(() => undefined);
    await server?.stop();
    await cluster?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`analytics bench failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
});
