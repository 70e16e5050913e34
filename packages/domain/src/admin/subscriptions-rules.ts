// The back office's pure rules about plans (issue 33): how a plan's state reads for staff, what a
// staff cancellation leads to, and the amounts of a prorated refund and of a period extension.
import { calendarDaysBetween } from '../subscriptions/billing-periods.js';
import { remainingPeriodDays } from '../subscriptions/proration.js';
import type { LifecycleState } from '../subscriptions/subscription-lifecycle.js';
import { nextLifecycleState } from '../subscriptions/subscription-lifecycle.js';

/**
 * Where a plan stands for staff: `trial`, `active` (paid and renewing), `past_due` (a period
 * charge failed and is being retried, or waits for the customer to authenticate it),
 * `cancelled` (runs to its period end, then expires), `expired`.
 */
export const ADMIN_SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled', 'expired'] as const;
export type AdminSubscriptionStatus = (typeof ADMIN_SUBSCRIPTION_STATUSES)[number];

/** The enrollment statuses each staff status stands for (FUTURE, never written today, counts as active). */
export const ENROLLMENT_STATUSES_OF: Readonly<Record<AdminSubscriptionStatus, readonly string[]>> = {
  trial: ['TRIAL'],
  active: ['ACTIVE', 'FUTURE'],
  past_due: ['PAST_DUE'],
  cancelled: ['CANCELED'],
  expired: ['EXPIRED'],
};

/** The staff status of an enrollment status. */
export function adminSubscriptionStatusOf(status: string): AdminSubscriptionStatus {
  for (const candidate of ADMIN_SUBSCRIPTION_STATUSES) {
    if (ENROLLMENT_STATUSES_OF[candidate].includes(status)) return candidate;
  }
  throw new RangeError(`Unknown enrollment status ${status}`);
}

/** `now`: the plan ends at once; `period_end`: it runs to the end of what was paid, then expires. */
export type StaffCancelWhen = 'now' | 'period_end';

/**
 * The state a staff cancellation leads to, or null when it is not possible: at the period end
 * like the customer's own cancel (a past-due plan ends at once: its period was never paid), or
 * now (any plan that has not ended). Already cancelled at the period end: null for `period_end`.
 */
export function staffCancelState(state: LifecycleState, when: StaffCancelWhen): LifecycleState | null {
  if (when === 'period_end') return nextLifecycleState(state, 'cancel');
  return state === 'EXPIRED' ? null : 'EXPIRED';
}

/** Whether staff may extend a plan in `state`: a trial, or a paid period (running or cancelled). */
export function extendable(state: LifecycleState): boolean {
  return state === 'TRIAL' || state === 'ACTIVE' || state === 'CANCELED';
}

/** An amount and its tax (minor units), as a charge or a credit holds them. */
export interface AmountWithTax {
  /** Gross: tax included. */
  amount: number;
  tax: number;
}

/** `numerator / denominator` of `value`, rounded half-up (exact, in BigInt). */
function share(value: number, numerator: number, denominator: number): number {
  if (denominator <= 0) return 0;
  const exact = (2n * BigInt(value) * BigInt(numerator) + BigInt(denominator)) / (2n * BigInt(denominator));
  return Number(exact);
}

/** Splits `amount` of `whole` keeping the tax in the same proportion (rounded half-up). */
function partOf(whole: AmountWithTax, amount: number): AmountWithTax {
  if (whole.amount <= 0) return { amount: 0, tax: 0 };
  return { amount, tax: share(whole.tax, amount, whole.amount) };
}

/**
 * A refund of a plan charge: the whole charge, or its part for the days of its period still to
 * come at `at` (the day of the refund counted as remaining, like proration), tax in proportion.
 * A period that has ended refunds nothing prorated.
 */
export function subscriptionRefundAmount(
  charge: AmountWithTax & { periodStart: Date; periodEnd: Date },
  mode: 'whole' | 'prorated',
  at: Date,
): AmountWithTax & { remainingDays: number; periodDays: number } {
  const periodDays = Math.max(1, calendarDaysBetween(charge.periodStart, charge.periodEnd));
  if (mode === 'whole') return { ...charge, remainingDays: periodDays, periodDays };
  const remainingDays = remainingPeriodDays(charge.periodStart, charge.periodEnd, at);
  const amount = share(charge.amount, remainingDays, periodDays);
  return { ...partOf(charge, amount), remainingDays, periodDays };
}

/**
 * What `days` more of a paid period are worth (the credit note given with a staff extension):
 * the period's charge × days ÷ days in the period, tax in proportion, at most the whole charge.
 */
export function extensionCredit(
  period: AmountWithTax & { periodStart: Date; periodEnd: Date },
  days: number,
): AmountWithTax {
  const periodDays = Math.max(1, calendarDaysBetween(period.periodStart, period.periodEnd));
  const amount = Math.min(period.amount, share(period.amount, days, periodDays));
  return partOf(period, amount);
}

/** The retry dates of the dunning schedule of an invoice due at `dueAt` (1, 3 and 5 days after). */
export function dunningSchedule(dueAt: Date, retryDays: readonly number[]): Date[] {
  return retryDays.map((days) => new Date(dueAt.getTime() + days * 86_400_000));
}
