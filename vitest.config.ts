import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests of several server instances sharing one PostgreSQL run only where a cluster exists
// (the integration suite's second pass, through scripts/with-postgres.mjs).
const withPostgres = Boolean(process.env.LECTERN_TEST_POSTGRES_URL);

// One runner, three projects: pure unit tests (node), browser-code unit tests (jsdom),
// and server integration tests (Fastify inject on PGlite, or on PostgreSQL when DATABASE_URL is set).
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
          exclude: withPostgres
            ? ['**/node_modules/**']
            : ['**/node_modules/**', '**/*.postgres.integration.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated, seeded database that every seeded test server copies: embedded, or
          // on the PostgreSQL cluster when there is one (each does nothing in the other case).
          globalSetup: [
            'packages/server/src/test-support/pglite-template.global-setup.ts',
            'packages/server/src/test-support/postgres-template.global-setup.ts',
          ],
        },
      },
    ],
  },
});
