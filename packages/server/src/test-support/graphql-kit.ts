import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database.js';
import { GRAPHQL_PATH } from '../platform/graphql/graphql-endpoint.js';
import { rowsOf } from '../platform/db/query-result.js';
import { createTestClient, type TestClient, type TestResponse } from './test-client.js';
import type { FastifyInstance } from 'fastify';

// What the GraphQL integration tests share: calls, error codes, people, and a count of the SQL
// statements a request sends.

/** POSTs a GraphQL operation as the web app does. */
export const graphql = (client: TestClient, query: string, variables: Record<string, unknown> = {}) =>
  client.post(
    GRAPHQL_PATH,
    { query, variables },
    { headers: { accept: 'application/graphql-response+json' } },
  );

/** The first error's `extensions.code` and, for BAD_USER_INPUT, its field errors. */
export function firstError(response: TestResponse): {
  code: string | undefined;
  message: string | undefined;
  fieldErrors: Record<string, string[]> | undefined;
} {
  const [error] = (response.data?.errors ?? []) as {
    message?: string;
    extensions?: { code?: string; field_errors?: Record<string, string[]> };
  }[];
  return {
    code: error?.extensions?.code,
    message: error?.message,
    fieldErrors: error?.extensions?.field_errors,
  };
}

let signups = 0;
/** A new signed-in learner (an address of their own, so the signup limit never bites). */
export async function newLearner(app: FastifyInstance, db: Database, name = 'Graph Learner') {
  signups += 1;
  const client = createTestClient(app, { ip: `10.61.${Math.floor(signups / 200)}.${signups % 200}` });
  const email = `graph-${signups}-${Date.now()}@example.com`;
  const response = await client.post('/api-2.0/auth/signup/', {
    name,
    email,
    password: 'graph-learner-password',
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const userId = response.data.me.id as number;
  return {
    client,
    userId,
    /** Makes them a student of the named organization (the demo's Acme Learning). */
    async join(organizationName: string) {
      await db.execute(
        sql`insert into organization_members (organization_id, user_id, role)
            select id, ${userId}, 'student' from organizations where name = ${organizationName}`,
      );
    },
  };
}

/** The id of a demo account. */
export async function userIdOf(db: Database, email: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where email = ${email}`));
  if (!row) throw new Error(`no user ${email}`);
  return Number(row.id);
}

/** How many SQL statements `run` sends to the database (both drivers send each through `query`). */
export async function countStatements(db: Database, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let statements = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return statements;
}
