// Design §5 proration: unit price × added seats × remaining days ÷ days in period, the day
// of the change counted as remaining, rounded half-up once at the end (exact, in BigInt).
import { money, type Money } from '../money/money.js';
import { calendarDaysBetween } from './billing-periods.js';

export interface SeatIncrease {
  /** Price of one license for the whole period. */
  unitPrice: Money;
  addedSeats: number;
  periodStart: Date;
  periodEnd: Date;
  /** When the licenses are added. */
  changeAt: Date;
}

/** Days of the period that are still to come at `changeAt`, the day of the change included. */
export function remainingPeriodDays(periodStart: Date, periodEnd: Date, changeAt: Date): number {
  const total = Math.max(1, calendarDaysBetween(periodStart, periodEnd));
  if (changeAt.getTime() >= periodEnd.getTime()) return 0;
  if (changeAt.getTime() <= periodStart.getTime()) return total;
  // A change before the end always has its own day left, even on the period's last day.
  return Math.min(total, Math.max(1, calendarDaysBetween(changeAt, periodEnd)));
}

/** What adding `addedSeats` licenses costs for the rest of the period (before tax). */
export function prorateSeatIncrease(increase: SeatIncrease): Money {
  const { unitPrice, addedSeats } = increase;
  if (!Number.isSafeInteger(addedSeats) || addedSeats < 0) {
    throw new RangeError(`Added seats are a non-negative integer, got ${addedSeats}`);
  }
  if (!Number.isSafeInteger(unitPrice.amount) || unitPrice.amount < 0) {
    throw new RangeError(`A unit price is a non-negative amount, got ${unitPrice.amount}`);
  }
  const days = BigInt(Math.max(1, calendarDaysBetween(increase.periodStart, increase.periodEnd)));
  const remaining = BigInt(remainingPeriodDays(increase.periodStart, increase.periodEnd, increase.changeAt));
  const numerator = BigInt(unitPrice.amount) * BigInt(addedSeats) * remaining;
  const amount = (2n * numerator + days) / (2n * days);
  return money(Number(amount), unitPrice.currency);
}
