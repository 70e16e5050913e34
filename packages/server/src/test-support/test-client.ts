import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestResponse extends LightMyRequestResponse {
  /** The JSON body, parsed. */
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A browser-like client over Fastify's inject: it keeps cookies between calls and echoes
 * the CSRF cookie in X-CSRFToken on unsafe methods, as the web app does.
 */
export function createTestClient(app: FastifyInstance, options: { ip?: string } = {}) {
  const jar = new Map<string, string>();

  async function request(
    method: Method,
    url: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; csrf?: boolean; rawBody?: string } = {},
  ): Promise<TestResponse> {
    if (method !== 'GET' && extra.csrf !== false && !jar.has('csrftoken')) await request('GET', '/healthz');
    const headers: Record<string, string> = { ...extra.headers };
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET' && extra.csrf !== false && jar.has('csrftoken'))
      headers['x-csrftoken'] = jar.get('csrftoken')!;
    const injectOptions: InjectOptions = { method, url, headers, remoteAddress: options.ip ?? '127.0.0.1' };
    if (extra.rawBody !== undefined) {
      injectOptions.payload = extra.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      injectOptions.payload = body as InjectOptions['payload'];
    }
    const response = await app.inject(injectOptions);
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    let data: unknown = undefined;
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    if (isJson && response.body && !response.headers['content-encoding']) data = response.json();
    return Object.assign(response, { data });
  }

  return {
    jar,
    get: (url: string, extra?: Parameters<typeof request>[3]) => request('GET', url, undefined, extra),
    post: (url: string, body?: unknown, extra?: Parameters<typeof request>[3]) =>
      request('POST', url, body, extra),
    patch: (url: string, body?: unknown, extra?: Parameters<typeof request>[3]) =>
      request('PATCH', url, body, extra),
    put: (url: string, body?: unknown, extra?: Parameters<typeof request>[3]) =>
      request('PUT', url, body, extra),
    delete: (url: string, extra?: Parameters<typeof request>[3]) => request('DELETE', url, undefined, extra),
    async login(email: string, password = 'lectern-demo') {
      const response = await request('POST', '/api-2.0/auth/login/', { email, password });
      if (response.statusCode !== 200)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response;
    },
  };
}

export type TestClient = ReturnType<typeof createTestClient>;
