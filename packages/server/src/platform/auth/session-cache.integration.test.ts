import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { sessions } from './sessions.tables.js';

// Decision 0013: sessions are cached per instance, and a deleted session stops working at
// once however it was deleted. The deletes below go through the pool, not the session store,
// as another instance's logout or an operator's SQL would; the database announces them.

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const PRIVATE = '/api-2.0/users/me/credit-history/';

async function signedIn(n: number) {
  const client = createTestClient(server.app, { ip: `10.7.0.${n}` });
  const signup = await client.post('/api-2.0/auth/signup/', {
    name: `Cache User${n}`,
    email: `session-cache-${n}@example.com`,
    password: 'session-cache-password',
  });
  expect(signup.statusCode).toBe(201);
  return { client, userId: signup.data.me.id as number };
}

/** Polls until the request is refused: the announcement travels asynchronously, in milliseconds. */
async function refusedWithin(client: ReturnType<typeof createTestClient>, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await client.get(PRIVATE);
    if (response.statusCode === 401 || Date.now() > deadline) return response.statusCode;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('session cache', () => {
  it('a session deleted in the database (another instance, an operator) stops working at once', async () => {
    const { client, userId } = await signedIn(1);
    // Resolved twice: the second answer comes from this instance's cache.
    expect((await client.get(PRIVATE)).statusCode).toBe(200);
    expect((await client.get(PRIVATE)).statusCode).toBe(200);

    await server.db.delete(sessions).where(eq(sessions.userId, userId));
    expect(await refusedWithin(client, 2_000)).toBe(401);
  });

  it('logout on this instance refuses the very next request', async () => {
    const { client } = await signedIn(2);
    expect((await client.get(PRIVATE)).statusCode).toBe(200);
    const stolen = client.jar.get('sessionid')!;
    expect((await client.post('/api-2.0/auth/logout/')).statusCode).toBe(204);

    // The old cookie, replayed at once, is not accepted from the cache.
    const replay = createTestClient(server.app, { ip: '10.7.1.2' });
    replay.jar.set('sessionid', stolen);
    expect((await replay.get(PRIVATE)).statusCode).toBe(401);
  });

  it('other users keep their sessions when one is deleted', async () => {
    const first = await signedIn(3);
    const second = await signedIn(4);
    expect((await first.client.get(PRIVATE)).statusCode).toBe(200);
    expect((await second.client.get(PRIVATE)).statusCode).toBe(200);
    await server.db.delete(sessions).where(eq(sessions.userId, first.userId));
    expect(await refusedWithin(first.client, 2_000)).toBe(401);
    expect((await second.client.get(PRIVATE)).statusCode).toBe(200);
  });
});
