// The subscription state machine (team-plan §4, design §5): the one place that says which
// status follows which, so the server's jobs, the checkout and the mutations cannot disagree.
import type { TaxBreakdownType } from '../checkout/checkout-contract.js';
import type { Money } from '../money/money.js';
import type { EnrollmentStatus } from './subscription-contract.js';
import { chargeWithTax, periodPrice, type SubscriptionCharge } from './subscription-pricing.js';

/**
 * The states a plan lives in. PAST_DUE (a period charge failed and is being retried, access
 * kept) is the server's own; the API shows it as ACTIVE with a payment issue (team-plan §3
 * knows only the spec statuses).
 */
export type LifecycleState = Exclude<EnrollmentStatus, 'FUTURE'> | 'PAST_DUE';

export type LifecycleEvent =
  /** The charge for the next period (trial conversion, renewal, a retry) succeeded. */
  | 'period_paid'
  /** A charge attempt failed and another is scheduled. */
  | 'payment_failed'
  /** The last scheduled attempt failed. */
  | 'retries_exhausted'
  /** The admin cancelled: the plan runs to its period end (a past-due one ends now: that period was never paid). */
  | 'cancel'
  /** The admin took back a cancellation before the period end. */
  | 'reactivate'
  /** The period of a cancelled plan ended. */
  | 'period_ended';

const TRANSITIONS: Record<
  LifecycleState,
  Partial<Record<LifecycleEvent, LifecycleState | 'TRIAL_OR_ACTIVE'>>
> = {
  TRIAL: { period_paid: 'ACTIVE', payment_failed: 'PAST_DUE', cancel: 'CANCELED' },
  ACTIVE: { period_paid: 'ACTIVE', payment_failed: 'PAST_DUE', cancel: 'CANCELED' },
  PAST_DUE: {
    period_paid: 'ACTIVE',
    payment_failed: 'PAST_DUE',
    retries_exhausted: 'EXPIRED',
    cancel: 'EXPIRED',
  },
  CANCELED: { reactivate: 'TRIAL_OR_ACTIVE', period_ended: 'EXPIRED' },
  EXPIRED: {},
};

/**
 * The state after `event`, or null when the event is not possible in `state` (the caller
 * refuses it or ignores a late duplicate). A reactivated plan is TRIAL again while its trial runs.
 */
export function nextLifecycleState(
  state: LifecycleState,
  event: LifecycleEvent,
  context: { trialRunning?: boolean } = {},
): LifecycleState | null {
  const next = TRANSITIONS[state][event];
  if (next === undefined) return null;
  if (next === 'TRIAL_OR_ACTIVE') return context.trialRunning ? 'TRIAL' : 'ACTIVE';
  return next;
}

/** States whose period end charges the stored card for the next period. */
export function renewsAtPeriodEnd(state: LifecycleState): boolean {
  return state === 'TRIAL' || state === 'ACTIVE';
}

/** The status the API shows (team-plan §3): a past-due plan is still active for its members. */
export function publicEnrollmentStatus(state: LifecycleState | EnrollmentStatus): EnrollmentStatus {
  return state === 'PAST_DUE' ? 'ACTIVE' : state;
}

/**
 * Dunning (design §5): after a failed period charge, the card is tried again 1, 3 and 5 days
 * after the charge was due; when the last of these fails, the plan expires.
 */
export const DUNNING_RETRY_DAYS = [1, 3, 5] as const;

/**
 * When the scheduled retry number `retry` (1-based) of a charge due at `dueAt` runs, or null
 * after the last one.
 */
export function dunningRetryAt(dueAt: Date, retry: number): Date | null {
  const days = DUNNING_RETRY_DAYS[retry - 1];
  return days === undefined ? null : new Date(dueAt.getTime() + days * 86_400_000);
}

/** Days before a trial ends when the "trial ends soon" mail goes out. */
export const TRIAL_REMINDER_DAYS = 3;

/** A period's charge for the whole plan: licenses × unit price, plus (or including) tax. */
export function periodCharge(
  unitPrice: Money,
  licenses: number,
  /** One rate, or the rates of the taxes that add up (see chargeWithTax). */
  taxRates: number | readonly number[],
  taxMode: TaxBreakdownType,
): SubscriptionCharge {
  return chargeWithTax(periodPrice(unitPrice, licenses), taxRates, taxMode);
}
