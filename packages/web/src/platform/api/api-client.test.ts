import { GENERIC_API_ERROR_MESSAGE } from '@lectern/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, type ApiClientOptions } from './api-client';
import { ApiError } from './api-error';
import { serializeQuery } from './query-string';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake fetch that answers from a queue of responses and records each call. */
function fakeFetch(...answers: Array<Response | ((init: RequestInit) => Promise<Response>)>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const answer = answers.shift() ?? json({});
    return typeof answer === 'function' ? answer(init) : answer;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function client(fetch: typeof globalThis.fetch, options: Partial<ApiClientOptions> = {}): ApiClient {
  return new ApiClient({ fetch, cookies: () => '', navigatorLanguage: () => 'en-GB', ...options });
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ApiClient paths and bases', () => {
  it('roots paths at /api-2.0 by default and at the site root on request', async () => {
    const { fetch, calls } = fakeFetch(json({ a: 1 }), json({ b: 2 }));
    const api = client(fetch);
    await expect(api.get('/contexts/me/')).resolves.toEqual({ a: 1 });
    await api.post('/payment/charge/', { x: 1 }, { base: 'root' });
    expect(calls.map((call) => call.url)).toEqual(['/api-2.0/contexts/me/', '/payment/charge/']);
  });

  it('refuses paths without a trailing slash or with a double slash outside production', async () => {
    const { fetch, calls } = fakeFetch();
    const api = client(fetch);
    await expect(api.get('/contexts/me')).rejects.toThrow(/must end with "\/"/);
    await expect(api.get('//contexts/me/')).rejects.toThrow(/must not contain "\/\/"/);
    expect(calls).toHaveLength(0);
  });

  it('lets such paths through when path checks are off (production)', async () => {
    const { fetch, calls } = fakeFetch();
    await client(fetch, { checkPaths: false }).get('/contexts/me');
    expect(calls[0]?.url).toBe('/api-2.0/contexts/me');
  });
});

describe('ApiClient headers', () => {
  it('sends the default headers and no CSRF token on GET', async () => {
    const { fetch, calls } = fakeFetch();
    await client(fetch, { cookies: () => 'csrftoken=tok123' }).get('/courses/');
    // en-GB is read as the English we speak, en-US: the locale the page is shown in.
    expect(headersOf(calls[0])).toEqual({ 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': 'en-US' });
    expect(calls[0]?.init.credentials).toBe('same-origin');
  });

  it("sends production's __Host-csrftoken when it is there", async () => {
    const { fetch, calls } = fakeFetch(json({}));
    await client(fetch, { cookies: () => 'csrftoken=old; __Host-csrftoken=prod123' }).post('/x/', {});
    expect(headersOf(calls[0])['X-CSRFToken']).toBe('prod123');
  });

  it('sends the CSRF cookie as X-CSRFToken on unsafe methods', async () => {
    const { fetch, calls } = fakeFetch(json({}), json({}), json({}), json({}));
    const api = client(fetch, { cookies: () => 'other=1; csrftoken=tok123' });
    await api.post('/auth/login/', { email: 'a@b.co' });
    await api.put('/x/', {});
    await api.patch('/users/me/', { time_zone: 'UTC' });
    await api.delete('/x/');
    for (const call of calls) expect(headersOf(call)['X-CSRFToken']).toBe('tok123');
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.co"}');
  });

  it('takes Accept-Language from the ud_locale cookie before the browser language', async () => {
    const { fetch, calls } = fakeFetch();
    await client(fetch, { cookies: () => 'ud_locale=pt_BR' }).get('/courses/');
    expect(headersOf(calls[0])['Accept-Language']).toBe('pt-BR');
  });

  it("asks for the browser's most preferred language we speak when there is no locale cookie", async () => {
    const { fetch, calls } = fakeFetch();
    const api = client(fetch, { navigatorLanguage: () => ['fr-FR', 'es-MX', 'en'] });
    await api.get('/courses/');
    expect(headersOf(calls[0])['Accept-Language']).toBe('es-ES');
    expect(api.locale()).toBe('es-ES');
  });

  it('turns ud_cache_* cookies into headers', async () => {
    const { fetch, calls } = fakeFetch();
    await client(fetch, { cookies: () => 'ud_cache_price_country=BR; ud_cache_brand=US; ud_other=1' }).get(
      '/x/',
    );
    expect(headersOf(calls[0])).toMatchObject({ 'X-Ud-Cache-Price-Country': 'BR', 'X-Ud-Cache-Brand': 'US' });
    expect(Object.keys(headersOf(calls[0]))).not.toContain('X-Ud-Other');
  });

  it('lets callers add headers', async () => {
    const { fetch, calls } = fakeFetch();
    await client(fetch).get('/x/', { headers: { 'If-Match': 'etag-1' } });
    expect(headersOf(calls[0])['If-Match']).toBe('etag-1');
  });
});

describe('ApiClient.request', () => {
  it('answers with status and headers besides the body, and sends the body as JSON', async () => {
    const { fetch, calls } = fakeFetch(
      new Response(JSON.stringify({ ok: true }), { status: 201, headers: { ETag: '"v2"' } }),
    );
    const answer = await client(fetch, { cookies: () => 'csrftoken=tok' }).request<{ ok: boolean }>(
      'POST',
      '/shopping-carts/me/cart/',
      { body: { a: 1 }, headers: { 'If-Match': '"v1"' }, params: { x: 1 } },
    );
    expect(answer.data).toEqual({ ok: true });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('etag')).toBe('"v2"');
    expect(calls[0]?.url).toBe('/api-2.0/shopping-carts/me/cart/?x=1');
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(headersOf(calls[0])).toMatchObject({ 'If-Match': '"v1"', 'X-CSRFToken': 'tok' });
  });

  it('rejects with ApiError on an error status', async () => {
    const { fetch } = fakeFetch(json({ detail: 'Stale', code: 'precondition_failed' }, 412));
    await expect(client(fetch).request('DELETE', '/x/')).rejects.toMatchObject({ statusCode: 412 });
  });
});

describe('query serialisation', () => {
  it('uses brackets for arrays, ISO strings for dates and JSON for objects', () => {
    const query = serializeQuery({
      codes: ['A', 'B'],
      since: new Date(Date.UTC(2025, 0, 2, 3, 4, 5)),
      filter: { level: 'BEGINNER' },
      page: 2,
      flag: true,
      skipped: undefined,
      none: null,
    });
    expect(query).toBe(
      'codes[]=A&codes[]=B&since=2025-01-02T03%3A04%3A05.000Z&filter=%7B%22level%22%3A%22BEGINNER%22%7D&page=2&flag=true',
    );
  });

  it('appends params to the URL', async () => {
    const { fetch, calls } = fakeFetch();
    await client(fetch).get('/courses/', { params: { page: 1, page_size: 12 } });
    expect(calls[0]?.url).toBe('/api-2.0/courses/?page=1&page_size=12');
  });
});

describe('ApiClient failures', () => {
  it('parses an error answer into an ApiError with status, body and detail', async () => {
    const body = { detail: 'Wrong password', code: 'invalid_credentials' };
    const { fetch } = fakeFetch(json(body, 400));
    const error = await client(fetch)
      .post('/auth/login/', {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ isParsedError: true, statusCode: 400, body, detail: 'Wrong password' });
    expect((error as ApiError).code).toBe('invalid_credentials');
  });

  it('exposes field errors', async () => {
    const body = { detail: 'Invalid', code: 'validation_error', field_errors: { email: ['Taken.'] } };
    const { fetch } = fakeFetch(json(body, 400));
    const error = (await client(fetch)
      .post('/auth/signup/', {})
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.fieldErrors).toEqual({ email: ['Taken.'] });
  });

  it('keeps a non-JSON error body as text and uses the generic detail', async () => {
    const { fetch } = fakeFetch(new Response('Bad gateway', { status: 502 }));
    const error = await client(fetch)
      .get('/x/')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      isParsedError: true,
      statusCode: 502,
      body: 'Bad gateway',
      detail: GENERIC_API_ERROR_MESSAGE,
    });
  });

  it('reports a network failure without a response', async () => {
    const failure = new TypeError('Failed to fetch');
    const { fetch } = fakeFetch(() => Promise.reject(failure));
    const error = await client(fetch)
      .get('/x/')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      isParsedError: false,
      kind: 'network',
      detail: GENERIC_API_ERROR_MESSAGE,
      originalError: failure,
      statusCode: undefined,
    });
  });

  it('gives up after 60 seconds', async () => {
    vi.useFakeTimers();
    const { fetch } = fakeFetch(hangUntilAborted);
    const pending = client(fetch)
      .get('/slow/')
      .catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(59_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ isParsedError: false, kind: 'timeout' });
  });

  it("stops when the caller's signal aborts", async () => {
    const { fetch } = fakeFetch(hangUntilAborted);
    const controller = new AbortController();
    const pending = client(fetch)
      .get('/slow/', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    controller.abort();
    expect(await pending).toMatchObject({ isParsedError: false, kind: 'aborted' });
  });

  it('answers an empty 204 with undefined', async () => {
    const { fetch } = fakeFetch(new Response(null, { status: 204 }));
    await expect(client(fetch).post('/auth/logout/')).resolves.toBeUndefined();
  });
});

describe('ApiClient GET cache', () => {
  it('does not cache unless asked', async () => {
    const { fetch, calls } = fakeFetch(json(1), json(2));
    const api = client(fetch);
    expect(await api.get('/x/')).toBe(1);
    expect(await api.get('/x/')).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('keys the cache by URL and params and expires it after one hour by default', async () => {
    let now = 0;
    const { fetch, calls } = fakeFetch(json('p1'), json('p2'), json('p1 again'));
    const api = client(fetch, { now: () => now });
    expect(await api.get('/x/', { params: { p: 1 }, cache: true })).toBe('p1');
    expect(await api.get('/x/', { params: { p: 2 }, cache: true })).toBe('p2');
    now = 60 * 60 * 1000 - 1;
    expect(await api.get('/x/', { params: { p: 1 }, cache: true })).toBe('p1');
    expect(calls).toHaveLength(2);
    now = 60 * 60 * 1000;
    expect(await api.get('/x/', { params: { p: 1 }, cache: true })).toBe('p1 again');
  });

  it('honours a custom expiry and forgets failures', async () => {
    let now = 0;
    const { fetch, calls } = fakeFetch(json({ detail: 'x', code: 'internal_error' }, 500), json('ok'));
    const api = client(fetch, { now: () => now });
    await expect(api.get('/x/', { cache: { maxAgeMs: 10 } })).rejects.toBeInstanceOf(ApiError);
    expect(await api.get('/x/', { cache: { maxAgeMs: 10 } })).toBe('ok');
    now = 9;
    expect(await api.get('/x/', { cache: { maxAgeMs: 10 } })).toBe('ok');
    expect(calls).toHaveLength(2);
  });

  it('can be cleared', async () => {
    const { fetch, calls } = fakeFetch(json(1), json(2));
    const api = client(fetch);
    await api.get('/x/', { cache: true });
    api.clearCache();
    expect(await api.get('/x/', { cache: true })).toBe(2);
    expect(calls).toHaveLength(2);
  });
});

describe('ApiClient.getAllPages', () => {
  it('follows next and concatenates results', async () => {
    const { fetch, calls } = fakeFetch(
      json({ count: 3, next: 'http://localhost:3000/api-2.0/courses/?page=2', results: [1, 2] }),
      json({ count: 3, next: '/api-2.0/courses/?page=3', results: [3] }),
      json({ count: 3, next: null, results: [] }),
    );
    await expect(client(fetch).getAllPages<number>('/courses/')).resolves.toEqual([1, 2, 3]);
    expect(calls.map((call) => call.url)).toEqual([
      '/api-2.0/courses/',
      '/api-2.0/courses/?page=2',
      '/api-2.0/courses/?page=3',
    ]);
  });
});

function hangUntilAborted(init: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });
}
