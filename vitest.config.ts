import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests of several server instances sharing one PostgreSQL run only where a cluster exists
// (the integration suite's second pass, through scripts/with-postgres.mjs).
const withPostgres = Boolean(process.env.LECTERN_TEST_POSTGRES_URL);
const postgresOnly = withPostgres ? [] : ['**/*.postgres.integration.test.ts'];

// Integration tests that start processes (crash tests kill a real server; the server's own
// start-up) or race two instances: each such process needs a core of its own for ~10 s of CPU
// to start, and beside two other test files on a two-core machine one took over 60 s (the renewal
// crash test, 19 s alone, timed out at 30 s). They run after the other integration files, one
// file at a time, with minutes to spare.
const PROCESS_TESTS = [
  'packages/gateway/src/**/*crash*.integration.test.ts',
  'packages/server/src/**/*crash*.integration.test.ts',
  'packages/server/src/main*.integration.test.ts',
  'packages/server/src/**/*several-instances*.integration.test.ts',
];
// One migrated, seeded database that every seeded test server copies: embedded, or on the
// PostgreSQL cluster when there is one (each does nothing in the other case, and in a run of
// both integration projects the second project's does nothing either).
const TEMPLATE_SETUP = [
  'packages/server/src/test-support/pglite-template.global-setup.ts',
  'packages/server/src/test-support/postgres-template.global-setup.ts',
];

// One runner, four projects: pure unit tests (node), browser-code unit tests (jsdom), server
// integration tests (Fastify inject on PGlite, or on PostgreSQL when DATABASE_URL is set), and
// the integration tests that start server processes or run several instances.
export default defineConfig({
  // graphql 16 has no `exports`: vite would take its ESM build for our code while graphql-http,
  // loaded by Node, takes the CommonJS one, and graphql-js refuses a schema from "another realm".
  resolve: { conditions: ['source'], alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Vitest's default leaves a core idle (cores − 1: one worker on a 2-core machine). Every
    // test file runs on its own (a server per file, a database copied per server), and files
    // wait on I/O (PostgreSQL, the sandbox provider) often enough to fill every core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/domain/src/**/*.test.ts',
            'packages/gateway/src/**/*.test.ts',
            'packages/server/src/**/*.test.ts',
            'bench/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-web',
          environment: 'jsdom',
          isolate: false,
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['packages/web/src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: [
            'packages/gateway/src/**/*.integration.test.ts',
            'packages/server/src/**/*.integration.test.ts',
          ],
          exclude: ['**/node_modules/**', ...postgresOnly, ...PROCESS_TESTS],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: TEMPLATE_SETUP,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-processes',
          environment: 'node',
          include: PROCESS_TESTS,
          exclude: ['**/node_modules/**', ...postgresOnly],
          // After the other integration files (group 0), one file at a time: the test worker and
          // the server process it starts share the two cores with nothing else.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // The server bundled once for the run: a process starts on plain Node, not through tsx.
          globalSetup: [...TEMPLATE_SETUP, 'packages/server/src/test-support/server-bundle.global-setup.ts'],
        },
      },
    ],
  },
});
