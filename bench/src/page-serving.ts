// `npm run bench:pages`: how many public pages one instance serves to first-time visitors (no
// cookie: a crawler, a visitor from a search result, a link preview), with the shared page cache
// on (PAGE_CACHE_SECONDS=60, the default) and off (0), on the built app with the embedded
// database. Each run is a closed loop of autocannon connections for a few seconds per page;
// the table goes to bench/results/page-serving.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_PAGE_SECONDS ?? 8);
const CONNECTIONS = 8;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/courses/development/' },
  { name: 'course landing', path: '/course/typescript-from-first-principles/' },
];

const rows: string[] = [];
for (const [label, seconds] of [
  ['shared (60 s)', '60'],
  ['rendered each time (0)', '0'],
] as const) {
  const server = await startBuiltServer({ PAGE_CACHE_SECONDS: seconds });
  try {
    for (const page of PAGES) {
      const url = server.url + page.path;
      // Warm: the page's code, its course covers, and (with the cache on) the shared copy.
      const first = await fetch(url);
      await first.text();
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'accept-language': 'en-US,en;q=0.9', 'accept-encoding': 'gzip' },
      });
      const probe = await fetch(url);
      await probe.text();
      if (result.errors > 0 || result.non2xx > 0) {
        throw new Error(`${page.name}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
      }
      rows.push(
        `| ${page.name} | ${label} | ${probe.headers.get('x-lectern-page-cache')} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    server.stop();
  }
}

const table = [
  `| page | cookie-less visitors' pages | cache | requests/s | p50 ms | p99 ms |`,
  '|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}\n\n${CONNECTIONS} connections, ${SECONDS} s per row, one instance.`);
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench/results/page-serving.md'), `${table}\n`);
