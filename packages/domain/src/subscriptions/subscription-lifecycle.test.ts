import { describe, expect, it } from 'vitest';
import { money } from '../money/money.js';
import {
  DUNNING_RETRY_DAYS,
  dunningRetryAt,
  nextLifecycleState,
  periodCharge,
  publicEnrollmentStatus,
  renewsAtPeriodEnd,
  type LifecycleEvent,
  type LifecycleState,
} from './subscription-lifecycle.js';

const STATES: LifecycleState[] = ['TRIAL', 'ACTIVE', 'PAST_DUE', 'CANCELED', 'EXPIRED'];
const EVENTS: LifecycleEvent[] = [
  'period_paid',
  'payment_failed',
  'retries_exhausted',
  'cancel',
  'reactivate',
  'period_ended',
];

/** Every allowed transition; anything not listed here must be refused. */
const ALLOWED: [LifecycleState, LifecycleEvent, LifecycleState][] = [
  ['TRIAL', 'period_paid', 'ACTIVE'],
  ['TRIAL', 'payment_failed', 'PAST_DUE'],
  ['TRIAL', 'cancel', 'CANCELED'],
  ['ACTIVE', 'period_paid', 'ACTIVE'],
  ['ACTIVE', 'payment_failed', 'PAST_DUE'],
  ['ACTIVE', 'cancel', 'CANCELED'],
  ['PAST_DUE', 'period_paid', 'ACTIVE'],
  ['PAST_DUE', 'payment_failed', 'PAST_DUE'],
  ['PAST_DUE', 'retries_exhausted', 'EXPIRED'],
  ['PAST_DUE', 'cancel', 'EXPIRED'],
  ['CANCELED', 'reactivate', 'ACTIVE'],
  ['CANCELED', 'period_ended', 'EXPIRED'],
];

describe('nextLifecycleState', () => {
  it.each(ALLOWED)('%s --%s--> %s', (state, event, next) => {
    expect(nextLifecycleState(state, event)).toBe(next);
  });

  it('refuses every other event in every state', () => {
    for (const state of STATES) {
      for (const event of EVENTS) {
        if (ALLOWED.some(([from, on]) => from === state && on === event)) continue;
        expect(nextLifecycleState(state, event), `${state} ${event}`).toBeNull();
      }
    }
  });

  it('makes a reactivated plan TRIAL again while its trial runs', () => {
    expect(nextLifecycleState('CANCELED', 'reactivate', { trialRunning: true })).toBe('TRIAL');
    expect(nextLifecycleState('CANCELED', 'reactivate', { trialRunning: false })).toBe('ACTIVE');
  });

  it('leaves an expired plan expired whatever happens', () => {
    for (const event of EVENTS) expect(nextLifecycleState('EXPIRED', event)).toBeNull();
  });
});

describe('what each state means', () => {
  it('renews trials and active plans at their period end, nothing else', () => {
    expect(STATES.filter(renewsAtPeriodEnd)).toEqual(['TRIAL', 'ACTIVE']);
  });

  it('shows a past-due plan as ACTIVE (team-plan §3 knows only the spec statuses)', () => {
    expect(publicEnrollmentStatus('PAST_DUE')).toBe('ACTIVE');
    expect(publicEnrollmentStatus('CANCELED')).toBe('CANCELED');
    expect(publicEnrollmentStatus('EXPIRED')).toBe('EXPIRED');
  });
});

describe('dunningRetryAt', () => {
  const due = new Date('2026-03-31T10:00:00Z');

  it('retries 1, 3 and 5 days after the charge was due', () => {
    expect(DUNNING_RETRY_DAYS).toEqual([1, 3, 5]);
    expect(dunningRetryAt(due, 1)?.toISOString()).toBe('2026-04-01T10:00:00.000Z');
    expect(dunningRetryAt(due, 2)?.toISOString()).toBe('2026-04-03T10:00:00.000Z');
    expect(dunningRetryAt(due, 3)?.toISOString()).toBe('2026-04-05T10:00:00.000Z');
  });

  it('has no retry after the last', () => {
    expect(dunningRetryAt(due, 4)).toBeNull();
  });
});

describe('periodCharge', () => {
  it('charges licenses × unit price plus tax on top in tax-exclusive countries', () => {
    const charge = periodCharge(money(36000, 'USD'), 10, 8.875, 'tax_exclusive');
    expect(charge.subtotal).toEqual(money(360000, 'USD'));
    expect(charge.tax).toEqual(money(31950, 'USD'));
    expect(charge.total).toEqual(money(391950, 'USD'));
  });

  it('keeps the price as the total where tax is included (VAT countries)', () => {
    const charge = periodCharge(money(33000, 'EUR'), 5, 19, 'tax_inclusive');
    expect(charge.total).toEqual(money(165000, 'EUR'));
    // 165000 − 165000 / 1.19 = 26344.54… → 26345
    expect(charge.tax).toEqual(money(26345, 'EUR'));
  });

  it('works in zero-decimal currencies', () => {
    const charge = periodCharge(money(4000, 'JPY'), 7, 10, 'tax_inclusive');
    expect(charge.total).toEqual(money(28000, 'JPY'));
    expect(charge.tax).toEqual(money(2545, 'JPY'));
  });
});
