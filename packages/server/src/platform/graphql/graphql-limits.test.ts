import type { GraphQLError } from 'graphql';
import { buildSchema, getIntrospectionQuery, isObjectType, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { doublingFragments, fragmentRing } from '../../test-support/graphql-shapes.js';
import { UNSTORABLE_TEXT_REASON } from '../http/unstorable-text.js';
import {
  FIELD_WEIGHTS,
  GRAPHQL_LIMITS,
  LIST_FACTORS,
  createDocumentLimits,
  knownOperationTypesRule,
  parseWithinLimits,
} from './graphql-limits.js';

// A schema shaped like the real one: root reads, a search, nested reads with resolvers (topics and
// their groups, a cycle), a property list, a mutation.
const schema = buildSchema(/* GraphQL */ `
  type Query {
    topic(id: ID!): Topic
    topicSearch(query: String!, limit: Int): [Topic!]!
    plans: [Plan!]!
  }
  type Mutation {
    rename(id: ID!, name: String!, tags: [TagInput!]): Topic
  }
  input TagInput {
    label: String!
  }
  type Topic {
    id: ID!
    name: String!
    groups: [Group!]!
  }
  type Group {
    id: ID!
    topics: [Topic!]!
  }
  type Plan {
    id: ID!
    prices: [Price!]!
  }
  type Price {
    amount: Int!
  }
`);
const resolve = () => null;
for (const [type, fields] of [
  ['Query', ['topic', 'topicSearch', 'plans']],
  ['Mutation', ['rename']],
  ['Topic', ['groups']],
  ['Group', ['topics']],
] as const) {
  const object = schema.getType(type);
  if (!isObjectType(object)) throw new Error(type);
  for (const field of fields) object.getFields()[field]!.resolve = resolve;
}

const check = (query: string, options: { production?: boolean; maxCost?: number } = {}) =>
  createDocumentLimits(schema, {
    production: options.production ?? false,
    limits: { ...GRAPHQL_LIMITS, maxCost: options.maxCost ?? GRAPHQL_LIMITS.maxCost },
  })(parse(query));

/** The cost of a document: the lowest maxCost it passes. */
function costOf(query: string, production = false): number {
  let low = 0;
  let high = 1_000_000;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (check(query, { production, maxCost: middle }).length === 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

const codes = (errors: readonly GraphQLError[]) => errors.map((error) => error.extensions.code);

describe('parseWithinLimits', () => {
  it('refuses text past the length or token limit with QUERY_TOO_COMPLEX, and parses the rest', () => {
    const long = `{ __typename }${' '.repeat(GRAPHQL_LIMITS.maxLength)}`;
    expect(() => parseWithinLimits(long)).toThrow(
      expect.objectContaining({ extensions: { code: 'QUERY_TOO_COMPLEX' } }),
    );
    // graphql-js's own wording of the token limit is what is recognised: a new wording fails here.
    const manyTokens = `{ ${'a '.repeat(GRAPHQL_LIMITS.maxTokens - 1)}}`;
    expect(() => parseWithinLimits(manyTokens)).toThrow(
      expect.objectContaining({ extensions: { code: 'QUERY_TOO_COMPLEX' } }),
    );
    expect(parseWithinLimits(`{ ${'a '.repeat(GRAPHQL_LIMITS.maxTokens - 2)}}`).definitions).toHaveLength(1);
    expect(() => parseWithinLimits('{ a')).toThrow(/^Syntax Error/);
  });
});

describe('createDocumentLimits', () => {
  it('weighs fields by what answering them takes, reads once and what they answer per item', () => {
    const { property, read, root, search } = FIELD_WEIGHTS;
    expect(costOf('{ topic(id: "1") { id name } }')).toBe(root + 2 * property);
    expect(costOf('{ topicSearch(query: "a") { id } }')).toBe(search + LIST_FACTORS.read * property);
    // The groups of every topic found are one batched read; each group's id counts per topic and group.
    expect(costOf('{ topicSearch(query: "a") { groups { id } } }')).toBe(
      search + read + LIST_FACTORS.read * LIST_FACTORS.read * property,
    );
    // A plan's prices are a property list: at hand, a smaller factor.
    expect(costOf('{ plans { prices { amount } } }')).toBe(
      root + LIST_FACTORS.read * (property + LIST_FACTORS.property * property),
    );
    expect(costOf('mutation { rename(id: "1", name: "b") { id } }')).toBe(FIELD_WEIGHTS.mutation + property);
  });

  it('measures each fragment once: 2^40 spreads are refused at once, not expanded', () => {
    expect(codes(check(doublingFragments(40)))).toEqual(['QUERY_TOO_COMPLEX']);
    expect(codes(check(doublingFragments(8)))).toEqual([]);
    expect(costOf(doublingFragments(8))).toBe(2 ** 8);
  });

  it('refuses fragment cycles itself, before validation, with the spreads of the cycle', () => {
    const [error] = check(fragmentRing(3));
    expect(error?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(error?.message).toBe('Cannot spread fragment "F0" within itself via "F1", "F2".');
    expect(codes(check('{ ...A } fragment A on Query { __typename ...A }'))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
    ]);
    // A cycle among fragments no operation spreads is refused as well: validation would walk it.
    expect(codes(check('{ __typename } fragment A on Query { ...B } fragment B on Query { ...A }'))).toEqual([
      'GRAPHQL_VALIDATION_FAILED',
    ]);
  });

  it('refuses depth past the limit', () => {
    const nested = (levels: number) =>
      `{ topic(id: "1") { ${'groups { topics { '.repeat(levels)}id${' } }'.repeat(levels)} } }`;
    // 2 + 2 × 5 = 12 levels pass on depth; the cost says no long before 13 would.
    expect(check(nested(5), { maxCost: 1e9 })).toEqual([]);
    expect(check(nested(6), { maxCost: 1e9 })[0]?.message).toBe(
      `The query is nested more than ${GRAPHQL_LIMITS.maxDepth} levels deep, the most allowed.`,
    );
  });

  it(`allows at most ${GRAPHQL_LIMITS.maxAliasesPerRootField} response keys of one root field, fragments included, __typename aside`, () => {
    const aliases = (count: number) =>
      Array.from({ length: count }, (_, i) => `a${i}: topic(id: "${i}") { id }`).join(' ');
    expect(check(`{ ${aliases(5)} }`)).toEqual([]);
    expect(check(`{ ${aliases(6)} }`)[0]?.message).toBe(
      'The query asks for topic more than 5 times (aliases), the most allowed.',
    );
    expect(
      codes(check(`{ ${aliases(3)} ...F } fragment F on Query { ${aliases(4).replace(/a(\d)/g, 'b$1')} }`)),
    ).toEqual(['QUERY_TOO_COMPLEX']);
    // The same key twice is one read (graphql-js merges the fields).
    expect(check(`{ ${aliases(5)} a0: topic(id: "0") { name } }`)).toEqual([]);
    expect(check(`{ ${Array.from({ length: 50 }, (_, i) => `t${i}: __typename`).join(' ')} }`)).toEqual([]);
  });

  it('gives introspection a budget of its own outside production; in production it counts like any field', () => {
    expect(check(getIntrospectionQuery())).toEqual([]);
    expect(codes(check(getIntrospectionQuery(), { production: true }))).toEqual(['QUERY_TOO_COMPLEX']);
    const nested = `{ __schema { types { ${'fields { type { '.repeat(5)}name${' } }'.repeat(5)} } } }`;
    expect(check(nested)[0]?.message).toMatch(/^The introspection query is nested more than/);
  });

  it('refuses a string literal no database can keep, naming the argument', () => {
    const [error] = check(
      'mutation { rename(id: "1", name: "ok", tags: [{ label: "a" }, { label: "b\\u0000" }]) { id } }',
    );
    expect(error?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field_errors: { 'tags.1.label': [UNSTORABLE_TEXT_REASON] },
    });
    const [lone] = check('query($q: String = "nul \\u0000") { topicSearch(query: $q) { id } }');
    expect(lone?.extensions.field_errors).toEqual({ q: [UNSTORABLE_TEXT_REASON] });
  });
});

describe('knownOperationTypesRule', () => {
  it('refuses an operation of a kind the schema has no root type for', () => {
    const queriesOnly = buildSchema('type Query { a: Int }');
    const errors = validate(queriesOnly, parse('mutation { x }'), [knownOperationTypesRule]);
    expect(errors.map((error) => error.message)).toEqual([
      'The schema of this endpoint does not support mutation operations.',
    ]);
    expect(validate(queriesOnly, parse('{ a }'), [knownOperationTypesRule])).toEqual([]);
  });
});
