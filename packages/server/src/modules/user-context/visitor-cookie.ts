import { randomUUID } from 'node:crypto';
import type { Visiting } from '@lectern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'lectern_visitor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A visit started by this request: every part of its answer (context, assignments) sees one visitor. */
const startedIn = new WeakMap<FastifyRequest, Visiting>();

/**
 * The visitor record lives in a long-lived cookie (`<uuid>.<first visit epoch ms>`) rather
 * than a table: an anonymous page view then costs no database write, and the value is
 * only an analytics identifier, so tampering with it gains nothing.
 */
export function visitingOf(
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
  secure: boolean,
): Visiting {
  const current = existingVisiting(request, now) ?? startedIn.get(request);
  if (current) return current;
  const fresh = { visitor_uuid: randomUUID(), first_visit_time: now.toISOString() };
  startedIn.set(request, fresh);
  reply.setCookie(VISITOR_COOKIE, `${fresh.visitor_uuid}.${now.getTime()}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 2 * 365 * 24 * 60 * 60,
  });
  return fresh;
}

/** The visitor record of a well-formed cookie, or null (absent, malformed, from the future). */
export function existingVisiting(request: FastifyRequest, now: Date): Visiting | null {
  const [uuid = '', firstVisit = ''] = (request.cookies[VISITOR_COOKIE] ?? '').split('.');
  const firstVisitMs = Number(firstVisit);
  if (
    UUID.test(uuid) &&
    Number.isSafeInteger(firstVisitMs) &&
    firstVisitMs > 0 &&
    firstVisitMs <= now.getTime()
  ) {
    return { visitor_uuid: uuid, first_visit_time: new Date(firstVisitMs).toISOString() };
  }
  return null;
}
