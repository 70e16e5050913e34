import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { createExpiringCache } from '../cache/expiring-cache.js';
import type { Database, DatabaseHandle } from '../db/database.js';
import { sessions } from './sessions.tables.js';

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
// Sliding expiry is refreshed at most this often, so a busy user does not cost a write per request.
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

export interface ActiveSession {
  id: string;
  userId: number;
  expiresAt: Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Where a deleted session's id is announced (migration 0004's trigger on `sessions`). */
export const SESSION_REVOKED_CHANNEL = 'lectern_session_revoked';
/**
 * Live sessions this instance has read, kept while revocations are being received (decision
 * 0013). The TTL only bounds memory and how late a sliding-expiry refresh may come: a deleted
 * session leaves the cache when its deletion is announced, not when the TTL ends.
 */
const CACHE = { ttlMs: 5 * 60 * 1000, maxEntries: 50_000 };

export function createSessionStore(db: Database, now: () => Date = () => new Date()) {
  // Runs on every request with a cookie: prepared once, planned once per connection.
  const findLive = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_find_live');

  const cache = createExpiringCache<string, ActiveSession>(CACHE);
  // Sessions are kept only while every deletion reaches this instance (`watchRevocations`).
  let cacheLive = false;
  // Bumped by every revocation: a read that overlapped one is not kept (it may be the one revoked).
  let revocations = 0;

  return {
    /**
     * Keeps resolved sessions in this instance's cache, dropping each the moment any instance
     * (or anyone with SQL) deletes it, and all of them whenever announcements may have been
     * missed. Without it every request reads its session from the database.
     */
    watchRevocations(listen: DatabaseHandle['listen']): Promise<() => Promise<void>> {
      return listen(
        SESSION_REVOKED_CHANNEL,
        (id) => {
          revocations += 1;
          cache.delete(id);
        },
        (live) => {
          revocations += 1;
          cache.clear();
          cacheLive = live;
        },
      );
    },

    /**
     * Starts a session and returns the token for the cookie; written with `writer` when given (a
     * caller's transaction that checked, under a lock, that this user may have one).
     */
    async create(
      userId: number,
      userAgent: string | undefined,
      writer: Database = db,
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      await writer.insert(sessions).values({
        id: hashToken(token),
        userId,
        expiresAt,
        userAgent: userAgent?.slice(0, 512) ?? null,
      });
      return { token, expiresAt };
    },

    /** The live session for a cookie token, or null; extends it when it is getting old. */
    async resolve(token: string): Promise<ActiveSession | null> {
      const id = hashToken(token);
      const current = now();
      if (cacheLive) {
        const hit = cache.get(id);
        if (hit && hit.expiresAt > current) return hit;
      }
      const seen = revocations;
      const [row] = await findLive.execute({ id, now: current });
      if (!row) return null;
      let session: ActiveSession = { id, userId: row.userId, expiresAt: row.expiresAt };
      if (current.getTime() - row.lastSeenAt.getTime() > REFRESH_AFTER_MS) {
        const expiresAt = new Date(current.getTime() + SESSION_TTL_MS);
        await db.update(sessions).set({ lastSeenAt: current, expiresAt }).where(eq(sessions.id, id));
        session = { ...session, expiresAt };
      }
      if (cacheLive && seen === revocations) cache.set(id, session);
      return session;
    },

    async destroy(token: string): Promise<void> {
      const id = hashToken(token);
      await db.delete(sessions).where(eq(sessions.id, id));
      // The announcement will come too; this instance need not wait for it.
      cache.delete(id);
    },

    /**
     * Ends every session of the user, with `writer` when given (a caller's transaction). Every
     * instance drops them from its cache when the deletion is announced, at commit; this one
     * forgets them at once too (re-reading a session not yet deleted only costs a query).
     */
    async destroyAllForUser(userId: number, writer: Database = db): Promise<void> {
      const deleted = await writer
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      for (const { id } of deleted) cache.delete(id);
    },

    /** Each user's last activity (the latest `last_seen_at` of their sessions); absent without one. */
    async lastActivityOf(userIds: number[]): Promise<Map<number, Date>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: sessions.userId, at: sql<string>`max(${sessions.lastSeenAt})` })
        .from(sessions)
        .where(inArray(sessions.userId, userIds))
        .groupBy(sessions.userId);
      return new Map(rows.map((row) => [Number(row.userId), new Date(row.at)]));
    },
    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now()));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
