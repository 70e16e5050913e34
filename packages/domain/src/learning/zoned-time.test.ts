import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, startOfZonedDay, weekStartDate, zonedDate } from './zoned-time.js';

describe('zonedDate', () => {
  it('is the calendar date of an instant where the learner is', () => {
    const instant = new Date('2026-03-15T23:30:00Z');
    expect(zonedDate(instant, 'UTC')).toBe('2026-03-15');
    expect(zonedDate(instant, 'Europe/Berlin')).toBe('2026-03-16');
    expect(zonedDate(instant, 'America/Los_Angeles')).toBe('2026-03-15');
    expect(zonedDate(new Date('2026-03-15T09:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-15');
    expect(zonedDate(new Date('2026-03-15T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-16');
  });

  // Offsets are kept per minute: asked again, around transitions and in zones whose old offsets
  // had seconds, the answer is still what the time zone database says of that very instant.
  it('agrees with the time zone database at every instant, asked once or many times', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/Sao_Paulo',
      'Australia/Lord_Howe',
      'Africa/Monrovia',
      'Asia/Kolkata',
    ];
    const reference = (instant: Date, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(instant);
    // Monrovia's clocks read UTC-0:44:30 until 1972; Lord Howe moves them by half an hour.
    const near = [Date.UTC(1972, 0, 7, 0, 44, 30), Date.UTC(2026, 3, 4, 15, 0), Date.UTC(2018, 10, 4, 3, 0)];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.oneof(
          fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
          fc
            .tuple(fc.constantFrom(...near), fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }))
            .map(([at, by]) => at + by),
        ),
        (timeZone, ms) => {
          const instant = new Date(ms);
          expect(zonedDate(instant, timeZone)).toBe(reference(instant, timeZone));
          expect(zonedDate(instant, timeZone)).toBe(reference(instant, timeZone));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('startOfZonedDay', () => {
  it('is local midnight as a UTC instant', () => {
    expect(startOfZonedDay('2026-03-16', 'UTC').toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(startOfZonedDay('2026-03-16', 'Europe/Berlin').toISOString()).toBe('2026-03-15T23:00:00.000Z');
    expect(startOfZonedDay('2026-07-06', 'Europe/Berlin').toISOString()).toBe('2026-07-05T22:00:00.000Z');
    expect(startOfZonedDay('2026-03-16', 'Asia/Kolkata').toISOString()).toBe('2026-03-15T18:30:00.000Z');
  });

  it('follows daylight saving on the days the clocks change', () => {
    // New York springs forward at 02:00 and falls back at 02:00: midnight itself is untouched.
    expect(startOfZonedDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfZonedDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfZonedDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('starts a day whose midnight was skipped at the end of the gap', () => {
    // São Paulo's clocks went from 00:00 to 01:00 on 2018-11-04.
    const start = startOfZonedDay('2018-11-04', 'America/Sao_Paulo');
    expect(start.toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(zonedDate(start, 'America/Sao_Paulo')).toBe('2018-11-04');
    expect(zonedDate(new Date(start.getTime() - 1), 'America/Sao_Paulo')).toBe('2018-11-03');
  });

  it('takes the first of two midnights', () => {
    // Havana's clocks went from 01:00 back to 00:00 on 2025-11-02: midnight happened twice.
    const start = startOfZonedDay('2025-11-02', 'America/Havana');
    expect(start.toISOString()).toBe('2025-11-02T04:00:00.000Z');
  });

  it('refuses text that is not a calendar date', () => {
    expect(() => startOfZonedDay('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => startOfZonedDay('16/03/2026', 'UTC')).toThrow(RangeError);
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months and years, and finds the ISO week start', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(isoWeekday('2026-03-16')).toBe(1);
    expect(isoWeekday('2026-03-22')).toBe(7);
    expect(weekStartDate('2026-03-22')).toBe('2026-03-16');
    expect(weekStartDate('2026-03-16')).toBe('2026-03-16');
    expect(weekStartDate('2027-01-01')).toBe('2026-12-28');
  });

  it('writes the same dates as the runtime across eight centuries and at the ends of the range', () => {
    const DAY = 86_400_000;
    const runtimeDate = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1600, 0, 1) / DAY, max: Date.UTC(2400, 0, 1) / DAY }), (day) => {
        expect(addDays(runtimeDate(day), 0)).toBe(runtimeDate(day));
        expect(addDays(runtimeDate(day), 1)).toBe(runtimeDate(day + 1));
      }),
      { numRuns: 5_000 },
    );
    expect(addDays('1600-03-01', -1)).toBe('1600-02-29');
    expect(addDays('0999-12-31', 1)).toBe('1000-01-01');
    expect(addDays('1900-02-28', 1)).toBe('1900-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('1969-12-31', 1)).toBe('1970-01-01');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
  });
});
