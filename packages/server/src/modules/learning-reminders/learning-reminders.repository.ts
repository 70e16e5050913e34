import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { namedRead, type Reader } from '../../platform/db/read-batch.js';
import { learningReminders } from './learning-reminders.tables.js';

export type ReminderRow = typeof learningReminders.$inferSelect;
export type ReminderValues = Omit<
  typeof learningReminders.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

/** A reminder row as `json_build_object` writes it: timestamps as text. */
type ReminderJson = Omit<ReminderRow, 'startAt' | 'endAt' | 'createdAt' | 'updatedAt'> & {
  startAt: string;
  endAt: string | null;
  createdAt: string;
  updatedAt: string;
};

const fromJson = (row: ReminderJson): ReminderRow => ({
  ...row,
  startAt: new Date(row.startAt),
  endAt: row.endAt === null ? null : new Date(row.endAt),
  createdAt: new Date(row.createdAt),
  updatedAt: new Date(row.updatedAt),
});

export function createLearningRemindersRepository(db: Database) {
  const ownedBy = (userId: number, id: number) =>
    and(eq(learningReminders.userId, userId), eq(learningReminders.id, id));

  // The learner's list is read on every visit of their home page: a page with the list's length
  // in the same statement (a page past the end has no row to carry it), as one json value, so a
  // request can read it together with other features' reads.
  const r = learningReminders;
  const pageRead = namedRead('learning_reminders_page_with_total', {
    page: {
      sql: sql`select json_build_object('total', max(p.total), 'rows', coalesce(json_agg(json_build_object(
          'id', p.id, 'userId', p.user_id, 'title', p.title, 'productType', p.product_type,
          'productId', p.product_id, 'startAt', p.start_at, 'endAt', p.end_at,
          'durationMinutes', p.duration_minutes, 'calendarType', p.calendar_type,
          'recurrenceRule', p.recurrence_rule, 'reminderMethod', p.reminder_method,
          'minutesBefore', p.minutes_before, 'createdAt', p.created_at, 'updatedAt', p.updated_at
        ) order by p.start_at, p.id), '[]'::json))
        from (select ${r}.*, count(*) over () as total from ${r}
              where ${r.userId} = ${sql.placeholder('userId')}
              order by ${r.startAt}, ${r.id}
              limit ${sql.placeholder('reminderLimit')} offset ${sql.placeholder('reminderOffset')}) p`,
      parse: (value: unknown) => {
        const page = value as { total: number | null; rows: ReminderJson[] };
        return { total: page.total, rows: page.rows.map(fromJson) };
      },
    },
  });
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
      reader: Reader,
    ): Promise<{ rows: ReminderRow[]; total: number }> {
      const { page } = await reader.read(pageRead, { userId, reminderOffset: offset, reminderLimit: limit });
      if (page.total !== null) return { rows: page.rows, total: page.total };
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
