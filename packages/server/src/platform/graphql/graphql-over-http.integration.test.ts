import { auditServer, type AuditResult } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.js';
import { FEATURES_GRAPHQL_PATH, GRAPHQL_PATH } from './graphql-endpoint.js';

// GraphQL over HTTP (issue 37): graphql-http's own audits, run with fetch against the server
// listening on a port, as a plain API client calls it: no cookie, so no CSRF token either (an
// unsafe request without any cookie has nothing to forge, decision 0035).

let server: Awaited<ReturnType<typeof startTestServer>>;
let url: string;
beforeAll(async () => {
  server = await startTestServer({ port: 0, host: '127.0.0.1', seedDemoData: false });
  url = await server.listen();
});
afterAll(() => server.stop());

const failing = (results: AuditResult[], level: 'MUST' | 'SHOULD') =>
  results.flatMap((result) =>
    result.status !== 'ok' && result.name.startsWith(level)
      ? [`${result.id} ${result.name}: ${result.reason}`]
      : [],
  );

describe('GraphQL over HTTP audits (graphql-http)', () => {
  it.each([GRAPHQL_PATH, FEATURES_GRAPHQL_PATH])('%s passes every MUST audit', async (path) => {
    const results = await auditServer({ url: `${url}${path}` });
    expect(results.length).toBeGreaterThan(30);
    const should = failing(results, 'SHOULD');
    // The recommendations are reported, not required.
    if (should.length > 0) process.stdout.write(`${path} SHOULD audits not met:\n${should.join('\n')}\n`);
    expect(failing(results, 'MUST')).toEqual([]);
  });
});
