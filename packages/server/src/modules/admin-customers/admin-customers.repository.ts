import { and, count, eq, gt, sql } from 'drizzle-orm';
import { sessions } from '../../platform/auth/sessions.tables.js';
import type { Database, Writer } from '../../platform/db/database.js';

/**
 * What the customers' pages read that no feature service answers: how many sessions still
 * sign a customer in (the session store keeps them; it counts nothing).
 */
export function createAdminCustomersRepository(db: Database) {
  return {
    async liveSessionCount(userId: number, writer: Writer = db): Promise<number> {
      const [row] = await writer
        .select({ value: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)));
      return row?.value ?? 0;
    },
  };
}
