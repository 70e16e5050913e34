import { addDays, startOfZonedDay, weekStartDate, zonedDate } from './zoned-time.js';

/** Platform §3 streak statuses. */
export const STREAK_STATUSES = [
  'ACTIVE_CURRENT_PERIOD_ACHIEVED',
  'ACTIVE_CURRENT_PERIOD_UNACHIEVED',
  'DROPPED',
  'ZERO_HISTORY',
] as const;
export type StreakStatus = (typeof STREAK_STATUSES)[number];

/** Minutes of lectures a week must hold to count for the streak, until learners can set their own goal. */
export const DEFAULT_WEEKLY_GOAL_MINUTES = 30;

/** Minutes of lectures consumed on one calendar day in the learner's time zone. */
export interface ConsumptionDay {
  /** 'YYYY-MM-DD' in the learner's time zone. */
  date: string;
  minutes: number;
}

/** Platform §3 weekly streak, computed. */
export interface WeeklyStreakFacts {
  /** Consecutive weeks that reached the goal, up to this week (or last week while this one is open). */
  streakLength: number;
  achievedThisWeek: boolean;
  /** When the streak's first week began; null without a streak. */
  startDate: Date | null;
  minutesThisWeek: number;
  goalMinutesThisWeek: number;
  streakStatus: StreakStatus;
  /** This week's Monday 00:00 in the learner's time zone. */
  weekStartTime: Date;
  /** The next Monday 00:00 there (exclusive). */
  weekEndTime: Date;
}

/**
 * The learner's weekly streak at `now` (platform §3). Weeks run Monday to Sunday in
 * `timeZone`; a week counts when its minutes reach `goalMinutes`. The week in progress never
 * breaks a streak: until it reaches the goal the streak is the run of weeks ending last week
 * (ACTIVE_CURRENT_PERIOD_UNACHIEVED). A learner who reached the goal some week but neither
 * last week nor this one has DROPPED; one who never reached it has ZERO_HISTORY.
 *
 * `days` may hold several entries per date and entries dated on a week's Monday standing for
 * the whole week (a caller that sums weeks in SQL): only their week matters. Entries after
 * `now`'s date are ignored.
 */
export function computeWeeklyStreak(input: {
  now: Date;
  timeZone: string;
  goalMinutes: number;
  days: readonly ConsumptionDay[];
}): WeeklyStreakFacts {
  const { now, timeZone, goalMinutes } = input;
  const today = zonedDate(now, timeZone);
  const thisWeek = weekStartDate(today);
  const minutesByWeek = new Map<string, number>();
  for (const day of input.days) {
    if (day.date > today || !(day.minutes > 0)) continue;
    const week = weekStartDate(day.date);
    minutesByWeek.set(week, (minutesByWeek.get(week) ?? 0) + day.minutes);
  }
  const achieved = (week: string) => (minutesByWeek.get(week) ?? 0) >= goalMinutes;

  const minutesThisWeek = minutesByWeek.get(thisWeek) ?? 0;
  const achievedThisWeek = achieved(thisWeek);
  let first: string | null = null;
  let streakLength = 0;
  // Only weeks with minutes can be achieved, so the walk stops within the history it was given.
  for (
    let week = achievedThisWeek ? thisWeek : addDays(thisWeek, -7);
    achieved(week);
    week = addDays(week, -7)
  ) {
    streakLength += 1;
    first = week;
  }
  const everAchieved = [...minutesByWeek.keys()].some(achieved);
  const streakStatus: StreakStatus = achievedThisWeek
    ? 'ACTIVE_CURRENT_PERIOD_ACHIEVED'
    : streakLength > 0
      ? 'ACTIVE_CURRENT_PERIOD_UNACHIEVED'
      : everAchieved
        ? 'DROPPED'
        : 'ZERO_HISTORY';
  return {
    streakLength,
    achievedThisWeek,
    startDate: first === null ? null : startOfZonedDay(first, timeZone),
    minutesThisWeek,
    goalMinutesThisWeek: goalMinutes,
    streakStatus,
    weekStartTime: startOfZonedDay(thisWeek, timeZone),
    weekEndTime: startOfZonedDay(addDays(thisWeek, 7), timeZone),
  };
}
