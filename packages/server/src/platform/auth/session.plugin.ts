import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notAuthenticated } from '../http/http-error.js';
import { SESSION_TTL_MS, type SessionStore } from './session-store.js';

export const SESSION_COOKIE = 'sessionid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor. Resolved once per request. */
    userId: number | null;
  }
  interface FastifyContextConfig {
    /** `user`: signed-in users only; a visitor gets 401 before the body is read or validated. */
    auth?: 'user';
  }
}

/** Route config of the routes only signed-in users may call (`{ config: SIGNED_IN }`). */
export const SIGNED_IN = { auth: 'user' } as const;

/**
 * Resolves the session cookie into `request.userId` before any route runs. A stale or
 * unknown cookie is cleared so the browser stops sending it.
 */
export function registerSessions(
  app: FastifyInstance,
  options: { store: SessionStore; secureCookies: boolean },
): void {
  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await options.store.resolve(token);
    if (session) {
      request.userId = session.userId;
    } else {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
  });
  // Authentication comes first: a visitor learns nothing about a body's validity (design §6).
  app.addHook('preParsing', async (request) => {
    if (request.routeOptions.config?.auth === 'user' && request.userId === null) throw notAuthenticated();
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user's id, or a 401 in the error contract. */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId === null) throw notAuthenticated();
  return request.userId;
}
