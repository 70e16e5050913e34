import {
  computeWeeklyStreak,
  DEFAULT_WEEKLY_GOAL_MINUTES,
  zonedDate,
  type WeeklyStreakFacts,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import { createAnnouncedCache, LEARNER_FACTS_CACHE } from '../../platform/db/announced-cache.js';
import type { Database, DatabaseHandle } from '../../platform/db/database.js';
import type { Reader } from '../../platform/db/read-batch.js';
import type { UsersService } from '../users/users.service.js';
import { createLearningStreaksRepository } from './learning-streaks.repository.js';

/** Migration 0020 announces every change to a learner's days here, with their id. */
export const LEARNING_STREAK_CHANNEL = 'lectern_learning_streak_changed';

/** The most minutes one call may add: a day has 1440. */
const MAX_MINUTES_PER_CALL = 24 * 60;

/**
 * Platform §3 weekly streaks, counted from the minutes of lectures learners consume. Weeks run
 * Monday to Sunday in the learner's time zone (UTC until they have one); "now" is the server's
 * clock, so a moved clock (tests, the demo) moves the weeks too.
 */
export function createLearningStreaksService(deps: { db: Database; users: UsersService; clock: Clock }) {
  const { users, clock } = deps;
  const repository = createLearningStreaksRepository(deps.db);
  const timeZoneOf = async (userId: number) => (await users.findById(userId))?.timeZone ?? 'UTC';
  // Each learner's weeks up to a day, read on every visit of their home page (decision 0034).
  const weeksKept = createAnnouncedCache<{ week: string; minutes: number }[]>({
    channel: LEARNING_STREAK_CHANNEL,
    ...LEARNER_FACTS_CACHE,
  });

  return {
    /**
     * Counts `minutes` of lectures consumed at `at` on the learner's day there (course taking
     * calls this as lectures are watched; the demo seed for its history).
     */
    async recordMinutes(userId: number, at: Date, minutes: number): Promise<void> {
      if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_MINUTES_PER_CALL) {
        throw new RangeError(`minutes must be a whole number from 0 to ${MAX_MINUTES_PER_CALL}`);
      }
      await repository.addMinutes(userId, zonedDate(at, await timeZoneOf(userId)), minutes);
      weeksKept.forget(userId);
    },

    /** The learner's weekly streak now, with this week's minutes and goal (read through `reader`). */
    async weekly(userId: number, reader: Reader): Promise<WeeklyStreakFacts> {
      const now = clock.now();
      const timeZone = await timeZoneOf(userId);
      const today = zonedDate(now, timeZone);
      const weeks = await weeksKept.read(userId, today, () =>
        repository.weeklyMinutes(userId, today, reader),
      );
      return computeWeeklyStreak({
        now,
        timeZone,
        goalMinutes: DEFAULT_WEEKLY_GOAL_MINUTES,
        days: weeks.map((week) => ({ date: week.week, minutes: week.minutes })),
      });
    },

    /** Keeps learners' weeks while their changes are announced to this instance. */
    watchChanges: (listen: DatabaseHandle['listen']) => weeksKept.watch(listen),
  };
}

export type LearningStreaksService = ReturnType<typeof createLearningStreaksService>;
