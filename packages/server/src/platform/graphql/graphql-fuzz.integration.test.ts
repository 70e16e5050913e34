// Fuzzing both GraphQL endpoints by document shape (issue 37): fast-check draws the size of each
// adversarial shape (fragments doubling or in a ring, wide fragments, aliases, depth, directives,
// long lists, long strings), and the answer is checked against what the limits (GRAPHQL_LIMITS,
// FIELD_WEIGHTS) say of that size: never a 5xx, a GraphQL error with a code, and the status the
// shape's size calls for. GRAPHQL_FUZZ_RUNS and GRAPHQL_FUZZ_SEED reproduce or widen a run.
import fc from 'fast-check';
import { Lexer, Source, TokenKind } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstError } from '../../test-support/graphql-kit.js';
import {
  doublingFragments,
  fragmentRing,
  introspectionNesting,
  unknownNesting,
} from '../../test-support/graphql-shapes.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { FEATURES_GRAPHQL_PATH, GRAPHQL_PATH } from './graphql-endpoint.js';
import { FIELD_WEIGHTS, GRAPHQL_LIMITS, LIST_FACTORS } from './graphql-limits.js';

const RUNS = Number(process.env.GRAPHQL_FUZZ_RUNS ?? 150);
const SEED = Number(process.env.GRAPHQL_FUZZ_SEED ?? 20260037);
const ACCEPT = { headers: { accept: 'application/graphql-response+json' } };

/** What an answer must be: its status, and its first error's code (`null`: no error at all). */
interface Expected {
  status: number;
  code: string | null;
}

interface Drawn {
  shape: string;
  path: string;
  query: string;
  expected: Expected;
}

/** The tokens graphql-js counts against `maxTokens` (comments are not tokens). */
function tokenCount(text: string): number {
  const lexer = new Lexer(new Source(text));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count += 1;
  return count;
}

/** Each endpoint with a cheap root read of its own, and that read's cost. */
const ENDPOINTS = [
  {
    path: GRAPHQL_PATH,
    root: 'topic(id: "1") { id }',
    rootCost: FIELD_WEIGHTS.root + FIELD_WEIGHTS.property,
  },
  {
    path: FEATURES_GRAPHQL_PATH,
    root: 'featureVariantAssignmentsByFeatureCodes(featureCodes: ["fuzz"]) { featureCode }',
    rootCost: FIELD_WEIGHTS.root + LIST_FACTORS.read * FIELD_WEIGHTS.property,
  },
] as const;

const refused = (code: string): Expected => ({ status: 400, code });
const answered: Expected = { status: 200, code: null };

/** The answer a document within the text limits gets, else the refusal of the text. */
function withinText(query: string, expected: Expected): Expected {
  if (query.length > GRAPHQL_LIMITS.maxLength || tokenCount(query) > GRAPHQL_LIMITS.maxTokens) {
    return refused('QUERY_TOO_COMPLEX');
  }
  return expected;
}

const endpoint = fc.constantFrom(...ENDPOINTS);

const shapes: fc.Arbitrary<Drawn>[] = [
  // Fragments spreading the next one twice: 2^levels fields once expanded.
  fc.record({ at: endpoint, levels: fc.integer({ min: 0, max: 40 }) }).map(({ at, levels }) => {
    const query = doublingFragments(levels);
    const cost = 2 ** levels * FIELD_WEIGHTS.property;
    return {
      shape: `fragments doubling ${levels} levels`,
      path: at.path,
      query,
      expected: withinText(query, cost > GRAPHQL_LIMITS.maxCost ? refused('QUERY_TOO_COMPLEX') : answered),
    };
  }),
  // Fragments in a ring: a cycle, whatever its length.
  fc.record({ at: endpoint, count: fc.integer({ min: 1, max: 120 }) }).map(({ at, count }) => {
    const query = fragmentRing(count);
    return {
      shape: `fragment ring of ${count}`,
      path: at.path,
      query,
      expected: withinText(query, refused('GRAPHQL_VALIDATION_FAILED')),
    };
  }),
  // Many fragments spread at the root, each with a few fields.
  fc
    .record({ at: endpoint, count: fc.integer({ min: 1, max: 80 }), fields: fc.integer({ min: 1, max: 12 }) })
    .map(({ at, count, fields }) => {
      const spreads = Array.from({ length: count }, (_, i) => `...W${i}`).join(' ');
      const definitions = Array.from(
        { length: count },
        (_, i) =>
          `fragment W${i} on Query { ${Array.from({ length: fields }, (_, j) => `w${i}x${j}: __typename`).join(' ')} }`,
      ).join(' ');
      const query = `{ ${at.root} ${spreads} } ${definitions}`;
      const cost = at.rootCost + count * fields * FIELD_WEIGHTS.property;
      return {
        shape: `${count} wide fragments of ${fields} fields`,
        path: at.path,
        query,
        expected: withinText(query, cost > GRAPHQL_LIMITS.maxCost ? refused('QUERY_TOO_COMPLEX') : answered),
      };
    }),
  // Aliases of one root read.
  fc.record({ at: endpoint, count: fc.integer({ min: 1, max: 60 }) }).map(({ at, count }) => {
    const query = `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${at.root}`).join(' ')} }`;
    const tooMany =
      count > GRAPHQL_LIMITS.maxAliasesPerRootField || count * at.rootCost > GRAPHQL_LIMITS.maxCost;
    return {
      shape: `${count} aliases of one root field`,
      path: at.path,
      query,
      expected: withinText(query, tooMany ? refused('QUERY_TOO_COMPLEX') : answered),
    };
  }),
  // Depth: introspection's ofType chain (its own limit), and a field the schema does not have.
  fc.record({ at: endpoint, depth: fc.integer({ min: 2, max: 60 }) }).map(({ at, depth }) => {
    const query = introspectionNesting(depth);
    return {
      shape: `introspection ${depth} levels deep`,
      path: at.path,
      query,
      expected: withinText(
        query,
        depth > GRAPHQL_LIMITS.maxIntrospectionDepth ? refused('QUERY_TOO_COMPLEX') : answered,
      ),
    };
  }),
  fc.record({ at: endpoint, depth: fc.integer({ min: 1, max: 400 }) }).map(({ at, depth }) => {
    const query = unknownNesting(depth);
    return {
      shape: `an unknown field ${depth} levels deep`,
      path: at.path,
      query,
      expected: withinText(
        query,
        refused(depth > GRAPHQL_LIMITS.maxDepth ? 'QUERY_TOO_COMPLEX' : 'GRAPHQL_VALIDATION_FAILED'),
      ),
    };
  }),
  // Directives: on many fields, or repeated on one.
  fc.record({ at: endpoint, count: fc.integer({ min: 1, max: 200 }) }).map(({ at, count }) => {
    const fields = Array.from({ length: count }, (_, i) => `d${i}: __typename @include(if: true)`).join(' ');
    const query = `{ ${at.root} ${fields} }`;
    const cost = at.rootCost + count * FIELD_WEIGHTS.property;
    return {
      shape: `${count} fields with a directive`,
      path: at.path,
      query,
      expected: withinText(query, cost > GRAPHQL_LIMITS.maxCost ? refused('QUERY_TOO_COMPLEX') : answered),
    };
  }),
  fc.record({ at: endpoint, count: fc.integer({ min: 2, max: 300 }) }).map(({ at, count }) => {
    const query = `{ ${at.root} __typename ${'@skip(if: false) '.repeat(count)}}`;
    return {
      shape: `a directive repeated ${count} times`,
      path: at.path,
      query,
      expected: withinText(query, refused('GRAPHQL_VALIDATION_FAILED')),
    };
  }),
  // Long lists in an argument: the resolvers take at most 50 ids or codes.
  fc.integer({ min: 0, max: 1_500 }).map((count) => {
    const codes = Array.from({ length: count }, (_, i) => `"c${i}"`).join(',');
    const query = `{ featureVariantAssignmentsByFeatureCodes(featureCodes: [${codes}]) { featureCode } }`;
    const tooMany = count === 0 || count > 50;
    return {
      shape: `${count} feature codes`,
      path: FEATURES_GRAPHQL_PATH,
      query,
      expected: withinText(query, tooMany ? { status: 200, code: 'BAD_USER_INPUT' } : answered),
    };
  }),
  fc.integer({ min: 1, max: 1_500 }).map((count) => {
    const ids = Array.from({ length: count }, (_, i) => String(2_000_000_000 - i)).join(',');
    const query = `{ occupations(ids: [${ids}]) { id } }`;
    return {
      shape: `${count} occupation ids`,
      path: GRAPHQL_PATH,
      query,
      // None of these ids is an occupation's.
      expected: withinText(query, { status: 200, code: count > 50 ? 'BAD_USER_INPUT' : 'NOT_FOUND' }),
    };
  }),
  // Long strings.
  fc.integer({ min: 1, max: 9_000 }).map((length) => {
    const query = `{ featureVariantAssignmentsByFeatureCodes(featureCodes: ["${'x'.repeat(length)}"]) { featureCode } }`;
    return {
      shape: `a feature code of ${length} characters`,
      path: FEATURES_GRAPHQL_PATH,
      query,
      expected: withinText(query, length > 64 ? { status: 200, code: 'BAD_USER_INPUT' } : answered),
    };
  }),
];

let server: Awaited<ReturnType<typeof startTestServer>>;
let visitor: TestClient;
const figures = { requests: 0, refused: 0 };
beforeAll(async () => {
  server = await startTestServer();
  visitor = createTestClient(server.app, { ip: '10.68.0.1' });
});
afterAll(async () => {
  process.stdout.write(`graphql fuzz: ${figures.requests} documents, ${figures.refused} refused (400)\n`);
  await server.stop();
});

describe('GraphQL documents drawn by shape, on both endpoints', () => {
  it('answers each as its size calls for, never with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(...shapes), async ({ shape, path, query, expected }) => {
        const response = await visitor.post(path, { query }, ACCEPT);
        figures.requests += 1;
        if (response.statusCode === 400) figures.refused += 1;
        const what = `${shape} on ${path} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, what).toBeLessThan(500);
        const errors = (response.data?.errors ?? []) as { extensions?: { code?: unknown } }[];
        for (const error of errors) expect(typeof error.extensions?.code, what).toBe('string');
        expect(response.statusCode, what).toBe(expected.status);
        expect(firstError(response).code ?? null, what).toBe(expected.code);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 300_000);
});
