import { describe, expect, it } from 'vitest';
import {
  adminSubscriptionSearchOf,
  adminSubscriptionsQuerySchema,
  adminSubscriptionStatusOf,
  dunningSchedule,
  extendable,
  extensionCredit,
  staffCancelState,
  staffExtendBodySchema,
  subscriptionRefundAmount,
} from './subscriptions-contract.js';

const start = new Date('2026-03-01T00:00:00Z');
const end = new Date('2026-03-31T00:00:00Z'); // 30 days

describe('plan status for staff', () => {
  it('maps each enrollment status and refuses an unknown one', () => {
    expect(
      ['TRIAL', 'ACTIVE', 'PAST_DUE', 'CANCELED', 'EXPIRED', 'FUTURE'].map(adminSubscriptionStatusOf),
    ).toEqual(['trial', 'active', 'past_due', 'cancelled', 'expired', 'active']);
    expect(() => adminSubscriptionStatusOf('PAUSED')).toThrow(RangeError);
  });

  it('cancels at the period end like the customer, or now; an ended plan not at all', () => {
    expect(staffCancelState('ACTIVE', 'period_end')).toBe('CANCELED');
    expect(staffCancelState('TRIAL', 'period_end')).toBe('CANCELED');
    expect(staffCancelState('PAST_DUE', 'period_end')).toBe('EXPIRED');
    expect(staffCancelState('CANCELED', 'period_end')).toBeNull();
    expect(staffCancelState('CANCELED', 'now')).toBe('EXPIRED');
    expect(staffCancelState('ACTIVE', 'now')).toBe('EXPIRED');
    expect(staffCancelState('EXPIRED', 'now')).toBeNull();
  });

  it('extends trials and paid periods, not past-due or ended plans', () => {
    expect(['TRIAL', 'ACTIVE', 'CANCELED'].every((s) => extendable(s as 'TRIAL'))).toBe(true);
    expect(extendable('PAST_DUE')).toBe(false);
    expect(extendable('EXPIRED')).toBe(false);
  });
});

describe('refund amounts', () => {
  const charge = { amount: 10_999, tax: 999, periodStart: start, periodEnd: end };

  it('refunds the whole charge', () => {
    expect(subscriptionRefundAmount(charge, 'whole', new Date('2026-03-20T00:00:00Z'))).toMatchObject({
      amount: 10_999,
      tax: 999,
    });
  });

  it('prorates by the days left, the day of the refund included, half-up, tax in proportion', () => {
    // 11 of 30 days left on 20 March: 10999 × 11 / 30 = 4032.97 → 4033; tax 999 × 4033 / 10999 = 366.3 → 366.
    const refund = subscriptionRefundAmount(charge, 'prorated', new Date('2026-03-20T12:00:00Z'));
    expect(refund).toEqual({ amount: 4033, tax: 366, remainingDays: 11, periodDays: 30 });
  });

  it('prorates nothing once the period has ended, everything before it starts', () => {
    expect(subscriptionRefundAmount(charge, 'prorated', end).amount).toBe(0);
    expect(subscriptionRefundAmount(charge, 'prorated', new Date('2026-02-01T00:00:00Z')).amount).toBe(
      10_999,
    );
  });

  it('values an extension by days, never above the period’s charge', () => {
    expect(extensionCredit(charge, 3)).toEqual({ amount: 1100, tax: 100 });
    expect(extensionCredit(charge, 365)).toEqual({ amount: 10_999, tax: 999 });
    expect(extensionCredit({ ...charge, amount: 0, tax: 0 }, 5)).toEqual({ amount: 0, tax: 0 });
  });

  it('lists the dunning retries after the due date', () => {
    expect(dunningSchedule(start, [1, 3, 5]).map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-06',
    ]);
  });
});

describe('the list query and search', () => {
  it('reads filters and refuses bad ones with field errors', () => {
    const ok = adminSubscriptionsQuerySchema.parse({
      status: 'past_due',
      plan: 'team',
      interval: 'month',
      country: 'us',
      licenses_min: '2',
      renews_from: '2026-03-01',
      sort: '-renewal',
    });
    expect(ok).toMatchObject({ status: 'past_due', plan: 'team', country: 'US', licenses_min: 2 });
    expect(ok.sort).toEqual({ field: 'renewal', descending: true });
    expect(adminSubscriptionsQuerySchema.parse({ status: '' }).status).toBeUndefined();
    const bad = adminSubscriptionsQuerySchema.safeParse({ status: 'paused', licenses_min: '0' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['status', 'licenses_min']));
    const reversed = adminSubscriptionsQuerySchema.safeParse({ licenses_min: '5', licenses_max: '2' });
    expect(reversed.error?.issues[0]?.path).toEqual(['licenses_max']);
  });

  it('reads ids, references, e-mails and text', () => {
    expect(adminSubscriptionSearchOf('LSC-42')).toEqual({ id: 42 });
    expect(adminSubscriptionSearchOf('lsc-42')).toEqual({ id: 42 });
    expect(adminSubscriptionSearchOf('#42')).toEqual({ id: 42, text: '#42' });
    expect(adminSubscriptionSearchOf('Ana@Example.com')).toEqual({ email: 'ana@example.com' });
    expect(adminSubscriptionSearchOf('Initech')).toEqual({ text: 'initech' });
    expect(adminSubscriptionSearchOf('  ')).toEqual({});
  });

  it('an extension names the period end seen and 1 to 365 days', () => {
    const body = { days: 7, expected_period_end: '2026-03-31T00:00:00.000Z', reason: 'Outage' };
    expect(staffExtendBodySchema.safeParse(body).success).toBe(true);
    expect(staffExtendBodySchema.safeParse({ ...body, days: 0 }).success).toBe(false);
    expect(staffExtendBodySchema.safeParse({ ...body, days: 366 }).success).toBe(false);
    expect(staffExtendBodySchema.safeParse({ ...body, expected_period_end: 'soon' }).success).toBe(false);
  });
});
