import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
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

  return {
    /** Starts a session and returns the token for the cookie. */
    async create(userId: number, userAgent: string | undefined): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      await db.insert(sessions).values({
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
      const [row] = await findLive.execute({ id, now: current });
      if (!row) return null;
      if (current.getTime() - row.lastSeenAt.getTime() > REFRESH_AFTER_MS) {
        const expiresAt = new Date(current.getTime() + SESSION_TTL_MS);
        await db.update(sessions).set({ lastSeenAt: current, expiresAt }).where(eq(sessions.id, id));
        return { id, userId: row.userId, expiresAt };
      }
      return { id, userId: row.userId, expiresAt: row.expiresAt };
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
    },

    async destroyAllForUser(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now()));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
