import qs from 'qs';
import type { Sandbox } from '../sandbox.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  // Tests read whatever the sandbox answered.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A raw HTTP client for the sandbox's wire format (for tests of the sandbox itself). */
export function sandboxApi(sandbox: Sandbox, key: string = sandbox.secretKey) {
  async function request(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse> {
    const encoded = params ? qs.stringify(params, { encodeValuesOnly: true }) : '';
    const url = `${sandbox.url}${path}${method !== 'POST' && encoded ? `?${encoded}` : ''}`;
    const response = await fetch(url, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(method === 'POST' ? { body: encoded } : {}),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (pages)
    }
    return { status: response.status, headers: response.headers, body };
  }
  return {
    get: (path: string, params?: Record<string, unknown>, headers?: Record<string, string>) =>
      request('GET', path, params, headers),
    post: (path: string, params?: Record<string, unknown>, headers?: Record<string, string>) =>
      request('POST', path, params, headers),
    delete: (path: string) => request('DELETE', path),
    /** Answers a hosted page the way its buttons do. */
    async answer(pageUrl: string, verdict: string): Promise<ApiResponse> {
      const action = new URL(pageUrl).pathname.split('/').pop();
      const response = await fetch(`${sandbox.url}/hosted/api/actions/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ verdict }),
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    },
  };
}

export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
