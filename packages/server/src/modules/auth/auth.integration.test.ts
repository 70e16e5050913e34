import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer(
    {},
    { authLimits: { loginFailuresPerAccount: 3, loginFailuresPerAddress: 10, signupsPerAddress: 4 } },
  );
});
afterAll(() => server.stop());

const me = (client: ReturnType<typeof createTestClient>) =>
  client.get('/api-2.0/contexts/me/?me=True').then((response) => response.data.me);

describe('signup', () => {
  it('creates the account, signs in with an HttpOnly SameSite=Lax session cookie', async () => {
    const client = createTestClient(server.app, { ip: '10.0.0.1' });
    const response = await client.post('/api-2.0/auth/signup/', {
      name: 'Grace Brewster Hopper',
      email: 'Grace@Example.com',
      password: 'cobol-forever',
    });
    expect(response.statusCode).toBe(201);
    expect(response.data.me).toMatchObject({
      is_authenticated: true,
      email: 'grace@example.com',
      name: 'Grace',
      surname: 'Brewster Hopper',
      time_zone: null,
      credit: { amount: 0, currency: 'USD' },
      has_made_paid_purchase: false,
      organization: null,
    });
    const cookie = response.cookies.find((c) => c.name === 'sessionid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await me(client)).email).toBe('grace@example.com');
  });

  it('refuses a second account with the same e-mail, whatever its case, and keeps the first', async () => {
    const client = createTestClient(server.app, { ip: '10.0.0.2' });
    const response = await client.post('/api-2.0/auth/signup/', {
      name: 'Impostor',
      email: 'LEARNER@example.com',
      password: 'another-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.field_errors.email[0]).toMatch(/already exists/);
    expect(response.cookies.some((c) => c.name === 'sessionid')).toBe(false);
    const learner = createTestClient(server.app, { ip: '10.0.0.2' });
    await learner.login('learner@example.com');
    expect((await me(learner)).name).toBe('Lena');
  });

  it('explains each invalid field', async () => {
    const client = createTestClient(server.app, { ip: '10.0.0.3' });
    const response = await client.post('/api-2.0/auth/signup/', {
      name: '',
      email: 'nope',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.field_errors).toEqual({
      name: ['Enter your full name.'],
      email: ['Enter a valid email address.'],
      password: ['Password must be at least 8 characters.'],
    });
  });

  it('limits repeated signups from one address with 429', async () => {
    const client = createTestClient(server.app, { ip: '10.0.0.4' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await client.post('/api-2.0/auth/signup/', {
        name: 'x',
        email: 'bad',
        password: 'short',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });
});

describe('login and logout', () => {
  it('signs the demo learner in and out', async () => {
    const client = createTestClient(server.app, { ip: '10.0.1.1' });
    const login = await client.login('learner@example.com');
    expect(login.data.me).toMatchObject({ is_authenticated: true, email: 'learner@example.com' });
    const logout = await client.post('/api-2.0/auth/logout/');
    expect(logout.statusCode).toBe(204);
    expect(await me(client)).toEqual({ is_authenticated: false, id: null });
  });

  it('ends the session on the server, so a replayed cookie no longer works', async () => {
    const client = createTestClient(server.app, { ip: '10.0.1.2' });
    await client.login('learner@example.com');
    const stolen = client.jar.get('sessionid')!;
    await client.post('/api-2.0/auth/logout/');
    const replay = createTestClient(server.app, { ip: '10.0.1.2' });
    replay.jar.set('sessionid', stolen);
    expect(await me(replay)).toEqual({ is_authenticated: false, id: null });
  });

  it('issues a new session id on login (no session fixation)', async () => {
    const client = createTestClient(server.app, { ip: '10.0.1.3' });
    await client.login('learner@example.com');
    const first = client.jar.get('sessionid');
    await client.login('learner@example.com');
    expect(client.jar.get('sessionid')).not.toBe(first);
  });

  it('answers a wrong password with one clear message and no session', async () => {
    const client = createTestClient(server.app, { ip: '10.0.1.4' });
    const response = await client.post('/api-2.0/auth/login/', {
      email: 'learner@example.com',
      password: 'wrong-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.data).toEqual({
      code: 'invalid_credentials',
      detail: 'There was a problem logging in. Check your email and password or create an account.',
    });
    expect(response.cookies.some((c) => c.name === 'sessionid')).toBe(false);
  });

  it('gives an unknown e-mail the same answer as a wrong password', async () => {
    const client = createTestClient(server.app, { ip: '10.0.1.5' });
    const response = await client.post('/api-2.0/auth/login/', {
      email: 'nobody@example.com',
      password: 'whatever',
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.code).toBe('invalid_credentials');
  });

  it('refuses further attempts with 429 and Retry-After after repeated failures', async () => {
    const client = createTestClient(server.app, { ip: '10.0.1.6' });
    const attempt = (password: string) =>
      client.post('/api-2.0/auth/login/', { email: 'admin@example.com', password });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).statusCode).toBe(400);
    const blocked = await attempt('lectern-demo');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.data.code).toBe('rate_limited');
    expect(blocked.data.detail).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const elsewhere = createTestClient(server.app, { ip: '10.0.1.7' });
    expect((await elsewhere.login('admin@example.com')).statusCode).toBe(200);
  });
});

describe('client addresses and shared limits (design §6)', () => {
  const failLogins = async (
    client: ReturnType<typeof createTestClient>,
    count: number,
    forwardedFor?: () => string,
  ) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await client.post(
        '/api-2.0/auth/login/',
        { email: 'owner@example.com', password: 'wrong' },
        forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor() } } : {},
      );
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('without TRUST_PROXY a spoofed X-Forwarded-For changes nothing: the limit still holds', async () => {
    const client = createTestClient(server.app, { ip: '10.0.2.1' });
    let n = 0;
    const statuses = await failLogins(client, 5, () => `203.0.113.${++n}`);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it('without TRUST_PROXY a spoofed X-Forwarded-For does not reset the sign-up limit either', async () => {
    const client = createTestClient(server.app, { ip: '10.0.2.3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await client.post(
        '/api-2.0/auth/signup/',
        { name: 'x', email: 'bad', password: 'short' },
        { headers: { 'x-forwarded-for': `203.0.113.${100 + i}` } },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });

  it('a burst of concurrent guesses gets no more tries than the limit', async () => {
    // Counting a failure only after the password check would let all of them through.
    const client = createTestClient(server.app, { ip: '10.0.2.4' });
    await client.get('/healthz'); // the CSRF cookie, before the burst
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.post('/api-2.0/auth/login/', { email: 'owner@example.com', password: 'wrong' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });

  it("successful logins do not use up an address's failures (an office behind one address)", async () => {
    const client = createTestClient(server.app, { ip: '10.0.2.5' });
    // More than the address's 10 failures.
    for (let i = 0; i < 12; i++) expect((await client.login('learner@example.com')).statusCode).toBe(200);
    expect(await failLogins(client, 1)).toEqual([400]);
  });

  it('the limits are shared by every instance: a failure counted elsewhere counts here', async () => {
    // Another instance's limiter is another limiter over the same database.
    const first = createTestClient(server.app, { ip: '10.0.2.2' });
    expect(await failLogins(first, 2)).toEqual([400, 400]);
    const elsewhere = createAttemptLimiter(server.db, {
      name: 'login.account',
      max: 3,
      windowMs: 15 * 60 * 1000,
    });
    await elsewhere.record('10.0.2.2|owner@example.com');
    expect(await failLogins(first, 1)).toEqual([429]);
  });
});

describe('TRUST_PROXY', () => {
  let proxied: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    proxied = await startTestServer(
      { trustProxy: ['127.0.0.1'] },
      { authLimits: { loginFailuresPerAccount: 2, loginFailuresPerAddress: 10, signupsPerAddress: 4 } },
    );
  });
  afterAll(() => proxied.stop());

  it("behind a configured proxy the client is the forwarded address: each client's own limit", async () => {
    // inject comes from 127.0.0.1, the trusted proxy, which says who the client is.
    const login = (client: string) =>
      createTestClient(proxied.app, { ip: '127.0.0.1' }).post(
        '/api-2.0/auth/login/',
        { email: 'owner@example.com', password: 'wrong' },
        { headers: { 'x-forwarded-for': client } },
      );
    expect([(await login('198.51.100.1')).statusCode, (await login('198.51.100.1')).statusCode]).toEqual([
      400, 400,
    ]);
    expect((await login('198.51.100.1')).statusCode).toBe(429);
    expect((await login('198.51.100.2')).statusCode).toBe(400);
  });
});
