import { and, eq, sql } from 'drizzle-orm';
import type { ReadPart } from '../../platform/db/combined-read.js';
import type { Database } from '../../platform/db/database.js';
import { userCourseSettings, userSettings } from './settings.tables.js';

export interface StoredSetting {
  setting: string;
  value: string;
}

/** The user's (`userId`) stored settings as {setting: value}, for a combined read. */
export const storedSettingsRead: ReadPart<Record<string, string>> = {
  sql: sql`select coalesce(json_object_agg(${userSettings.setting}, ${userSettings.value}), '{}'::json)
    from ${userSettings} where ${userSettings.userId} = ${sql.placeholder('userId')}`,
  parse: (value) => (value ?? {}) as Record<string, string>,
};

export function createSettingsRepository(db: Database) {
  // Course settings fall back to these (`contexts/me` reads them through `storedSettingsRead`).
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
