/**
 * The pure rules behind the back office's revenue figures (issue 33): how a plan's price per
 * interval becomes monthly recurring revenue, which period a figure is compared with, and how a
 * change of one plan's MRR between two moments is classified. The server computes the sums in
 * SQL; these rules are the ones both sides name and the tests check.
 */
import { daysInPeriod } from './reports-rules.js';

export type RenewalInterval = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

/**
 * How many of an interval make one month, as a fraction (MRR is normalised by interval): a year
 * counts 1/12, a week 52/12, a day 365/12. Kept as numerator and denominator so that the
 * database and this code divide the same integers and round the same way.
 */
export const INTERVALS_PER_MONTH: Readonly<Record<RenewalInterval, readonly [number, number]>> = {
  DAY: [365, 12],
  WEEK: [52, 12],
  MONTH: [1, 1],
  YEAR: [1, 12],
};

/** How many of `count` intervals make one month (a 3-month plan's price counts a third). */
export function intervalsPerMonth(interval: RenewalInterval, count = 1): number {
  const [numerator, denominator] = INTERVALS_PER_MONTH[interval];
  return numerator / (denominator * Math.max(1, count));
}

/** One plan's monthly recurring revenue from its recurring price per interval (minor units, rounded half up). */
export function monthlyRecurringAmount(
  pricePerInterval: number,
  interval: RenewalInterval,
  count = 1,
): number {
  const [numerator, denominator] = INTERVALS_PER_MONTH[interval];
  return Math.round((pricePerInterval * numerator) / (denominator * Math.max(1, count)));
}

export type MrrMovement = 'new' | 'expansion' | 'contraction' | 'churned' | 'unchanged';

/** How one plan's MRR moved from `before` to `after` (0: no paid plan at that moment). */
export function mrrMovement(before: number, after: number): MrrMovement {
  if (before === after) return 'unchanged';
  if (before === 0) return 'new';
  if (after === 0) return 'churned';
  return after > before ? 'expansion' : 'contraction';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The period a figure is compared with: the same number of days just before `from` (both days
 * included), so "1–30 November" is compared with "2–31 October".
 */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = daysInPeriod(from, to);
  const start = Date.parse(`${from}T00:00:00Z`);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start - days * DAY_MS), to: day(start - DAY_MS) };
}

/** `part / whole` as a fraction, or null when there is nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}
