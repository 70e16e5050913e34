import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_COOKIE_PRODUCTION } from '../http/csrf.js';

const CSRF_COOKIES: ReadonlySet<string> = new Set([CSRF_COOKIE, CSRF_COOKIE_PRODUCTION]);

/** Request headers not passed on to the in-process calls: they describe the page request itself. */
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'content-type',
  'accept',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'cookie',
]);

/** A `fetch` answering from this server in-process, plus the cookies its answers set. */
export interface InProcessFetch {
  fetch: typeof fetch;
  /**
   * The Set-Cookie headers the calls' answers carried, to pass on with the page: the last one
   * of each cookie (calls made in parallel before a cookie existed each set their own). The
   * CSRF token is not among them: the page's own answer hands it out.
   */
  setCookies: () => string[];
}

function cookieHeaderOf(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * The server renderer calls the same HTTP API as the browser, through Fastify's inject (no
 * socket, same handlers, same rules): as the visitor, with their cookies, language and
 * address. A cookie set by one call (a new visitor's id) is sent with the next ones and
 * passed on to the browser with the page, exactly as if the browser had made the calls.
 */
export function inProcessFetch(app: FastifyInstance, page: FastifyRequest): InProcessFetch {
  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (DROPPED_HEADERS.has(name) || value === undefined) continue;
    forwarded[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const jar = new Map(Object.entries(page.cookies).filter((entry): entry is [string, string] => !!entry[1]));
  const setCookies = new Map<string, string>();

  const fetchInProcess = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://in-process');
    const headers: Record<string, string> = { ...forwarded };
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    if (jar.size > 0) headers.cookie = cookieHeaderOf(jar);
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: page.ip,
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) answerHeaders.append(name, item);
    }
    for (const cookie of answerHeaders.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      jar.set(name, pair.slice(separator + 1).trim());
      if (CSRF_COOKIES.has(name)) continue;
      setCookies.delete(name);
      setCookies.set(name, cookie);
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers: answerHeaders,
    });
  };
  return { fetch: fetchInProcess as typeof fetch, setCookies: () => [...setCookies.values()] };
}
