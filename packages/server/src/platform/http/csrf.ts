import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_ERROR_CODES } from '@lectern/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

export const CSRF_COOKIE = 'csrftoken';
/** Production's name: the `__Host-` prefix makes browsers refuse it unless Secure, Path=/ and host-only. */
export const CSRF_COOKIE_PRODUCTION = '__Host-csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on routes that authenticate otherwise (signed webhooks, beacons). */
    csrf?: boolean;
  }
}

export interface CsrfOptions {
  secureCookies: boolean;
  /** Signs tokens (SECRET_KEY): the same on every instance, so each accepts the others' tokens. */
  secret: string;
  /** Origins whose pages may send unsafe requests (PUBLIC_URL's, and its loopback twin on a laptop). */
  trustedOrigins: readonly string[];
  /** Outside production: any loopback origin too (the Vite dev server's port). */
  trustLoopback: boolean;
}

const forbidden = (detail: string) =>
  new HttpError(403, API_ERROR_CODES.csrfFailed, `CSRF Failed: ${detail}`);

/** Whether the request carries any cookie, whichever (a session's, the visitor's, the token's). */
const sendsCookies = (request: FastifyRequest): boolean => {
  const header = request.headers.cookie;
  return typeof header === 'string' && header.trim() !== '';
};

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * CSRF defence (design §6), three layers:
 * - double submit: every GET hands out a token cookie, and every unsafe method, login
 *   included, must echo it in `X-CSRFToken`; a cross-site page can neither read the cookie
 *   nor set the header;
 * - signed tokens (`<nonce>.<HMAC(SECRET_KEY, nonce)>`): a cookie planted by a sibling
 *   domain or an old session's unsigned value is refused, and every instance accepts every
 *   other's tokens;
 * - the `Origin` (else `Referer`) of an unsafe request must be this site's, as Django checks.
 *   A request with neither (a non-browser client) still needs the token when it sends cookies.
 * A request that sends no cookie at all (an API client, a GraphQL tool) needs no token: a forgery
 * rides on the cookies a browser adds by itself, and without any there is no session or visitor
 * to act as, only what the sender could ask for directly. Any cookie, a session's or not, brings
 * the token back into force, and a cross-site `Origin` is refused whatever the cookies (decision
 * 0035).
 * In production the cookie is `__Host-csrftoken` (Secure, Path=/, no Domain).
 */
export function registerCsrf(app: FastifyInstance, options: CsrfOptions): void {
  const cookieName = options.secureCookies ? CSRF_COOKIE_PRODUCTION : CSRF_COOKIE;
  const signatureOf = (nonce: string) =>
    createHmac('sha256', options.secret).update(`csrf|${nonce}`).digest('base64url').slice(0, 32);
  const isSigned = (token: string) => {
    const [nonce, signature, ...rest] = token.split('.');
    return rest.length === 0 && !!nonce && !!signature && sameText(signature, signatureOf(nonce));
  };
  const trusted = new Set(options.trustedOrigins);
  const isTrustedOrigin = (origin: string) => {
    if (trusted.has(origin)) return true;
    if (!options.trustLoopback) return false;
    try {
      return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);
    } catch {
      return false;
    }
  };
  const sourceOf = (request: FastifyRequest): string | null => {
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== '') return origin;
    const referer = request.headers.referer;
    if (typeof referer !== 'string' || referer === '') return null;
    try {
      return new URL(referer).origin;
    } catch {
      return 'null';
    }
  };

  const issue = (reply: FastifyReply) => {
    const nonce = randomBytes(18).toString('base64url');
    reply.setCookie(cookieName, `${nonce}.${signatureOf(nonce)}`, {
      path: '/',
      sameSite: 'lax',
      secure: options.secureCookies,
      httpOnly: false, // the browser app reads it to echo it in the header (double submit)
      maxAge: 60 * 60 * 24 * 365,
    });
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[cookieName];
    if (SAFE_METHODS.has(request.method)) {
      if (!cookie || !isSigned(cookie)) issue(reply);
      return;
    }
    if (request.routeOptions.config?.csrf === false) return;
    const source = sourceOf(request);
    if (source !== null && !isTrustedOrigin(source)) {
      throw forbidden(`Origin checking failed - ${source.slice(0, 100)} does not match any trusted origins.`);
    }
    if (!sendsCookies(request)) return;
    if (!cookie) throw forbidden('CSRF cookie not set. Load any page first, then retry.');
    const header = request.headers[CSRF_HEADER];
    if (typeof header !== 'string' || header.length === 0) throw forbidden('CSRF token missing.');
    if (!sameText(header, cookie) || !isSigned(cookie)) throw forbidden('CSRF token incorrect.');
  });
}
