import { getIntrospectionQuery } from 'graphql';
import { FEATURES_GRAPHQL_PATH, GRAPHQL_PATH } from '../platform/graphql/graphql-endpoint.js';
import { GRAPHQL_LIMITS } from '../platform/graphql/graphql-limits.js';

// The documents an attacker (or a careless client) sends to the GraphQL endpoints, one per shape,
// each under the text limit: the limits tests assert how each is answered, and the bench
// (`npm run graphql -w @lectern/bench`) measures what each costs the server per request.

/** One request to a GraphQL endpoint, as its JSON body. */
export interface GraphqlBody {
  /** None when a persisted query's hash stands for it. */
  query?: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  extensions?: Record<string, unknown>;
}

export interface GraphqlShape {
  name: string;
  path: typeof GRAPHQL_PATH | typeof FEATURES_GRAPHQL_PATH;
  /**
   * The body of the n-th request: its text differs from every other request's (a comment, or
   * arguments), so neither the document cache nor a service's cache answers it.
   */
  body(n: number): GraphqlBody;
  /** The status, and the first error's `extensions.code` (none when the answer has no error). */
  expected: { status: number; code?: string };
}

const times = (count: number, make: (index: number) => string, separator = ' ') =>
  Array.from({ length: count }, (_, index) => make(index)).join(separator);
const tagged = (n: number, text: string) => `# request ${n}\n${text}`;

/** `{ ...F0 }` where each fragment spreads the next twice: 2^levels selections once expanded. */
export function doublingFragments(levels: number): string {
  return `{ ...F0 } ${times(levels, (i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`)} fragment F${levels} on Query { __typename }`;
}

/** `count` fragments in a ring: F0 spreads F1, …, the last spreads F0. */
export function fragmentRing(count: number): string {
  return `{ ...F0 } ${times(count, (i) => `fragment F${i} on Query { __typename ...F${(i + 1) % count} }`)}`;
}

/** Nested selections of a field the schema does not have, `depth` levels. */
export function unknownNesting(depth: number): string {
  return `{ ${'a { '.repeat(depth - 1)}a${' }'.repeat(depth - 1)} }`;
}

/** `__type(name: "Query") { ofType { … { name } } }`: introspection nested `depth` levels in all. */
export function introspectionNesting(depth: number): string {
  return `{ __type(name: "Query") { ${'ofType { '.repeat(depth - 2)}name${' }'.repeat(depth - 2)} } }`;
}

const topicFields = 'id name url';
const WORDS = ['data', 'python', 'design', 'cloud', 'web', 'java', 'security', 'learn'];
const word = (n: number, i = 0) => `${WORDS[(n + i) % WORDS.length]}${n % 7 === 0 ? '' : ` ${(n + i) % 10}`}`;

const tooComplex = { status: 400, code: 'QUERY_TOO_COMPLEX' } as const;
const invalid = { status: 400, code: 'GRAPHQL_VALIDATION_FAILED' } as const;
const answered = { status: 200 } as const;

/** Shapes for both endpoints, the features one with its own root field. */
function onBoth(
  name: string,
  make: (root: string, n: number) => string,
  expected: GraphqlShape['expected'],
): GraphqlShape[] {
  return [
    {
      name: `${name} (2022-03)`,
      path: GRAPHQL_PATH,
      body: (n) => ({ query: make('__typename', n) }),
      expected,
    },
    {
      name: `${name} (2024-01)`,
      path: FEATURES_GRAPHQL_PATH,
      body: (n) => ({
        query: make(`featureVariantAssignmentsByFeatureCodes(featureCodes: ["f${n}"]) { featureCode }`, n),
      }),
      expected,
    },
  ];
}

/** One root read of a few kinds, by name, as a yardstick for the others. */
const ONE_READS: [string, (n: number) => string][] = [
  ['topicSearch, 50 topics', (n) => `topicSearch(query: "${word(n)}", limit: 50) { id name }`],
  [
    'searchLectures, 50 lectures',
    (n) => `searchLectures(query: "${word(n)}", limit: 50) { lectures { lecture { id title } } }`,
  ],
  ['topic with its groups', (n) => `topic(id: "${(n % 40) + 1}") { id name groups { id name } }`],
  [
    'team plan prices for a license count',
    (n) =>
      `subscriptionPlansByProductType(productType: TEAM, licenseCount: ${(n % 17) + 2}) { id priceOptions { id listPrice { amount currency } } }`,
  ],
  ['__typename', () => '__typename'],
];

/** Every adversarial shape, under the text limit, with the answer it must get. */
export const GRAPHQL_SHAPES: readonly GraphqlShape[] = [
  // One read of each kind, for comparison
  ...ONE_READS.map(([name, make]): GraphqlShape => ({
    name: `one read: ${name}`,
    path: GRAPHQL_PATH,
    body: (n) => ({ query: tagged(n, `{ ${make(n)} }`) }),
    expected: answered,
  })),
  // Fragments
  ...onBoth(
    'fragments doubling 22 levels (2^22 spreads)',
    (_root, n) => tagged(n, doublingFragments(22)),
    tooComplex,
  ),
  ...onBoth(
    'fragments doubling 8 levels (256 fields)',
    (_root, n) => tagged(n, doublingFragments(8)),
    answered,
  ),
  ...onBoth(
    'dense fragment graph (each spreads every later one)',
    (_root, n) =>
      tagged(
        n,
        `{ ...F0 } ${times(24, (i) => `fragment F${i} on Query { __typename ${times(24 - i - 1, (j) => `...F${i + j + 1}`)} }`)} fragment F24 on Query { __typename }`,
      ),
    tooComplex,
  ),
  ...onBoth(
    'wide fragments (30 spread at the root, 6 fields each)',
    (root, n) =>
      tagged(
        n,
        `{ ${root} ${times(30, (i) => `...W${i}`)} } ${times(30, (i) => `fragment W${i} on Query { ${times(6, (j) => `w${i}x${j}: __typename`)} }`)}`,
      ),
    answered,
  ),
  ...onBoth('fragment cycle of two', (_root, n) => tagged(n, fragmentRing(2)), invalid),
  ...onBoth('fragment ring of 60', (_root, n) => tagged(n, fragmentRing(60)), invalid),
  ...onBoth(
    'fragment cycle beside an operation within the limits',
    (root, n) => tagged(n, `{ ${root} } fragment A on Query { ...B } fragment B on Query { ...A }`),
    invalid,
  ),
  // Aliases
  {
    name: 'aliases: 6 of one root field (topicSearch)',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `{ ${times(6, (i) => `a${i}: topicSearch(query: "${word(n, i)}") { id }`)} }`,
    }),
    expected: tooComplex,
  },
  {
    name: 'aliases: 249 of subscriptionPlans (issue 37)',
    path: GRAPHQL_PATH,
    body: (n) => ({ query: tagged(n, `{ ${times(249, (i) => `a${i}: subscriptionPlans { id }`)} }`) }),
    expected: tooComplex,
  },
  {
    name: 'aliases: 5 of subscriptionPlans',
    path: GRAPHQL_PATH,
    body: (n) => ({ query: tagged(n, `{ ${times(5, (i) => `a${i}: subscriptionPlans { id }`)} }`) }),
    expected: answered,
  },
  {
    name: 'aliases: 5 searches of topics, 50 each',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `{ ${times(5, (i) => `a${i}: topicSearch(query: "${word(n, i)}", limit: 50) { ${topicFields} }`)} }`,
    }),
    expected: answered,
  },
  {
    name: 'aliases: one search asked 5 times alike (resolved once)',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `{ ${times(5, (i) => `a${i}: topicSearch(query: "${word(n)}", limit: 50) { ${topicFields} }`)} }`,
    }),
    expected: answered,
  },
  {
    name: 'aliases: every search field, different words',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `{
        t0: topicSearch(query: "${word(n)}", limit: 50) { id name }
        t1: topicSearch(query: "${word(n, 1)}", limit: 50) { id name }
        o0: occupationSearch(search: "${word(n, 2)}", pageSize: 50) { items { id name } }
        o1: occupationSearch(search: "${word(n, 3)}", pageSize: 50) { items { id name } }
        b0: searchBadgeClasses(query: "${word(n, 4)}", size: 50) { items { id name } }
        l0: searchLectures(query: "${word(n, 5)}", limit: 50) { lectures { lecture { id title } } }
        l1: searchLabs(query: "${word(n, 6)}") { labs { id title } }
      }`,
    }),
    expected: answered,
  },
  {
    name: 'aliases: many different root reads within the cost',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `{
        ${times(2, (i) => `p${i}: subscriptionPlansByProductType(productType: TEAM, licenseCount: ${(n % 17) + i + 2}) { id priceOptions { id listPrice { amount currency } } }`)}
        ${times(2, (i) => `t${i}: topic(id: "${((n + i) % 40) + 1}") { id name groups { id name } }`)}
        groups: topicGroups(ids: ["${(n % 5) + 1}"]) { id name }
        coding: codingExerciseTemplatesByLanguage(language: PYTHON) { name }
        badges: activeBadgeClasses { id name }
        plans: subscriptionPlans { id name }
      }`,
    }),
    expected: answered,
  },
  {
    name: 'aliases: 20 different root reads',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `{ ${times(4, (i) => `t${i}: topic(id: "${((n + i) % 40) + 1}") { id }`)} ${times(4, (i) => `s${i}: topicSearch(query: "${word(n, i)}") { id }`)} ${times(4, (i) => `o${i}: occupationSearch(search: "${word(n, i)}") { page }`)} ${times(4, (i) => `b${i}: badgeClass(id: "${i + 1}") { id }`)} ${times(4, (i) => `l${i}: searchLabs(query: "${word(n, i)}") { count }`)} }`,
    }),
    expected: tooComplex,
  },
  {
    name: 'aliases: 12 conflicting fields under one key',
    path: GRAPHQL_PATH,
    body: (n) => ({ query: tagged(n, `{ ${times(12, (i) => `a: topic(id: "${i + 1}") { id }`)} }`) }),
    expected: invalid,
  },
  // Depth
  {
    name: 'depth: topics and groups nested until refused',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: tagged(n, `{ topic(id: "1") { ${'groups { topics { '.repeat(3)}id${' } }'.repeat(3)} } }`),
    }),
    expected: tooComplex,
  },
  {
    name: 'depth: the deepest topic read accepted (search, groups, topics)',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `{ topicSearch(query: "${word(n)}", limit: 50) { id groups { id topics { id name url } } } }`,
    }),
    expected: answered,
  },
  ...onBoth(
    'depth: 300 levels of an unknown field',
    (_root, n) => tagged(n, unknownNesting(300)),
    tooComplex,
  ),
  ...onBoth('depth: 12 levels of an unknown field', (_root, n) => tagged(n, unknownNesting(12)), invalid),
  // Directives
  ...onBoth(
    'directives: 90 fields each @include',
    (root, n) => tagged(n, `{ ${root} ${times(90, (i) => `d${i}: __typename @include(if: true)`)} }`),
    answered,
  ),
  ...onBoth(
    'directives: one directive repeated 130 times',
    (root, n) => tagged(n, `{ ${root} __typename ${'@skip(if: false) '.repeat(130)}}`),
    invalid,
  ),
  ...onBoth(
    'directives: 450 unknown directives',
    (root, n) => tagged(n, `{ ${root} __typename ${'@x '.repeat(450)}}`),
    invalid,
  ),
  // Lists and arguments
  {
    name: 'lists: 900 ids in an argument',
    path: GRAPHQL_PATH,
    body: (n) => ({ query: `{ occupations(ids: [${times(900, (i) => String(i + n), ',')}]) { id } }` }),
    expected: { status: 200, code: 'BAD_USER_INPUT' },
  },
  {
    name: 'lists: 900 feature codes in an argument',
    path: FEATURES_GRAPHQL_PATH,
    body: (n) => ({
      query: `{ featureVariantAssignmentsByFeatureCodes(featureCodes: [${times(900, (i) => `"c${i + n}"`, ',')}]) { featureCode } }`,
    }),
    expected: { status: 200, code: 'BAD_USER_INPUT' },
  },
  {
    name: 'lists: 5,000 feature codes in a variable',
    path: FEATURES_GRAPHQL_PATH,
    body: (n) => ({
      query: `query Assign($codes: [String!]!) { featureVariantAssignmentsByFeatureCodes(featureCodes: $codes) { featureCode } }`,
      variables: { codes: times(5_000, (i) => `c${i + n}`).split(' ') },
    }),
    expected: { status: 200, code: 'BAD_USER_INPUT' },
  },
  {
    name: 'lists: 40 nested lists in an argument',
    path: GRAPHQL_PATH,
    body: (n) => ({ query: `{ occupations(ids: ${'['.repeat(40)}${n}${']'.repeat(40)}) { id } }` }),
    expected: invalid,
  },
  // Long text
  {
    name: 'strings: a 7,800-character search',
    path: GRAPHQL_PATH,
    body: (n) => ({ query: `{ topicSearch(query: "${word(n)} ${'x'.repeat(7_800)}") { id } }` }),
    expected: { status: 200, code: 'BAD_USER_INPUT' },
  },
  {
    name: 'strings: a 1,000-character search (the longest taken)',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `{ topicSearch(query: "${`${word(n)} ${'data '.repeat(200)}`.slice(0, 1_000)}") { id } }`,
    }),
    expected: answered,
  },
  {
    name: 'strings: a 1,000-character lecture search (the longest taken)',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `{ searchLectures(query: "${`${word(n)} ${'python data '.repeat(100)}`.slice(0, 1_000)}") { lectures { lecture { id } } } }`,
    }),
    expected: answered,
  },
  ...onBoth(
    'strings: a 7,900-character comment',
    (root, n) => tagged(n, `#${'c'.repeat(7_900)}\n{ ${root} }`),
    answered,
  ),
  ...onBoth(
    'text: one character over the limit',
    (root, n) =>
      tagged(n, `{ ${root} }`.padEnd(GRAPHQL_LIMITS.maxLength + 1 - `# request ${n}\n`.length, ' ')),
    tooComplex,
  ),
  ...onBoth(
    'tokens: one token over the limit',
    (_root, n) => tagged(n, `{ ${'a '.repeat(GRAPHQL_LIMITS.maxTokens - 1)}}`),
    tooComplex,
  ),
  ...onBoth(
    'fields: 490 times the same field',
    (_root, n) => tagged(n, `{ ${'__typename '.repeat(490)}}`),
    answered,
  ),
  ...onBoth(
    'operations: 150 in one document',
    (_root, n) =>
      tagged(
        n,
        times(150, (i) => `query Q${i} { __typename }`),
      ),
    answered,
  ).map((shape) => ({ ...shape, body: (n: number) => ({ ...shape.body(n), operationName: `Q${n % 150}` }) })),
  // Introspection (outside production)
  ...onBoth(
    'introspection: getIntrospectionQuery()',
    (_root, n) => tagged(n, getIntrospectionQuery()),
    answered,
  ),
  ...onBoth(
    'introspection: twice in one operation',
    (_root, n) =>
      tagged(
        n,
        getIntrospectionQuery().replace(
          /__schema \{/,
          `second: __schema { types { ...FullType } } __schema {`,
        ),
      ),
    tooComplex,
  ),
  // graphql-js's own MaxIntrospectionDepthRule refuses fields, interfaces or possibleTypes nested
  // three times; ours stops it at four, before validation.
  ...onBoth(
    'introspection: fields of the types of fields, 3 levels',
    (_root, n) =>
      tagged(n, `{ __schema { types { ${'fields { type { '.repeat(3)}name${' } }'.repeat(3)} } } }`),
    invalid,
  ),
  ...onBoth(
    'introspection: fields of the types of fields, 4 levels',
    (_root, n) =>
      tagged(n, `{ __schema { types { ${'fields { type { '.repeat(4)}name${' } }'.repeat(4)} } } }`),
    tooComplex,
  ),
  ...onBoth(
    'introspection: ofType 30 levels deep',
    (_root, n) => tagged(n, introspectionNesting(30)),
    tooComplex,
  ),
  // Operation kinds and text no database keeps
  {
    name: 'mutation on the features endpoint',
    path: FEATURES_GRAPHQL_PATH,
    body: (n) => ({ query: tagged(n, 'mutation { x }') }),
    expected: invalid,
  },
  ...onBoth('subscription operation', (_root, n) => tagged(n, 'subscription { x }'), invalid),
  {
    name: 'NUL in a mutation text argument',
    path: GRAPHQL_PATH,
    body: (n) => ({
      query: `mutation { learningReminderCreate(learningReminder: { title: "nul ${n} \\u0000 here" }) { id } }`,
    }),
    expected: { status: 400, code: 'BAD_USER_INPUT' },
  },
];
