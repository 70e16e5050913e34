import { sql } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { namedRead, type Reader } from '../../platform/db/read-batch.js';
import { lectureConsumptionDays } from './learning-streaks.tables.js';

/** How many weeks of history a streak looks at: a streak longer than ten years shows as ten years. */
export const STREAK_HISTORY_WEEKS = 520;

export function createLearningStreaksRepository(db: Database) {
  const days = lectureConsumptionDays;
  // Each week's Monday (ISO weeks; days are already the learner's own dates) and its minutes, as
  // one json value, so a request can read it together with other features' reads.
  const weeklyRead = namedRead('lecture_consumption_weeks', {
    weeks: {
      sql: sql`select coalesce(json_agg(json_build_array(w.week, w.minutes) order by w.week desc), '[]'::json)
        from (select to_char(${days.day} - (extract(isodow from ${days.day})::int - 1), 'YYYY-MM-DD') as week,
                     sum(${days.minutes})::int as minutes
              from ${days}
              where ${days.userId} = ${sql.placeholder('userId')} and ${days.day} <= ${sql.placeholder('streakToday')}
              group by 1 order by 1 desc limit ${sql.raw(String(STREAK_HISTORY_WEEKS))}) w`,
      parse: (value: unknown) => (value as [string, number][]).map(([week, minutes]) => ({ week, minutes })),
    },
  });

  return {
    /** Minutes per week (dated on its Monday) up to `today`, the latest weeks first. */
    async weeklyMinutes(
      userId: number,
      today: string,
      reader: Reader,
    ): Promise<{ week: string; minutes: number }[]> {
      return (await reader.read(weeklyRead, { userId, streakToday: today })).weeks;
    },

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
