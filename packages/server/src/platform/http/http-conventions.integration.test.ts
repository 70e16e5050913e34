import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../app.js';
import { STAND_IN_ASSET, standInWebApp } from '../../test-support/stand-in-web-app.js';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

// A stand-in build of the web app, so page serving is tested without running Vite.
const webDist = standInWebApp();

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ webDistDir: webDist, metrics: { port: null, token: METRICS_TOKEN } });
});
afterAll(() => server.stop());

describe('API path rules (platform §5)', () => {
  it('rejects a path without the trailing slash with a clear 400', async () => {
    const response = await createTestClient(server.app).get('/api-2.0/contexts/me');
    expect(response.statusCode).toBe(400);
    expect(response.data).toEqual({
      code: 'invalid_path',
      detail: 'API path "/api-2.0/contexts/me" must end with "/".',
    });
  });

  it('rejects a double slash', async () => {
    const response = await createTestClient(server.app).get('/api-2.0//contexts/me/');
    expect(response.statusCode).toBe(400);
    expect(response.data.detail).toMatch(/must not contain "\/\/"/);
  });

  it('answers unknown API paths with the JSON 404 contract', async () => {
    const response = await createTestClient(server.app).get('/api-2.0/no-such-thing/');
    expect(response.statusCode).toBe(404);
    expect(response.data).toEqual({ detail: 'Not found.', code: 'not_found' });
  });
});

describe('the error contract for bad input', () => {
  it('answers malformed JSON with 400 and changes nothing', async () => {
    const client = createTestClient(server.app);
    const response = await client.post('/api-2.0/auth/signup/', undefined, { rawBody: '{"email": ' });
    expect(response.statusCode).toBe(400);
    expect(response.data).toEqual({ code: 'malformed_json', detail: 'The request body is not valid JSON.' });
  });

  it('answers wrong types with field errors, never a 500', async () => {
    const client = createTestClient(server.app);
    const response = await client.post('/api-2.0/auth/login/', { email: 42, password: ['x'] });
    expect(response.statusCode).toBe(400);
    expect(response.data.code).toBe('validation_error');
    expect(Object.keys(response.data.field_errors).sort()).toEqual(['email', 'password']);
  });

  it('answers unknown fields with a field error', async () => {
    const client = createTestClient(server.app);
    const response = await client.post('/api-2.0/auth/login/', {
      email: 'a@example.com',
      password: 'x',
      remember: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.field_errors).toEqual({ remember: ['Unknown field.'] });
  });

  it('refuses oversized bodies with 413', async () => {
    const client = createTestClient(server.app);
    const huge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(BODY_LIMIT_BYTES) });
    const response = await client.post('/api-2.0/auth/login/', undefined, { rawBody: huge });
    expect(response.statusCode).toBe(413);
    expect(response.data.code).toBe('payload_too_large');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const client = createTestClient(server.app);
    const response = await client.post('/api-2.0/auth/login/', undefined, {
      rawBody: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.data.code).toBe('unsupported_media_type');
  });
});

const METRICS_TOKEN = 'conventions-test-metrics-token';

describe('CSRF double submit', () => {
  it('sets the csrftoken cookie on any GET', async () => {
    const client = createTestClient(server.app);
    await client.get('/healthz');
    // A nonce and its signature (SECRET_KEY), so a planted or an old unsigned value is refused.
    expect(client.jar.get('csrftoken')).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{32}$/);
  });

  it('refuses an unsigned token even when header and cookie agree (a planted cookie), and replaces it on a GET', async () => {
    const client = createTestClient(server.app);
    client.jar.set('csrftoken', 'planted-by-a-sibling-domain-0000');
    const response = await client.post('/api-2.0/auth/login/', {
      email: 'learner@example.com',
      password: 'lectern-demo',
    });
    expect(response.statusCode).toBe(403);
    expect(response.data).toEqual({ code: 'csrf_failed', detail: 'CSRF Failed: CSRF token incorrect.' });
    await client.get('/healthz');
    expect(client.jar.get('csrftoken')).not.toBe('planted-by-a-sibling-domain-0000');
    expect((await client.login('learner@example.com')).statusCode).toBe(200);
  });

  it("checks Origin, else Referer, against this site's on unsafe requests", async () => {
    const client = createTestClient(server.app);
    const login = (headers: Record<string, string>) =>
      client.post(
        '/api-2.0/auth/login/',
        { email: 'learner@example.com', password: 'lectern-demo' },
        { headers },
      );
    const crossSite = await login({ origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.data.detail).toBe(
      'CSRF Failed: Origin checking failed - https://evil.example does not match any trusted origins.',
    );
    expect((await login({ referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await login({ origin: 'null' })).statusCode).toBe(403);
    expect((await login({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
  });

  it('tokens of one instance are accepted by another with the same SECRET_KEY', async () => {
    const other = await startTestServer();
    try {
      const client = createTestClient(server.app);
      await client.get('/healthz');
      const token = client.jar.get('csrftoken')!;
      const elsewhere = createTestClient(other.app);
      elsewhere.jar.set('csrftoken', token);
      expect((await elsewhere.login('learner@example.com')).statusCode).toBe(200);
      expect(elsewhere.jar.get('csrftoken')).toBe(token);
    } finally {
      await other.stop();
    }
  });

  it('refuses an unsafe method without the token, login included', async () => {
    const client = createTestClient(server.app);
    await client.get('/healthz');
    const response = await client.post(
      '/api-2.0/auth/login/',
      { email: 'learner@example.com', password: 'lectern-demo' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.data).toEqual({ code: 'csrf_failed', detail: 'CSRF Failed: CSRF token missing.' });
    expect(response.cookies.some((c) => c.name === 'sessionid')).toBe(false);
  });

  it('lets an unsafe request that sends no cookie at all through without a token (an API client)', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api-2.0/auth/login/',
      payload: { email: 'learner@example.com', password: 'lectern-demo' },
      remoteAddress: '10.69.0.1',
    });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.cookies.find((cookie) => cookie.name === 'sessionid')!;
    // Once it carries the session's cookie, the token is required again.
    const withSession = await server.app.inject({
      method: 'POST',
      url: '/api-2.0/auth/logout/',
      headers: { cookie: `sessionid=${session.value}` },
      remoteAddress: '10.69.0.1',
    });
    expect(withSession.statusCode).toBe(403);
    expect(withSession.json()).toEqual({
      code: 'csrf_failed',
      detail: 'CSRF Failed: CSRF cookie not set. Load any page first, then retry.',
    });
  });

  it('needs the token from a request with any cookie, and refuses a cross-site Origin without one', async () => {
    const login = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/api-2.0/auth/login/',
        headers,
        payload: { email: 'learner@example.com', password: 'lectern-demo' },
        remoteAddress: '10.69.0.2',
      });
    const withAnyCookie = await login({ cookie: 'visitor_uuid=3f1c0e4a' });
    expect(withAnyCookie.statusCode).toBe(403);
    expect(withAnyCookie.json().detail).toBe(
      'CSRF Failed: CSRF cookie not set. Load any page first, then retry.',
    );
    const crossSite = await login({ origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().detail).toBe(
      'CSRF Failed: Origin checking failed - https://evil.example does not match any trusted origins.',
    );
    expect(crossSite.cookies.some((cookie) => cookie.name === 'sessionid')).toBe(false);
  });

  it('refuses a token that does not match the cookie', async () => {
    const client = createTestClient(server.app);
    await client.get('/healthz');
    const response = await client.post(
      '/api-2.0/auth/login/',
      { email: 'learner@example.com', password: 'lectern-demo' },
      { csrf: false, headers: { 'x-csrftoken': 'forged-token-value-000000' } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.data.detail).toBe('CSRF Failed: CSRF token incorrect.');
  });
});

describe('answers about the caller are never kept by shared caches', () => {
  it('every API answer, the course list and detail (is_enrolled) included, is private, no-store and varies by Cookie', async () => {
    const client = createTestClient(server.app);
    await client.login('learner@example.com');
    for (const path of [
      '/api-2.0/courses/',
      '/api-2.0/courses/1/',
      '/api-2.0/users/me/subscribed-courses/',
      '/api-2.0/contexts/me/',
      '/api-2.0/shopping-carts/me/',
      '/api-2.0/course-categories/',
      '/api-2.0/courses/999999/',
    ]) {
      const response = await client.get(path);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
      expect(String(response.headers.vary), path).toMatch(/\bCookie\b/);
    }
  });
});

describe('operational endpoints and headers', () => {
  it('reports liveness and readiness', async () => {
    const client = createTestClient(server.app);
    expect((await client.get('/healthz')).data).toEqual({ status: 'ok' });
    expect((await client.get('/readyz')).data).toEqual({ status: 'ready' });
  });

  it('exports Prometheus metrics on the public port only to a scraper with METRICS_TOKEN', async () => {
    const client = createTestClient(server.app);
    await client.get('/healthz');
    const response = await client.get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toContain('route="/healthz"');
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token' },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of attempts) {
      const refused = await client.get('/metrics', { headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.data).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('serves /metrics on METRICS_PORT, a listener of its own, and not on the public port without a token', async () => {
    const separate = await startTestServer({ port: 0, host: '127.0.0.1', metrics: { port: 0, token: null } });
    try {
      const url = await separate.listen();
      expect((await fetch(`${url}/metrics`)).status).toBe(404);
      const metrics = await fetch(`http://127.0.0.1:${separate.metricsAddress()}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('process_cpu_user_seconds_total');
      expect((await fetch(`http://127.0.0.1:${separate.metricsAddress()}/other`)).status).toBe(404);
    } finally {
      await separate.stop();
    }
  });

  it('sends a strict CSP and echoes or assigns a request id', async () => {
    const client = createTestClient(server.app);
    const response = await client.get('/healthz', { headers: { 'x-request-id': 'trace-abc-12345' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('nonce-'); // only HTML documents carry a nonce
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('trace-abc-12345');
    const assigned = await client.get('/healthz');
    expect(assigned.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses large responses', async () => {
    const client = createTestClient(server.app);
    const response = await client.get('/api-2.0/courses/?page_size=50', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(body.results).toHaveLength(50);
  });
});

describe('serving the web app', () => {
  it('answers known pages with a rendered document and a fresh CSP nonce', async () => {
    const client = createTestClient(server.app);
    const first = await client.get('/join/login-popup/');
    const second = await client.get('/join/login-popup/');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    const nonce = /content="([^"]+)"/.exec(first.body)?.[1];
    expect(nonce).toMatch(/^[a-f0-9]{32}$/);
    expect(String(first.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    expect(second.body).not.toContain(nonce!);
  });

  it('shares an anonymous page between requests that send nothing personal, each with its own nonce', async () => {
    const page = (cookie?: string) =>
      server.app.inject({ method: 'GET', url: '/courses/development/', headers: cookie ? { cookie } : {} });
    const nonceOf = (body: string) => /content="([^"]+)"/.exec(body)?.[1];
    const first = await page('ud_locale=en-US');
    const second = await page('ud_locale=en-US');
    expect(first.headers['x-lectern-page-cache']).toBe('miss');
    expect(second.headers['x-lectern-page-cache']).toBe('hit');
    expect(nonceOf(second.body)).toMatch(/^[a-f0-9]{32}$/);
    expect(nonceOf(second.body)).not.toBe(nonceOf(first.body));
    expect(String(second.headers['content-security-policy'])).toContain(`'nonce-${nonceOf(second.body)}'`);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    // Any cookie of the visitor's own (a session, a visitor id, a cart) is never served a shared page.
    const personal = await page('ud_locale=en-US; sessionid=abc');
    expect(personal.headers['x-lectern-page-cache']).toBe('none');
  });

  it('answers a page whose path starts like an API path with the page, loaded directly', async () => {
    const client = createTestClient(server.app);
    for (const path of [
      '/payment/checkout-personal-plan/?option=personal-monthly',
      '/payment/checkout-teamplan/',
    ]) {
      const response = await client.get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
    // The API next to them keeps its JSON 404.
    const api = await client.get('/payment/checkout-nothing/');
    expect(api.statusCode).toBe(404);
    expect(api.data).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('answers unknown pages with a rendered document and status 404', async () => {
    const response = await createTestClient(server.app).get('/no/such/page/');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('redirects a page path without its trailing slash, never off-site', async () => {
    const client = createTestClient(server.app);
    const response = await client.get('/join/login-popup?next=/cart/');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/join/login-popup/?next=/cart/');
    const sneaky = await client.get('//evil.example/path');
    expect(sneaky.headers.location).toBe('/evil.example/path/');
    // Browsers read a backslash as a slash: "/\evil.example" must not become "//evil.example".
    for (const url of ['/%5Cevil-example/path', '/%5c%5cevil-example/x', '/course%5C%5Cevil-example']) {
      const backslash = await client.get(url);
      expect(backslash.statusCode, url).toBe(301);
      expect(backslash.headers.location, url).toMatch(/^\/(?![/\\])/);
      expect(String(backslash.headers.location), url).not.toMatch(/\\|%5c/i);
    }
  });

  it('caches fingerprinted assets for a year', async () => {
    const response = await createTestClient(server.app).get(STAND_IN_ASSET);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('in production', () => {
  it('names the CSRF cookie __Host-csrftoken: Secure, Path=/, no Domain', async () => {
    const production = await startTestServer({
      env: 'production',
      isProduction: true,
      seedDemoData: false,
    });
    try {
      const response = await createTestClient(production.app).get('/healthz');
      const cookie = response.cookies.find((c) => c.name === '__Host-csrftoken');
      expect(cookie).toMatchObject({ path: '/', secure: true });
      expect(cookie).not.toHaveProperty('domain');
      expect(response.cookies.some((c) => c.name === 'csrftoken')).toBe(false);
    } finally {
      await production.stop();
    }
  });

  it('serves API paths without the trailing slash instead of rejecting them', async () => {
    const production = await startTestServer({ env: 'production', isProduction: true, seedDemoData: false });
    try {
      const response = await createTestClient(production.app).get('/api-2.0/contexts/me');
      expect(response.statusCode).toBe(200);
      expect(response.data.me).toEqual({ is_authenticated: false, id: null });
    } finally {
      await production.stop();
    }
  });
});
