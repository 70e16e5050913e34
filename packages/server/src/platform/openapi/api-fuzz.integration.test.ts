// The schema-driven fuzz suite (hardening issue): for every route of the live route table,
// requests drawn with fast-check from its own zod schemas, with nasty values in every leaf,
// plus the cases that broke servers before (bad JSON, wrong content types, 1 MB strings, deep
// nesting, NUL, lone surrogates, ids past int4, bad percent-encoding). As a visitor and as a
// signed-in learner, both with a valid CSRF token so requests reach validation. Never a 5xx,
// every refusal in the {detail, code} contract, and a refused unsafe request changes nothing.
// Drawn requests rarely get past every check of a money-moving body, so known-good requests of
// those routes are also sent with one leaf at a time set to a boundary (2^31, 2^53, -1, 0, an
// int4 past its end behind a prefix): what reached PostgreSQL as a 500 in issue 37.
import { MAX_DATABASE_ID } from '@lectern/domain';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithSandbox, type ServerWithSandbox } from '../../test-support/checkout-server.js';
import { standInWebApp } from '../../test-support/stand-in-web-app.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import {
  arbitraryOf,
  integerFieldsOf,
  jsonSchemaOf,
  NASTY_STRINGS,
  oneLeafVariants,
  textValuesOf,
} from './schema-arbitraries.js';
import type { RouteEntry } from './route-table.js';
import { FEATURES_GRAPHQL_PATH, GRAPHQL_PATH } from '../graphql/graphql-endpoint.js';

/** Runs per route and client; FUZZ_RUNS and FUZZ_SEED reproduce or widen a run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

/**
 * Tables whose content a refused request must leave as it was. Left out on purpose: sessions
 * (a request slides its expiry), rate-limit counters (a refused login counts), scheduled jobs.
 */
const STATE_TABLES = [
  'users',
  'organizations',
  'organization_members',
  'orders',
  'order_lines',
  'enrollments',
  'credit_entries',
  'credit_reservations',
  'coupons',
  'coupon_redemptions',
  'carts',
  'cart_items',
  'payment_attempts',
  'payment_attempt_holds',
  'payment_customers',
  'payment_gateway_events',
  'user_settings',
  'user_course_settings',
  'user_cookie_preferences',
  'share_links',
  'tracking_events',
];

/** Routes that are page addresses: their refusals are the 404 page, not JSON. */
const PAGE_ROUTES = new Set(['/s/:code/']);

let env: ServerWithSandbox;
let visitor: TestClient;
let learner: TestClient;
/** The demo owner: back office routes are fuzzed past their staff check too. */
let owner: TestClient;
const figures = { requests: 0, refused: 0, accepted: 0 };

beforeAll(async () => {
  env = await startServerWithSandbox({
    webhookSecret: 'whsec_fuzz',
    config: { webDistDir: standInWebApp() },
  });
  visitor = createTestClient(env.server.app, { ip: '10.66.0.1' });
  await visitor.get('/healthz');
  learner = createTestClient(env.server.app, { ip: '10.66.0.2' });
  const login = await learner.login('learner@example.com');
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  owner = createTestClient(env.server.app, { ip: '10.66.0.3' });
  const ownerLogin = await owner.login('operator@example.com');
  if (ownerLogin.statusCode !== 200) throw new Error(`login failed: ${ownerLogin.body}`);
});
afterAll(async () => {
  process.stdout.write(
    `api fuzz: ${figures.requests} requests, ${figures.refused} refused (4xx), ${figures.accepted} accepted\n`,
  );
  await env.close();
});

async function stateHash(): Promise<string> {
  const parts = STATE_TABLES.map(
    (table) =>
      sql`select ${table} as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${sql.identifier(table)} x`,
  );
  const result = await env.server.db.execute(
    sql`select md5(string_agg(t || h, '' order by t)) as hash from (${sql.join(parts, sql` union all `)}) parts`,
  );
  return String((result as unknown as { rows: { hash: string }[] }).rows[0]!.hash);
}

/** Waits until the state stops changing (at most 5 s). */
async function settled(): Promise<void> {
  let last = await stateHash();
  for (let round = 0; round < 20; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await stateHash();
    if (now === last) return;
    last = now;
  }
}

interface Case {
  url: string;
  body?: string;
  contentType?: string;
}

function describeCase(route: RouteEntry, request: Case): string {
  const body =
    request.body === undefined
      ? ''
      : ` body ${request.body.slice(0, 300)}${request.body.length > 300 ? '…' : ''}`;
  return `${route.method} ${request.url.slice(0, 300)}${body}`;
}

async function send(client: TestClient, route: RouteEntry, request: Case) {
  const unsafe = !['GET', 'HEAD'].includes(route.method);
  const before = unsafe ? await stateHash() : null;
  const extra =
    request.body === undefined
      ? {}
      : { rawBody: request.body, headers: { 'content-type': request.contentType ?? 'application/json' } };
  const response =
    route.method === 'GET'
      ? await client.get(request.url, extra)
      : route.method === 'DELETE'
        ? await client.delete(request.url, extra)
        : await client[route.method === 'PATCH' ? 'patch' : 'post'](request.url, undefined, extra);
  figures.requests += 1;
  const what = `${describeCase(route, request)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, what).toBeLessThan(500);
  const isPage =
    PAGE_ROUTES.has(route.url) && String(response.headers['content-type']).startsWith('text/html');
  if (response.statusCode >= 400 && isPage) {
    // A page address (a short share link) may answer a browser with the 404 page.
    figures.refused += 1;
    expect(response.statusCode, what).toBe(404);
  } else if (response.statusCode >= 400) {
    figures.refused += 1;
    const body = JSON.parse(response.body) as Record<string, unknown>;
    if ((route.url === GRAPHQL_PATH || route.url === FEATURES_GRAPHQL_PATH) && Array.isArray(body.errors)) {
      // GraphQL over HTTP answers what it refuses in its own shape: errors, each with extensions.code.
      const [first] = body.errors as { extensions?: { code?: unknown } }[];
      expect(typeof first?.extensions?.code, what).toBe('string');
    } else {
      expect(String(response.headers['content-type']), what).toMatch(/^application\/json/);
      expect(typeof body.detail, what).toBe('string');
      expect(typeof body.code, what).toBe('string');
    }
    // Security headers on refusals too (they once skipped framework errors).
    expect(response.headers['x-content-type-options'], what).toBe('nosniff');
    if (before !== null) expect(await stateHash(), `a refused request changed state: ${what}`).toBe(before);
  } else {
    figures.accepted += 1;
  }
}

/** Fills a route's path pattern with the values (encoded), or with raw text (bad encodings). */
function pathOf(route: RouteEntry, params: Record<string, string>, raw = false): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_all, name: string) => {
    const value = params[name] ?? '1';
    return raw ? value : encodeSegment(value);
  });
}

/** encodeURIComponent, with a lone surrogate sent as the bytes a broken client would send. */
function encodeSegment(value: string): string {
  return [...value]
    .map((char) => (/^[\ud800-\udfff]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
    .join('');
}

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** The cases every route gets whatever its schema: the ones that broke servers before. */
function fixedCases(route: RouteEntry): Case[] {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  const fill = (value: string) => Object.fromEntries(names.map((name) => [name, value]));
  const cases: Case[] = [];
  if (names.length > 0) {
    for (const value of [
      '99999999999',
      '2147483648',
      '-1',
      '0',
      'a\u0000b',
      '\ud800',
      '%E0%A4%A',
      '..%2F..%2F',
      '1e308',
    ]) {
      cases.push({ url: pathOf(route, fill(value), value.startsWith('%') || value.includes('%2F')) });
    }
  }
  const base = pathOf(route, fill('1'));
  const queryNames = Object.keys(jsonSchemaOf(route.schema.querystring)?.properties ?? {});
  for (const name of queryNames.length > 0 ? queryNames : ['id']) {
    cases.push(
      { url: `${base}?${name}=%00` },
      { url: `${base}?${name}=%E0%A4%A` },
      { url: `${base}?${name}=99999999999` },
    );
  }
  if (!['GET', 'HEAD', 'DELETE'].includes(route.method)) {
    cases.push(
      { url: base, body: '{"unterminated": ' },
      { url: base, body: 'plain text', contentType: 'text/plain' },
      { url: base, body: '<a/>', contentType: 'application/xml' },
      { url: base, body: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }) },
      { url: base, body: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
      { url: base, body: JSON.stringify({ a: '\u0000', b: '\ud800', c: NASTY_STRINGS }) },
      { url: base, body: 'null' },
      { url: base, body: '[]' },
    );
  }
  return cases;
}

/** Requests drawn from the route's schemas. */
function arbitraryCase(route: RouteEntry): fc.Arbitrary<Case> {
  const params = arbitraryOf(jsonSchemaOf(route.schema.params));
  const query = arbitraryOf(jsonSchemaOf(route.schema.querystring));
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const body = hasBody ? arbitraryOf(jsonSchemaOf(route.schema.body)) : fc.constant(undefined);
  return fc.record({ params, query, body }).map(({ params: p, query: q, body: b }) => ({
    url: withQuery(pathOf(route, textValuesOf(p)), textValuesOf(q)),
    ...(hasBody ? { body: JSON.stringify(b ?? null) } : {}),
  }));
}

/** A field that names a row (`id`, `course_id`, `methodId`…): kept in an int4 column. */
const ID_FIELD = /^(id|.+_id|.+Id)$/;

/** Text leaves are tried with these: ids past int4 as text, behind a prefix, and a day that does not exist. */
const BOUNDARY_TEXTS = ['2147483648', 'LSC-2147483648', '2026-09-31'] as const;

let refCounter = 0;
const freshRef = () => `fuzz-${Date.now()}-${++refCounter}`;

/**
 * Requests that pass every check of their route, for a new buyer: the checkout's submits and
 * the subscription environment's reads of a reference. A body's `checkout_ref` is drawn anew
 * for each variant (a repeated one would only answer the first attempt).
 */
const KNOWN_GOOD: { method: 'POST'; url: string; body: () => Record<string, unknown> }[] = [
  {
    method: 'POST',
    url: '/payment/checkout-submit/',
    body: () => ({
      checkout_environment: 'Marketplace',
      checkout_event: 'Submit',
      checkout_ref: freshRef(),
      shopping_info: { items: [{ buyable: { id: 5, buyable_object_type: 'course' } }] },
      billing_address: { country_code: 'US', secondary_location_info: '10001' },
      payment_info: { method_id: 0, payment_vendor: 'Free', payment_method: 'free-method', credentials: {} },
    }),
  },
  ...['UpsellInfo', 'Info'].map((event) => ({
    method: 'POST' as const,
    url: '/payment/checkout-info/',
    body: () => ({
      requested_configs: ['checkout_config'],
      checkout_environment: 'Subscription',
      checkout_event: event,
      shopping_info: {
        items: [
          {
            buyable: {
              id: 'personal-monthly',
              buyable_object_type: 'subscription_plan_price_option',
              checkout_ref: 'LSC-1',
            },
            requested_seat_count: 1,
          },
        ],
      },
    }),
  })),
  ...['UpsellSubmit', 'Update', 'Submit'].map((event) => ({
    method: 'POST' as const,
    url: '/payment/checkout-submit/',
    body: () => ({
      checkout_environment: 'Subscription',
      checkout_event: event,
      checkout_ref: freshRef(),
      shopping_info: {
        items: [
          {
            buyable: {
              id: 'personal-monthly',
              buyable_object_type: 'subscription_plan_price_option',
              ...(event === 'Submit' ? {} : { checkout_ref: 'LSC-1' }),
            },
          },
        ],
      },
      billing_address: {
        country_code: 'US',
        secondary_location_info: '98101',
        address_line1: '1 Main Street',
      },
      payment_info: {
        method_id: 2,
        payment_vendor: 'CardToken',
        payment_method: 'card',
        credentials: { payment_method_id: 'pm_card_visa' },
      },
    }),
  })),
];

/** A buyer of their own (signed up now), so what a variant buys or starts is theirs alone. */
async function newBuyerClient(index: number): Promise<TestClient> {
  const client = createTestClient(env.server.app, { ip: `10.66.1.${index}` });
  const response = await client.post('/api-2.0/auth/signup/', {
    name: `Fuzz buyer ${index}`,
    email: `fuzz-buyer-${index}-${Date.now()}@example.com`,
    password: 'fuzz-buyer-password',
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return client;
}

describe('schema-driven fuzzing of every route', () => {
  it('the route table is the one the server serves', () => {
    expect(env.server.routes.length).toBeGreaterThan(30);
  });

  it('bounds every id a request names by the database-id rule (at most 2^31 − 1)', () => {
    const unbounded = env.server.routes.flatMap((route) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) =>
        integerFieldsOf(jsonSchemaOf(route.schema[part]))
          .filter((field) => ID_FIELD.test(field.name))
          .filter((field) => field.maximum === undefined || field.maximum > MAX_DATABASE_ID)
          .map((field) => `${route.method} ${route.url} ${part} ${field.path} (max ${field.maximum})`),
      ),
    );
    expect(unbounded).toEqual([]);
  });

  it('answers known-good requests with one leaf at a boundary without a 5xx, in the error contract', async () => {
    let index = 0;
    for (const example of KNOWN_GOOD) {
      let client = await newBuyerClient((index += 1));
      const route = env.server.routes.find(
        (entry) => entry.method === example.method && entry.url === example.url,
      )!;
      for (const variant of oneLeafVariants(example.body(), BOUNDARY_TEXTS)) {
        const body = variant.value as Record<string, unknown>;
        const fresh =
          variant.path === 'checkout_ref' || !('checkout_ref' in body)
            ? body
            : { ...body, checkout_ref: freshRef() };
        const accepted = figures.accepted;
        await send(client, route, { url: example.url, body: JSON.stringify(fresh) });
        if (figures.accepted > accepted) {
          // What it started may still be arriving (the provider's webhooks): let it land before
          // the next refusal is held to "changes nothing". What it bought or started would stop
          // the next variants early (already owned, already subscribed): a new buyer goes on.
          await settled();
          client = await newBuyerClient((index += 1));
        }
      }
    }
  }, 300_000);

  // Routes are read once the server exists; one test per route keeps failures readable.
  it('answers every drawn and every known-nasty request without a 5xx, in the error contract, changing nothing when it refuses', async () => {
    for (const route of env.server.routes) {
      for (const client of route.staff ? [visitor, learner, owner] : [visitor, learner]) {
        for (const request of fixedCases(route)) await send(client, route, request);
        await fc.assert(
          fc.asyncProperty(arbitraryCase(route), async (request) => {
            await send(client, route, request);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    }
    expect(figures.refused).toBeGreaterThan(0);
  }, 300_000);
});
