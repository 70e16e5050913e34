#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster, e.g. the integration suite in CI:
//   node scripts/with-postgres.mjs vitest run --project integration
// Sets DATABASE_URL and LECTERN_TEST_POSTGRES_URL, forwards the exit code, always stops the cluster.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { startPostgresCluster } from './postgres-cluster.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

let cluster;
try {
  // We handle signals ourselves: the command must finish before its database goes away.
  cluster = await startPostgresCluster({ exitOnSignal: false });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: cluster.url, LECTERN_TEST_POSTGRES_URL: cluster.url },
});

const forward = (signal) => child.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);

child.on('error', async (error) => {
  console.error(`Could not run ${command}: ${error.message}`);
  await cluster.stop();
  process.exit(127);
});

child.on('exit', async (code, signal) => {
  await cluster.stop();
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1));
});
