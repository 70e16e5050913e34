import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The cookie; in production `__Host-` makes browsers refuse it unless Secure, Path=/ and host-only. */
export const ATTEMPT_PASS_COOKIE = 'dac_attempt';
export const ATTEMPT_PASS_COOKIE_PRODUCTION = '__Host-dac_attempt';
/**
 * How long a device may follow the attempts it paid as a guest: long enough for 3-D Secure, a
 * bank's page and a voucher's first day on the success page; the mailed link does the rest.
 */
export const ATTEMPT_PASS_TTL_MS = 24 * 60 * 60 * 1000;
/** Attempts one cookie names (newest first): a retry after a decline, a second tab. */
const MAX_GRANTS = 4;

/** One payment attempt a device may follow without being signed in to its account. */
export interface AttemptGrant {
  attemptId: string;
  userId: number;
  /**
   * The account's `guest_since` (epoch ms) when this device's submit made the account; null
   * when the account existed before. Only a made account may later be signed in to here.
   */
  madeAt: number | null;
  /** Epoch ms. */
  expiresAt: number;
}

// In the cookie: [attemptId, userId, madeAt (0: none), expiresAt] per grant, as JSON.
const encoded = z
  .array(
    z.tuple([z.string().min(1).max(64), z.number().int().positive(), z.number().int(), z.number().int()]),
  )
  .max(MAX_GRANTS);

/**
 * The guest checkout's attempt pass (decision 0030): a signed, HttpOnly cookie naming the
 * payment attempts this device submitted as a guest. The attempt routes of the guest checkout
 * accept it instead of a session, for those attempts only, so the device that paid can finish
 * its payment (3-D Secure, a bank's page, a voucher) and read its result without being signed
 * in to the account, which may hold other people's purchases until its owner proves the address.
 */
export function createAttemptPasses(options: { secret: string; secureCookies: boolean; now: () => Date }) {
  const cookieName = options.secureCookies ? ATTEMPT_PASS_COOKIE_PRODUCTION : ATTEMPT_PASS_COOKIE;
  const signatureOf = (payload: string) =>
    createHmac('sha256', options.secret).update(`dac-attempt|${payload}`).digest('base64url');

  function read(request: FastifyRequest): AttemptGrant[] {
    const value = request.cookies[cookieName];
    if (!value) return [];
    const [payload, signature, ...rest] = value.split('.');
    if (!payload || !signature || rest.length > 0) return [];
    const expected = Buffer.from(signatureOf(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return [];
    }
    const checked = encoded.safeParse(parsed);
    if (!checked.success) return [];
    const now = options.now().getTime();
    return checked.data
      .map(([attemptId, userId, madeAt, expiresAt]) => ({
        attemptId,
        userId,
        madeAt: madeAt === 0 ? null : madeAt,
        expiresAt,
      }))
      .filter((grant) => grant.expiresAt > now);
  }

  return {
    /** Whether the request carries a live grant for any attempt. */
    hasAny: (request: FastifyRequest): boolean => read(request).length > 0,

    /** The request's live grant for this attempt, or null. */
    grantFor: (request: FastifyRequest, attemptId: string): AttemptGrant | null =>
      read(request).find((grant) => grant.attemptId === attemptId) ?? null,

    /** Adds the attempt to the device's pass (newest first; the oldest beyond the limit are dropped). */
    grant(request: FastifyRequest, reply: FastifyReply, grant: Omit<AttemptGrant, 'expiresAt'>): void {
      const fresh: AttemptGrant = { ...grant, expiresAt: options.now().getTime() + ATTEMPT_PASS_TTL_MS };
      const grants = [fresh, ...read(request).filter((old) => old.attemptId !== grant.attemptId)].slice(
        0,
        MAX_GRANTS,
      );
      const payload = Buffer.from(
        JSON.stringify(grants.map((g) => [g.attemptId, g.userId, g.madeAt ?? 0, g.expiresAt])),
      ).toString('base64url');
      reply.setCookie(cookieName, `${payload}.${signatureOf(payload)}`, {
        path: '/',
        httpOnly: true,
        // Lax: a bank's or lender's page sends the buyer back to the success page with it.
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: Math.floor(ATTEMPT_PASS_TTL_MS / 1000),
      });
    },
  };
}

export type AttemptPasses = ReturnType<typeof createAttemptPasses>;
