import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { userCourseSettings, userSettings } from './settings.tables.js';

export interface StoredSetting {
  setting: string;
  value: string;
}

export function createSettingsRepository(db: Database) {
  // Read on every signed-in `contexts/me`: prepared, so planned once per connection.
  const settingsOfUser = db
    .select({ setting: userSettings.setting, value: userSettings.value })
    .from(userSettings)
    .where(eq(userSettings.userId, sql.placeholder('userId')))
    .prepare('settings_of_user');

  return {
    userSettings: (userId: number): Promise<StoredSetting[]> => settingsOfUser.execute({ userId }),

    courseSettings(userId: number, courseId: number): Promise<StoredSetting[]> {
      return db
        .select({ setting: userCourseSettings.setting, value: userCourseSettings.value })
        .from(userCourseSettings)
        .where(and(eq(userCourseSettings.userId, userId), eq(userCourseSettings.courseId, courseId)));
    },

    /** Inserts or replaces one stored value. */
    async upsertUserSetting(userId: number, setting: string, value: string): Promise<void> {
      await db
        .insert(userSettings)
        .values({ userId, setting, value })
        .onConflictDoUpdate({
          target: [userSettings.userId, userSettings.setting],
          set: { value, updatedAt: sql`now()` },
        });
    },

    async upsertCourseSetting(
      userId: number,
      courseId: number,
      setting: string,
      value: string,
    ): Promise<void> {
      await db
        .insert(userCourseSettings)
        .values({ userId, courseId, setting, value })
        .onConflictDoUpdate({
          target: [userCourseSettings.userId, userCourseSettings.courseId, userCourseSettings.setting],
          set: { value, updatedAt: sql`now()` },
        });
    },
  };
}
