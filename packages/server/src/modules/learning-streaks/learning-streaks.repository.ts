import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { lectureConsumptionDays } from './learning-streaks.tables.js';

/** How many weeks of history a streak looks at: a streak longer than ten years shows as ten years. */
export const STREAK_HISTORY_WEEKS = 520;

export function createLearningStreaksRepository(db: Database) {
  // Each week's Monday (ISO weeks; days are already the learner's own dates) and its minutes.
  const weekOf = sql<string>`to_char(${lectureConsumptionDays.day} - (extract(isodow from ${lectureConsumptionDays.day})::int - 1), 'YYYY-MM-DD')`;
  const weeklyQuery = db
    .select({ week: weekOf, minutes: sql<number>`sum(${lectureConsumptionDays.minutes})::int` })
    .from(lectureConsumptionDays)
    .where(
      and(
        eq(lectureConsumptionDays.userId, sql.placeholder('userId')),
        lte(lectureConsumptionDays.day, sql.placeholder('today')),
      ),
    )
    .groupBy(weekOf)
    .orderBy(desc(weekOf))
    .limit(STREAK_HISTORY_WEEKS)
    .prepare('lecture_consumption_weeks');

  return {
    /** Minutes per week (dated on its Monday) up to `today`, the latest weeks first. */
    weeklyMinutes: (userId: number, today: string): Promise<{ week: string; minutes: number }[]> =>
      weeklyQuery.execute({ userId, today }),

    /** Adds minutes to the learner's day. */
    async addMinutes(userId: number, day: string, minutes: number, writer: Writer = db): Promise<void> {
      await writer
        .insert(lectureConsumptionDays)
        .values({ userId, day, minutes })
        .onConflictDoUpdate({
          target: [lectureConsumptionDays.userId, lectureConsumptionDays.day],
          set: { minutes: sql`${lectureConsumptionDays.minutes} + excluded.minutes`, updatedAt: sql`now()` },
        });
    },
  };
}
