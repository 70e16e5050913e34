import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { shareLinks } from './sharing.tables.js';

export function createSharingRepository(db: Database) {
  // Every visit of a short link: count it and read the target in one statement, so concurrent
  // visits never lose a count.
  const visitQuery = db
    .update(shareLinks)
    .set({ visits: sql`${shareLinks.visits} + 1` })
    .where(eq(shareLinks.code, sql.placeholder('code')))
    .returning({ target: shareLinks.target })
    .prepare('share_link_visit');

  const targetQuery = db
    .select({ target: shareLinks.target })
    .from(shareLinks)
    .where(eq(shareLinks.code, sql.placeholder('code')))
    .prepare('share_link_target');

  return {
    /** The link's target without counting a visit, or null for an unknown code. */
    async target(code: string): Promise<string | null> {
      const [row] = await targetQuery.execute({ code });
      return row?.target ?? null;
    },

    /** Stores a link; false when the code is already taken (the caller draws another). */
    async insertLink(values: typeof shareLinks.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(shareLinks)
        .values(values)
        .onConflictDoNothing({ target: shareLinks.code })
        .returning({ code: shareLinks.code });
      return inserted.length === 1;
    },

    /** Counts one visit; the link's target, or null for an unknown code. */
    async visit(code: string): Promise<string | null> {
      const [row] = await visitQuery.execute({ code });
      return row?.target ?? null;
    },
  };
}
