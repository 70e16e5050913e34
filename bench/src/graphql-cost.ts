// `npm run graphql -w @lectern/bench`: what one GraphQL request costs the server's CPU, for each
// adversarial document shape (packages/server/src/test-support/graphql-shapes.ts: fragments,
// aliases, depth, directives, lists, long text, introspection; the limits tests assert their
// answers) and for the web app's own documents, as the demo learner on the demo data (issue 37,
// decision 0035). The server runs in this process, from its sources, on an embedded database: its
// CPU is the request's (parsing, the limits, validation, compiling, resolving, the database's own
// work included), read with process.cpuUsage() around each request sent through Fastify's inject.
// Every request's text differs from the others' (a comment, or its arguments), so neither the
// document cache nor a service's cache answers it. Prints one table and exits 1 when an answer is
// not the one expected or when a shape's median CPU time per request reaches the budget (the
// median: a collection or another process's burst in one request does not decide; p90 and max are
// printed). GRAPHQL_BENCH_RUNS (default 20) requests per shape; GRAPHQL_BENCH_ONLY=<part of a
// name> measures those shapes only.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, loadConfig } from '@lectern/server/app';
import { PERSISTED_DOCUMENTS } from '../../packages/server/src/platform/graphql/persisted-documents.generated.js';
import {
  GRAPHQL_SHAPES,
  type GraphqlBody,
  type GraphqlShape,
} from '../../packages/server/src/test-support/graphql-shapes.js';

/** Issue 37's budget: any document under the text limit costs less than this per request (median). */
const BUDGET_CPU_MS = 50;
const RUNS = Math.max(5, Number(process.env.GRAPHQL_BENCH_RUNS ?? 20));
const WARMUP = 3;
const ONLY = process.env.GRAPHQL_BENCH_ONLY ?? '';
const GRAPHQL_PATH = '/api/2022-03/graphql/';

const config = loadConfig(
  {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lectern-graphql-')),
  },
  { database: { kind: 'pglite', dataDir: null } },
);
const server = await createServer(config);
const { app } = server;

/** The demo learner's cookies and CSRF token (GET for the token, then the login). */
async function learnerSession(): Promise<{ cookie: string; token: string; userId: string }> {
  const jar = new Map<string, string>();
  const absorb = (cookies: { name: string; value: string }[]) => {
    for (const { name, value } of cookies) jar.set(name, value);
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  absorb((await app.inject({ method: 'GET', url: '/healthz' })).cookies);
  const token = jar.get('csrftoken')!;
  const login = await app.inject({
    method: 'POST',
    url: '/api-2.0/auth/login/',
    headers: { 'x-csrftoken': token, cookie: cookie() },
    payload: { email: 'learner@example.com', password: 'lectern-demo' },
  });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  absorb(login.cookies);
  const me = await app.inject({
    method: 'GET',
    url: '/api-2.0/contexts/me/?me=True',
    headers: { cookie: cookie() },
  });
  return { cookie: cookie(), token, userId: String((me.json() as { me: { id: number } }).me.id) };
}

const session = await learnerSession();
/** One of the demo learner's communities, for the colleagues query. */
const community = await (async () => {
  const response = await app.inject({
    method: 'POST',
    url: GRAPHQL_PATH,
    headers: { cookie: session.cookie, 'x-csrftoken': session.token },
    payload: { query: '{ myLearningCommunities { id } }' },
  });
  return (response.json() as { data: { myLearningCommunities: { id: string }[] } }).data
    .myLearningCommunities[0]!.id;
})();

/** The web app's query operations, each by its persisted hash with the variables a page sends. */
function webAppShapes(): GraphqlShape[] {
  const variables: Record<string, (n: number) => Record<string, unknown>> = {
    MyBadgeAssertions: () => ({ userId: session.userId, page: 0, size: 12 }),
    LearningReminders: () => ({ page: 0, size: 10 }),
    LearningCommunityColleagues: (n) => ({
      id: community,
      emails: [`colleague-${n}@example.com`, 'manager@example.com'],
    }),
    SearchLectures: (n) => ({ query: ['python', 'data', 'design', 'react'][n % 4], limit: 20 }),
    SubscriptionPlansByProductType: (n) => ({ productType: 'TEAM', licenseCount: (n % 17) + 2 }),
  };
  const shapes: GraphqlShape[] = [];
  for (const [hash, text] of Object.entries(PERSISTED_DOCUMENTS)) {
    for (const [, name] of text.matchAll(/^query (\w+)/gm)) {
      shapes.push({
        name: `web app: ${name}`,
        path: GRAPHQL_PATH,
        body: (n): GraphqlBody => ({
          operationName: name!,
          variables: variables[name!]?.(n) ?? {},
          extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
        }),
        expected: { status: 200 },
      });
    }
  }
  return shapes;
}

async function send(shape: GraphqlShape, n: number) {
  const body = shape.body(n);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const response = await app.inject({
    method: 'POST',
    url: shape.path,
    headers: {
      accept: 'application/graphql-response+json',
      cookie: session.cookie,
      'x-csrftoken': session.token,
    },
    payload: body as unknown as Record<string, unknown>,
  });
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - started;
  const answer = JSON.parse(response.body) as { errors?: { extensions?: { code?: string } }[] };
  return {
    cpuMs: (used.user + used.system) / 1000,
    wallMs,
    status: response.statusCode,
    code: answer.errors?.[0]?.extensions?.code,
    chars: body.query?.length ?? 0,
    body: response.body,
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const rows: string[][] = [];
const failures: string[] = [];
const shapes = [...GRAPHQL_SHAPES, ...webAppShapes()].filter((shape) => shape.name.includes(ONLY));
for (const shape of shapes) {
  for (let n = 0; n < WARMUP; n += 1) await send(shape, n);
  const cpu: number[] = [];
  const wall: number[] = [];
  let last: Awaited<ReturnType<typeof send>> | undefined;
  for (let n = WARMUP; n < WARMUP + RUNS; n += 1) {
    const result = await send(shape, n);
    cpu.push(result.cpuMs);
    wall.push(result.wallMs);
    last = result;
    const { status, code } = shape.expected;
    if (result.status !== status || result.code !== code) {
      failures.push(
        `${shape.name}: answered ${result.status} ${result.code ?? ''}, expected ${status} ${code ?? ''}: ${result.body.slice(0, 200)}`,
      );
      break;
    }
  }
  const median = percentile(cpu, 50);
  const p90 = percentile(cpu, 90);
  if (median >= BUDGET_CPU_MS)
    failures.push(`${shape.name}: ${median.toFixed(1)} ms of CPU per request (median)`);
  rows.push([
    shape.name,
    shape.path.includes('2024-01') ? '2024-01' : '2022-03',
    String(last?.chars ?? 0),
    `${last?.status ?? ''} ${last?.code ?? ''}`.trim(),
    median.toFixed(1),
    p90.toFixed(1),
    Math.max(...cpu).toFixed(1),
    percentile(wall, 50).toFixed(1),
  ]);
  console.log(rows.at(-1)!.join(' | '));
}
await server.close();

const header = [
  'shape',
  'endpoint',
  'chars',
  'answer',
  'CPU p50 ms',
  'CPU p90 ms',
  'CPU max ms',
  'wall p50 ms',
];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) =>
  cells.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(
  `\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}`,
);
console.log(
  `\n${RUNS} requests per shape after ${WARMUP} to warm up, as the demo learner; budget: median < ${BUDGET_CPU_MS} ms of CPU per request.`,
);
if (failures.length > 0) {
  console.error(`\n${failures.join('\n')}`);
  process.exit(1);
}
process.exit(0);
