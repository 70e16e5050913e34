import {
  COURSE_SETTING_CODES,
  readUserSetting,
  readUserSettings,
  type CourseSettingCode,
  type CourseSettingsResponse,
  type UserSettingCode,
  type UserSettings,
} from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import type { ReadPart } from '../../platform/db/combined-read.js';
import { createSettingsRepository, storedSettingsRead } from './settings.repository.js';

/**
 * Platform §3 settings of each user, and of a user in one course, kept in their stored form
 * ('on'/'off', '1'/'', an ordering: the domain's `toStoredSettingValue`) and read back with
 * the read rules of platform §5 (`readUserSetting`), so a value stored by another client in
 * any of the accepted forms reads the same.
 */
export function createSettingsService(db: Database) {
  const repository = createSettingsRepository(db);

  return {
    /**
     * Facts for a combined read (`prepareCombinedRead`): every setting of the user (`userId`)
     * resolved, its stored value or the default.
     */
    reads: {
      userSettings: {
        sql: storedSettingsRead.sql,
        parse: (value) => readUserSettings(storedSettingsRead.parse(value)),
      } satisfies ReadPart<UserSettings>,
    },

    /** Stores one setting, already validated by the domain, in its stored form. */
    setUserSetting: (userId: number, setting: UserSettingCode, stored: string): Promise<void> =>
      repository.upsertUserSetting(userId, setting, stored),

    /** Stores one course-level setting (the caller checks that the course exists). */
    setCourseSetting: (
      userId: number,
      courseId: number,
      setting: CourseSettingCode,
      stored: string,
    ): Promise<void> => repository.upsertCourseSetting(userId, courseId, setting, stored),

    /** The course's settings: the value set for the course, else the user's own, else the default. */
    async courseSettingsOf(userId: number, courseId: number): Promise<CourseSettingsResponse['settings']> {
      const [own, user] = await Promise.all([
        repository.courseSettings(userId, courseId),
        repository.userSettings(userId),
      ]);
      const stored = new Map(user.map((row) => [row.setting, row.value]));
      for (const row of own) stored.set(row.setting, row.value);
      const result = {} as Record<CourseSettingCode, boolean>;
      // Every course setting is a boolean one (none is the ordering).
      for (const code of COURSE_SETTING_CODES)
        result[code] = readUserSetting(code, stored.get(code)) === true;
      return result;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
