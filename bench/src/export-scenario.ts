// Issue 33: an export of 1 million orders streams at a steady memory. Seeds BENCH_EXPORT_ORDERS
// orders (default 1,000,000) into the embedded database (or DATABASE_URL's PostgreSQL), starts
// the server from source in its own process, signs in as a finance staff member, downloads
// GET /api-2.0/admin/exports/orders/ for the whole range and reports rows per second and the
// server's peak resident memory (sampled from /proc every 50 ms, and the kernel's high-water
// mark, and the highest in each tenth of the rows). `npm run export -w @lectern/bench`; not part
// of the tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './built-server.js';
import { logIn } from './session.js';

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 1_000_000);
const SERVE = fileURLToPath(new URL('./export-serve.ts', import.meta.url));

/** Resident and peak resident memory of a process, in MiB (Linux /proc). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

const port = await freePort();
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SANDBOX_PORT: String(await freePort()),
  DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'lectern-export-bench-')),
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  BENCH_EXPORT_ORDERS: String(ORDERS),
  // Stream the whole export in the request (no mailed job), whatever its size.
  EXPORT_MAIL_THRESHOLD_ROWS: String(ORDERS * 10),
};
const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', SERVE], {
  env,
  stdio: ['pipe', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve, reject) => {
  child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (/^https?:\/\/\S+$/.test(line.trim())) resolve(line.trim());
    else console.log(line);
  });
});

try {
  const session = await logIn(url, 'operator@example.com', 'lectern-demo');
  const before = memoryOf(child.pid!);
  let peak = before.rss;
  let latest = before.rss;
  const sampler = setInterval(() => {
    latest = memoryOf(child.pid!).rss;
    peak = Math.max(peak, latest);
  }, 50);
  // The highest resident memory seen in each tenth of the rows: flat tenths mean a steady stream.
  const byTenth: number[] = [];
  const started = performance.now();
  const response = await fetch(`${url}/api-2.0/admin/exports/orders/?from=2024-01-01&to=2030-12-31`, {
    headers: { cookie: session.cookie, 'accept-encoding': 'identity' },
  });
  if (!response.ok) throw new Error(`the export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let newlines = 0;
  let firstByteMs = 0;
  const expected = Number(response.headers.get('x-export-rows')) || 1;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!firstByteMs) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) newlines += 1;
    const tenth = Math.min(9, Math.floor((newlines / expected) * 10));
    byTenth[tenth] = Math.max(byTenth[tenth] ?? 0, latest);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = memoryOf(child.pid!);
  const rows = newlines - 1;
  console.log(
    JSON.stringify(
      {
        scenario: 'orders export (CSV, streamed)',
        orders_seeded: ORDERS,
        rows_exported: rows,
        header_rows: Number(response.headers.get('x-export-rows')),
        megabytes: Math.round(bytes / 1024 / 102.4) / 10,
        seconds: Math.round(seconds * 10) / 10,
        rows_per_second: Math.round(rows / seconds),
        first_byte_ms: Math.round(firstByteMs),
        server_rss_before_mib: Math.round(before.rss),
        server_rss_peak_during_mib: Math.round(peak),
        server_rss_after_mib: Math.round(after.rss),
        server_peak_rss_hwm_mib: Math.round(after.hwm),
        server_rss_peak_by_tenth_of_rows_mib: byTenth.map((mib) => Math.round(mib ?? 0)),
      },
      null,
      2,
    ),
  );
} finally {
  child.stdin!.end();
  await new Promise((resolve) => child.once('exit', resolve));
}
