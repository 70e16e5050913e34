import { randomBytes, timingSafeEqual } from 'node:crypto';
import { API_ERROR_CODES } from '@lectern/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on routes that authenticate otherwise (signed webhooks, beacons). */
    csrf?: boolean;
  }
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function setCsrfCookie(reply: FastifyReply, secure: boolean): string {
  const token = randomBytes(24).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false, // the browser app reads it to echo it in the header (double submit)
    maxAge: 60 * 60 * 24 * 365,
  });
  return token;
}

/**
 * Double-submit CSRF defence (design §6): every GET hands out a `csrftoken` cookie, and
 * every unsafe method, login included, must echo it in `X-CSRFToken`. A cross-site page
 * cannot read the cookie, so it cannot forge the header.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookies: boolean }): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (SAFE_METHODS.has(request.method)) {
      if (!cookie) setCsrfCookie(reply, options.secureCookies);
      return;
    }
    if (request.routeOptions.config?.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie) {
      throw new HttpError(
        403,
        API_ERROR_CODES.csrfFailed,
        'CSRF Failed: CSRF cookie not set. Load any page first, then retry.',
      );
    }
    if (typeof header !== 'string' || header.length === 0) {
      throw new HttpError(403, API_ERROR_CODES.csrfFailed, 'CSRF Failed: CSRF token missing.');
    }
    if (!sameToken(header, cookie)) {
      throw new HttpError(403, API_ERROR_CODES.csrfFailed, 'CSRF Failed: CSRF token incorrect.');
    }
  });
}
