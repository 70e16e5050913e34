import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '../money/money.js';
import { addInterval, calendarDaysBetween, intervalDays, trialDaysLeft } from './billing-periods.js';
import { prorateSeatIncrease, remainingPeriodDays } from './proration.js';

const utc = (text: string) => new Date(`${text}T00:00:00Z`);

describe('prorateSeatIncrease (design §5)', () => {
  it('charges the Kill Bill example: 249.95 × 27/30 = 224.96, rounded half-up once', () => {
    // A 30-day period from 1 June; the change on 4 June leaves 4..30 June = 27 days.
    const charge = prorateSeatIncrease({
      unitPrice: money(24995, 'USD'),
      addedSeats: 1,
      periodStart: utc('2026-06-01'),
      periodEnd: utc('2026-07-01'),
      changeAt: new Date('2026-06-04T15:30:00Z'),
    });
    expect(charge).toEqual(money(22496, 'USD'));
  });

  it('counts the day of the change: a seat added on the last day pays one day', () => {
    const charge = prorateSeatIncrease({
      unitPrice: money(36000, 'USD'),
      addedSeats: 3,
      periodStart: utc('2026-01-01'),
      periodEnd: utc('2027-01-01'),
      changeAt: new Date('2026-12-31T23:59:00Z'),
    });
    // 360.00 × 3 × 1/365 = 2.9589… → 2.96
    expect(charge).toEqual(money(296, 'USD'));
  });

  it('charges the whole period on its first day and nothing once it ended', () => {
    const base = {
      unitPrice: money(4000, 'USD'),
      addedSeats: 2,
      periodStart: utc('2026-02-01'),
      periodEnd: utc('2026-03-01'),
    };
    expect(prorateSeatIncrease({ ...base, changeAt: utc('2026-02-01') })).toEqual(money(8000, 'USD'));
    expect(prorateSeatIncrease({ ...base, changeAt: utc('2026-03-01') })).toEqual(money(0, 'USD'));
  });

  it('works in zero-decimal currencies', () => {
    const charge = prorateSeatIncrease({
      unitPrice: money(54000, 'JPY'),
      addedSeats: 1,
      periodStart: utc('2026-01-01'),
      periodEnd: utc('2027-01-01'),
      changeAt: utc('2026-07-02'),
    });
    // 183 of 365 days: 27073.97… → 27074
    expect(charge).toEqual(money(27074, 'JPY'));
  });

  it('refuses negative or fractional seats', () => {
    const base = {
      unitPrice: money(100, 'USD'),
      periodStart: utc('2026-01-01'),
      periodEnd: utc('2026-02-01'),
      changeAt: utc('2026-01-10'),
    };
    expect(() => prorateSeatIncrease({ ...base, addedSeats: -1 })).toThrow(RangeError);
    expect(() => prorateSeatIncrease({ ...base, addedSeats: 1.5 })).toThrow(RangeError);
  });

  const period = fc
    .record({
      start: fc.date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2035-01-01T00:00:00Z'),
        noInvalidDate: true,
      }),
      type: fc.constantFrom('DAY', 'WEEK', 'MONTH', 'YEAR' as const),
      count: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ start, type, count }) => ({ start, end: addInterval(start, { type, count }) }));

  it('never charges more than the full period for the added seats, and more for more days left', () => {
    fc.assert(
      fc.property(
        period,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ start, end }, unit, seats, a, b) => {
          const at = (share: number) => new Date(start.getTime() + share * (end.getTime() - start.getTime()));
          const [early, late] = a <= b ? [at(a), at(b)] : [at(b), at(a)];
          const price = (changeAt: Date) =>
            prorateSeatIncrease({
              unitPrice: money(unit, 'USD'),
              addedSeats: seats,
              periodStart: start,
              periodEnd: end,
              changeAt,
            }).amount;
          const full = unit * seats;
          expect(price(early)).toBeLessThanOrEqual(full);
          expect(price(early)).toBeGreaterThanOrEqual(price(late));
          expect(price(late)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('charges a sequence of upsells in one period at most what the seats cost for the whole period', () => {
    fc.assert(
      fc.property(
        period,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(
          fc.record({
            seats: fc.integer({ min: 1, max: 5 }),
            share: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          {
            maxLength: 6,
          },
        ),
        ({ start, end }, unit, upsells) => {
          let charged = 0;
          let seats = 0;
          for (const upsell of upsells) {
            const changeAt = new Date(start.getTime() + upsell.share * (end.getTime() - start.getTime()));
            charged += prorateSeatIncrease({
              unitPrice: money(unit, 'USD'),
              addedSeats: upsell.seats,
              periodStart: start,
              periodEnd: end,
              changeAt,
            }).amount;
            seats += upsell.seats;
          }
          expect(charged).toBeLessThanOrEqual(unit * seats);
        },
      ),
    );
  });
});

describe('remainingPeriodDays', () => {
  it('counts from the change day to the end, at least one day before the end', () => {
    expect(remainingPeriodDays(utc('2026-06-01'), utc('2026-07-01'), utc('2026-06-30'))).toBe(1);
    expect(
      remainingPeriodDays(
        utc('2026-06-01'),
        new Date('2026-07-01T10:00:00Z'),
        new Date('2026-07-01T09:00:00Z'),
      ),
    ).toBe(1);
    expect(remainingPeriodDays(utc('2026-06-01'), utc('2026-07-01'), utc('2026-05-01'))).toBe(30);
  });
});

describe('billing periods', () => {
  it('keep the day of the month, clamped to the month end', () => {
    expect(addInterval(utc('2026-01-31'), { type: 'MONTH', count: 1 }).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(addInterval(utc('2028-02-29'), { type: 'YEAR', count: 1 }).toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(addInterval(utc('2026-03-10'), { type: 'WEEK', count: 2 }).toISOString()).toBe(
      '2026-03-24T00:00:00.000Z',
    );
    expect(intervalDays(utc('2026-01-01'), { type: 'DAY', count: 14 })).toBe(14);
    expect(calendarDaysBetween(new Date('2026-01-01T23:00:00Z'), new Date('2026-01-02T01:00:00Z'))).toBe(1);
  });

  it('round trial days left up (team-plan §9)', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(trialDaysLeft(now, new Date('2026-01-02T12:00:01Z'))).toBe(2);
    expect(trialDaysLeft(now, new Date('2026-01-02T12:00:00Z'))).toBe(1);
    expect(trialDaysLeft(now, now)).toBe(0);
  });
});
