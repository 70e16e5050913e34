// Starts the built server for the e2e suite on $PORT with a fresh embedded (PGlite) database in a
// temp dir, and removes that dir when the server stops. Playwright's webServer runs this.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url));
if (!existsSync(main)) {
  console.error(`The server is not built (${main} missing): run "node scripts/build.mjs" first.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-'));
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);

const port = process.env.PORT ?? '3107';
// The in-process sandbox payment provider gets its own port, never the demo's 3001.
const sandboxPort = process.env.SANDBOX_PORT ?? '3108';
const server = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    // Loopback only, and links the server builds point where the browser actually is.
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SANDBOX_PORT: sandboxPort,
    PAYMENTS_PUBLIC_URL: `http://127.0.0.1:${sandboxPort}`,
    NODE_ENV: 'test',
    // tracking.spec.ts reads the counters at /metrics as a scraper would, with this token.
    METRICS_TOKEN: 'e2e-metrics-token-not-secret',
    // Every test's browser signs up from 127.0.0.1: the per-address limit is for real visitors.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

// Playwright signals the whole process group; forward anyway in case only we were signalled.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
