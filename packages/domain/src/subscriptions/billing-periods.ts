// Subscription calendar arithmetic in UTC (design §5): periods, trials and day counts.
import type { DateInterval } from './subscription-contract.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole UTC calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: Date, to: Date): number {
  const day = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return Math.round((day(to) - day(from)) / DAY_MS);
}

/**
 * `date` moved on by the interval. Months and years keep the day of the month, clamped to
 * the month's last day (31 January + 1 month = 28 or 29 February), like card-network billing.
 */
export function addInterval(date: Date, interval: DateInterval): Date {
  if (!Number.isSafeInteger(interval.count) || interval.count < 0) {
    throw new RangeError(`An interval count is a non-negative integer, got ${interval.count}`);
  }
  switch (interval.type) {
    case 'DAY':
      return new Date(date.getTime() + interval.count * DAY_MS);
    case 'WEEK':
      return new Date(date.getTime() + interval.count * 7 * DAY_MS);
    case 'MONTH':
    case 'YEAR': {
      const months = interval.type === 'MONTH' ? interval.count : interval.count * 12;
      const target = new Date(date.getTime());
      const day = date.getUTCDate();
      target.setUTCDate(1);
      target.setUTCMonth(target.getUTCMonth() + months);
      const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      target.setUTCDate(Math.min(day, lastDay));
      return target;
    }
  }
}

/** Length of an interval in days from `start` (a trial of 14 days is 14; a month from 31 Jan is 28 or 29). */
export function intervalDays(start: Date, interval: DateInterval): number {
  return calendarDaysBetween(start, addInterval(start, interval));
}

/** Team-plan §9: trial days left, rounded up; 0 once the trial ended. */
export function trialDaysLeft(now: Date, trialEnd: Date): number {
  const left = (trialEnd.getTime() - now.getTime()) / DAY_MS;
  return left <= 0 ? 0 : Math.ceil(left);
}
