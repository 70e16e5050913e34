import { describe, expect, it } from 'vitest';
import { calendarDateSchema } from './calendar-date-schema.js';
import { isCalendarDate, isCalendarDateTime } from './calendar-date.js';

describe('calendar dates', () => {
  it('are days that exist, written YYYY-MM-DD', () => {
    for (const day of ['2026-09-30', '2026-02-28', '2028-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDate(day), day).toBe(true);
    }
    for (const day of [
      '2026-09-31',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '2026-9-30',
      '20260930',
      '2026-09-30T00:00:00Z',
      ' 2026-09-30',
      '',
    ]) {
      expect(isCalendarDate(day), day).toBe(false);
    }
  });

  it('times are ISO 8601 with an offset, on a day that exists', () => {
    for (const time of ['2026-09-30T18:00:00Z', '2026-09-30T18:00Z', '2026-09-30T20:00:00.123+02:00']) {
      expect(isCalendarDateTime(time), time).toBe(true);
    }
    for (const time of [
      '2026-09-31T18:00:00Z',
      '2026-09-30T24:00:00Z',
      '2026-09-30T18:60Z',
      '2026-09-30T18:00',
      'yesterday',
    ]) {
      expect(isCalendarDateTime(time), time).toBe(false);
    }
  });

  it('the edge schema refuses a day that does not exist with a message naming the field', () => {
    const schema = calendarDateSchema('deliver_on');
    expect(schema.safeParse('2026-09-30').success).toBe(true);
    const refused = schema.safeParse('2026-09-31');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'deliver_on must be a date that exists, written YYYY-MM-DD (such as 2026-09-30).',
    );
    expect(schema.safeParse('').success).toBe(false);
    expect(calendarDateSchema('deliver_on', { orEmpty: true }).safeParse('').success).toBe(true);
    expect(schema.safeParse(20260930).error?.issues[0]?.message).toMatch(/^deliver_on must be a date/);
  });
});
