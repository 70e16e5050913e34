import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { learningReminders } from './learning-reminders.tables.js';

export type ReminderRow = typeof learningReminders.$inferSelect;
export type ReminderValues = Omit<
  typeof learningReminders.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

export function createLearningRemindersRepository(db: Database) {
  const ownedBy = (userId: number, id: number) =>
    and(eq(learningReminders.userId, userId), eq(learningReminders.id, id));

  // The learner's list is read on every visit of their home page: a page with the list's length
  // in the same statement; a page past the end has no row to carry it.
  const pageWithTotalQuery = db
    .select({ reminder: learningReminders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(learningReminders)
    .where(eq(learningReminders.userId, sql.placeholder('userId')))
    .orderBy(asc(learningReminders.startAt), asc(learningReminders.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('learning_reminders_page_with_total');
  const countQuery = db
    .select({ count: count() })
    .from(learningReminders)
    .where(eq(learningReminders.userId, sql.placeholder('userId')))
    .prepare('learning_reminders_count');

  return {
    /**
     * One page of the user's reminders in start order, and how many the user has in all: one
     * round trip unless the page is past the end.
     */
    async pageWithTotal(
      userId: number,
      offset: number,
      limit: number,
    ): Promise<{ rows: ReminderRow[]; total: number }> {
      const found = await pageWithTotalQuery.execute({ userId, offset, limit });
      if (found.length > 0) return { rows: found.map((row) => row.reminder), total: found[0]!.total };
      if (offset === 0) return { rows: [], total: 0 };
      const [counted] = await countQuery.execute({ userId });
      return { rows: [], total: counted?.count ?? 0 };
    },

    async count(userId: number): Promise<number> {
      const [row] = await countQuery.execute({ userId });
      return row?.count ?? 0;
    },

    /** The user's reminder; null when it does not exist or is someone else's. */
    async owned(userId: number, id: number): Promise<ReminderRow | null> {
      const [row] = await db.select().from(learningReminders).where(ownedBy(userId, id));
      return row ?? null;
    },

    async insert(userId: number, values: ReminderValues): Promise<ReminderRow> {
      const [row] = await db
        .insert(learningReminders)
        .values({ ...values, userId })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Replaces the user's reminder; null when it does not exist or is someone else's. */
    async update(userId: number, id: number, values: ReminderValues): Promise<ReminderRow | null> {
      const [row] = await db
        .update(learningReminders)
        .set({ ...values, updatedAt: sql`now()` })
        .where(ownedBy(userId, id))
        .returning();
      return row ?? null;
    },

    /** Whether the user's reminder was there to delete. */
    async delete(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(learningReminders)
        .where(ownedBy(userId, id))
        .returning({ id: learningReminders.id });
      return rows.length > 0;
    },
  };
}
