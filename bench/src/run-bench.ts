// npm run bench -w @lectern/bench: a throwaway PostgreSQL, the server in a child process, each
// scenario under autocannon next to the floor, one table on stdout and bench/results/latest.json.
// BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 50),
// BENCH_ONLY (measure only the scenarios whose name contains it, besides the floors), e.g.
// BENCH_ONLY=collector npm run bench.
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { startPostgresCluster } from '../../scripts/postgres-cluster.mjs';
import { measure, type LoadSettings, type Measurement } from './measure.js';
import { measureCheckoutSubmit } from './checkout-scenario.js';
import { measureCollector } from './collector-scenario.js';
import { measureGateway } from './gateway-scenario.js';
import { measureUpsellSubmit } from './subscription-scenario.js';
import { measureRenewalRun } from './renewal-scenario.js';
import { measureSearch } from './search-scenario.js';
import { startSeededExperiments } from './feature-assignment.js';
import { formatTable, toRows, writeJson } from './report.js';
import { floor, scenarios, writeFloor } from './scenarios.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { logIn, type Session } from './session.js';

const RESULTS = fileURLToPath(new URL('../results/latest.json', import.meta.url));

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function main(): Promise<void> {
  const settings: LoadSettings = {
    duration: setting('BENCH_DURATION', 10),
    warmup: setting('BENCH_WARMUP', 2),
    connections: setting('BENCH_CONNECTIONS', 50),
  };

  const cluster = await startPostgresCluster();
  let server: ServerProcess | undefined;
  try {
    const databaseUrl = await cluster.createDatabase('lectern_bench');
    // development (not production) so the server migrates and seeds the demo accounts; quiet logs
    // so logging does not dominate the figures.
    const port = String(await freePort());
    // The server runs the sandbox payment provider in-process on its own port (gateway scenario).
    const sandboxPort = String(await freePort());
    server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // The load generator stands for many clients behind one balancer: it names each request's
      // client in X-Forwarded-For, so per-client limits (the collector's) apply as in production.
      TRUST_PROXY: '127.0.0.1',
      // The in-process sandbox keeps its state under DATA_DIR: a folder of the run's own.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lectern-bench-')),
      SANDBOX_PORT: sandboxPort,
    });
    console.log(`server ${server.url}, PostgreSQL ${databaseUrl}`);
    await startSeededExperiments(databaseUrl);

    const only = process.env.BENCH_ONLY || undefined;
    const chosen = scenarios.filter((s) => !only || s.name.includes(only));
    const needsSession = chosen.some((s) => s.as === 'learner');
    const session: Session | undefined = needsSession
      ? await logIn(server.url, 'learner@example.com', 'lectern-demo')
      : undefined;

    const measured: Measurement[] = [];
    // BENCH_ONLY=text measures the floors and only the scenarios whose name contains the text.
    for (const scenario of [floor, writeFloor, ...chosen]) {
      console.log(
        `measuring ${scenario.name} (${settings.warmup}s warm-up, ${settings.duration}s, ${settings.connections} connections)`,
      );
      measured.push(await measure(server.url, scenario, session, settings));
    }

    measured.push(...(await measureCollector(server.url, databaseUrl, settings, only)));
    measured.push(...(await measureCheckoutSubmit(server.url, databaseUrl, settings, only)));
    measured.push(...(await measureUpsellSubmit(server.url, databaseUrl, settings, only)));
    measured.push(...(await measureGateway(`http://127.0.0.1:${sandboxPort}`, settings, only)));
    measured.push(...(await measureSearch(server.url, databaseUrl, settings, only)));
    // Last: it moves the server's clock a day forward.
    measured.push(
      ...(await measureRenewalRun(server.url, `http://127.0.0.1:${sandboxPort}`, databaseUrl, only)),
    );

    const [floorResult, ...rest] = measured;
    const rows = toRows(
      floorResult!,
      rest,
      rest.find((m) => m.scenario === writeFloor.name),
    );
    console.log(`\n${formatTable(rows)}\n`);
    await writeJson(RESULTS, {
      date: new Date().toISOString(),
      node: process.version,
      cpus: availableParallelism(),
      settings,
      rows,
    });
    console.log(`written ${RESULTS}`);
  } finally {
    await server?.stop();
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
