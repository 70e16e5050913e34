import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, firstError, graphql } from '../../test-support/graphql-kit.js';
import { GRAPHQL_SHAPES, doublingFragments } from '../../test-support/graphql-shapes.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { UNSTORABLE_TEXT_REASON } from '../http/unstorable-text.js';
import { FEATURES_GRAPHQL_PATH, GRAPHQL_PATH } from './graphql-endpoint.js';
import { PERSISTED_DOCUMENTS } from './persisted-documents.generated.js';

// The limits of both GraphQL endpoints (issue 37, decision 0035): every adversarial document shape
// under the text limit is answered as it should be: refused with a 400 before validation when it
// passes a limit, answered when it does not. What each costs is the bench's (`npm run graphql -w
// @lectern/bench`), not this suite's: nothing here is timed.

const ACCEPT = { headers: { accept: 'application/graphql-response+json' } };

let server: Awaited<ReturnType<typeof startTestServer>>;
let learner: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  learner = createTestClient(server.app, { ip: '10.67.0.1' });
  await learner.login('learner@example.com');
  visitor = createTestClient(server.app, { ip: '10.67.0.2' });
});
afterAll(() => server.stop());

describe('document shapes under the text limit', () => {
  it.each(GRAPHQL_SHAPES.map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
    for (const client of [learner, visitor]) {
      const response = await client.post(shape.path, shape.body(1), ACCEPT);
      const what = `${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, what).toBe(shape.expected.status);
      // A visitor is refused the signed-in reads: the shape's code is for the learner.
      if (client === learner || shape.expected.status === 400) {
        expect(firstError(response).code, what).toBe(shape.expected.code);
      }
    }
  });

  it('refuses the 1.3 KB nested-fragment document of issue 37 by GET, anonymous', async () => {
    for (const path of [GRAPHQL_PATH, FEATURES_GRAPHQL_PATH]) {
      const response = await createTestClient(server.app).get(
        `${path}?query=${encodeURIComponent(doublingFragments(22))}`,
        ACCEPT,
      );
      expect(response.statusCode).toBe(400);
      expect(firstError(response)).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        message: expect.stringContaining('costs more than'),
      });
    }
  });
});

describe('introspection outside production', () => {
  it('answers getIntrospectionQuery() on both endpoints: introspection does not count toward depth and cost', async () => {
    for (const path of [GRAPHQL_PATH, FEATURES_GRAPHQL_PATH]) {
      const response = await visitor.post(path, { query: getIntrospectionQuery() }, ACCEPT);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.data.errors).toBeUndefined();
      expect(response.data.data.__schema.queryType.name).toBe('Query');
      expect(response.data.data.__schema.types.length).toBeGreaterThan(10);
    }
  });
});

describe('operations the schema has no root for', () => {
  it('answers a mutation on the features endpoint (no Mutation type) with 400 GRAPHQL_VALIDATION_FAILED', async () => {
    const response = await visitor.post(FEATURES_GRAPHQL_PATH, { query: 'mutation { x }' }, ACCEPT);
    expect(response.statusCode).toBe(400);
    expect(firstError(response)).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      message: 'The schema of this endpoint does not support mutation operations.',
      fieldErrors: undefined,
    });
  });
});

describe('aliases of one root read', () => {
  it('resolves the same root query with the same arguments once per request', async () => {
    const search = (word: string, aliases: number) =>
      `{ ${Array.from({ length: aliases }, (_, i) => `a${i}: topicSearch(query: "${word}", limit: 50) { id name }`).join(' ')} }`;
    const once = await countStatements(server.db, () => graphql(visitor, search('python', 1)));
    let answer: Awaited<ReturnType<typeof graphql>> | undefined;
    const fiveAlike = await countStatements(server.db, async () => {
      answer = await graphql(visitor, search('data', 5));
    });
    expect(fiveAlike).toBe(once);
    expect(answer!.data.data.a0.length).toBeGreaterThan(0);
    expect(answer!.data.data.a4).toEqual(answer!.data.data.a0);
  });

  it('runs a mutation each time it is asked for', async () => {
    // A plain string, not a template: a formatter reprinting it as GraphQL would write the NUL itself.
    const mutation =
      'mutation { learningReminderCreate(learningReminder: { title: "a\\u0000b", startDate: "2030-01-01T09:00:00Z", ' +
      'durationInMinutes: 30, calendarType: GOOGLE, reminderMethod: EMAIL, reminderMinutesBefore: 10 }) { id } }';
    const response = await graphql(learner, mutation);
    expect(response.statusCode, response.body).toBe(400);
    expect(firstError(response), response.body).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { 'learningReminder.title': [UNSTORABLE_TEXT_REASON] },
    });
  });

  it('refuses it in a variable sent by GET, naming the variable', async () => {
    const query = 'query($query: String!) { topicSearch(query: $query) { id } }';
    const response = await visitor.get(
      `${GRAPHQL_PATH}?${new URLSearchParams({ query, variables: '{"query":"py\\u0000thon"}' }).toString()}`,
      ACCEPT,
    );
    expect(response.statusCode).toBe(400);
    expect(firstError(response)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { query: [UNSTORABLE_TEXT_REASON] },
    });
  });
});

describe("the web app's persisted documents", () => {
  it('every operation passes the limits and validation (a mutation by GET is refused only for its method)', async () => {
    for (const [hash, text] of Object.entries(PERSISTED_DOCUMENTS)) {
      for (const [, kind, name] of text.matchAll(/^(query|mutation) (\w+)/gm)) {
        const response = await visitor.get(
          `${GRAPHQL_PATH}?${new URLSearchParams({
            operationName: name!,
            extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
          }).toString()}`,
          ACCEPT,
        );
        const what = `${name}: ${response.statusCode} ${response.body.slice(0, 300)}`;
        // Validation runs before the method is checked, and variables are read after it.
        if (kind === 'mutation') expect(response.statusCode, what).toBe(405);
        else
          expect(['QUERY_TOO_COMPLEX', 'GRAPHQL_VALIDATION_FAILED'], what).not.toContain(
            firstError(response).code,
          );
      }
    }
  });
});

describe('the limits in production', () => {
  let production: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    production = await startTestServer({ env: 'production', isProduction: true, seedDemoData: false });
  });
  afterAll(() => production.stop());

  it('the features endpoint, which takes text in production, refuses what passes a limit', async () => {
    const client = createTestClient(production.app);
    for (const [query, code] of [
      [doublingFragments(22), 'QUERY_TOO_COMPLEX'],
      ['{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }', 'GRAPHQL_VALIDATION_FAILED'],
      [getIntrospectionQuery(), 'QUERY_TOO_COMPLEX'],
      ['{ __schema { queryType { name } } }', 'GRAPHQL_VALIDATION_FAILED'],
    ] as const) {
      const response = await client.get(
        `${FEATURES_GRAPHQL_PATH}?query=${encodeURIComponent(query)}`,
        ACCEPT,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(firstError(response).code, response.body).toBe(code);
    }
  });
});
