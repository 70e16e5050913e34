import { describe, expect, it } from 'vitest';
import { checkRecurrenceRule } from './recurrence-rule.js';

const problem = (text: string) => {
  const checked = checkRecurrenceRule(text);
  return checked.ok ? null : checked.message;
};

describe('checkRecurrenceRule', () => {
  it('accepts RFC 5545 rules a reminder may follow, upper-cased without the RRULE: prefix', () => {
    for (const [text, rule] of [
      ['FREQ=DAILY', 'FREQ=DAILY'],
      ['rrule:freq=weekly;byday=mo,we,fr', 'FREQ=WEEKLY;BYDAY=MO,WE,FR'],
      [
        'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20261231T235959Z',
        'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20261231T235959Z',
      ],
      ['FREQ=MONTHLY;BYDAY=-1FR;COUNT=12', 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12'],
      ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1'],
      ['FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
      [
        'FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=15;BYHOUR=9;BYMINUTE=30',
        'FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=15;BYHOUR=9;BYMINUTE=30',
      ],
      ['FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;WKST=SU', 'FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;WKST=SU'],
      ['  FREQ=YEARLY;BYYEARDAY=1,-1 ', 'FREQ=YEARLY;BYYEARDAY=1,-1'],
    ]) {
      expect(checkRecurrenceRule(text!), text).toEqual({ ok: true, rule });
    }
  });

  it('needs a FREQ, at most daily', () => {
    expect(problem('')).toMatch(/empty/);
    expect(problem('BYDAY=MO')).toBe('The recurrence rule needs a FREQ, such as FREQ=WEEKLY.');
    expect(problem('FREQ=HOURLY')).toBe('A reminder repeats at most daily.');
    expect(problem('FREQ=MINUTELY;INTERVAL=5')).toBe('A reminder repeats at most daily.');
    expect(problem('FREQ=FORTNIGHTLY')).toMatch(/FREQ must be one of DAILY, WEEKLY, MONTHLY, YEARLY/);
  });

  it('refuses what is not the grammar, or out of range', () => {
    expect(problem('FREQ=WEEKLY;;BYDAY=MO')).toMatch(/is not a NAME=VALUE part/);
    expect(problem('FREQ=WEEKLY;BYDAY=MO;BYDAY=TU')).toBe(
      'BYDAY appears more than once in the recurrence rule.',
    );
    expect(problem('FREQ=WEEKLY;COLOR=RED')).toBe('COLOR is not a part of a recurrence rule.');
    expect(problem('FREQ=WEEKLY;BYDAY=XX')).toMatch(/BYDAY takes weekdays/);
    expect(problem('FREQ=MONTHLY;BYDAY=0MO')).toMatch(/BYDAY takes weekdays/);
    expect(problem('FREQ=MONTHLY;BYDAY=+MO')).toMatch(/BYDAY takes weekdays/);
    expect(problem('FREQ=DAILY;INTERVAL=0')).toBe('INTERVAL must be a whole number from 1 to 9999.');
    expect(problem('FREQ=DAILY;COUNT=-3')).toBe('COUNT must be a whole number from 1 to 9999.');
    expect(problem('FREQ=YEARLY;BYMONTH=13')).toMatch(/BYMONTH takes numbers from 1 to 12/);
    expect(problem('FREQ=MONTHLY;BYMONTHDAY=0')).toMatch(/BYMONTHDAY takes numbers/);
    expect(problem('FREQ=MONTHLY;BYMONTHDAY=32')).toMatch(/BYMONTHDAY takes numbers/);
    expect(problem('FREQ=DAILY;BYHOUR=24')).toMatch(/BYHOUR takes numbers from 0 to 23/);
    expect(problem('FREQ=DAILY;BYMINUTE=-5')).toMatch(/BYMINUTE takes numbers from 0 to 59/);
    expect(problem('FREQ=WEEKLY;WKST=XX')).toBe('WKST must be a weekday such as MO.');
    expect(problem(`FREQ=WEEKLY;BYDAY=${'MO,'.repeat(200)}TU`)).toMatch(/at most 500 characters/);
  });

  it('wants UNTIL as a real UTC date and time', () => {
    expect(problem('FREQ=DAILY;UNTIL=20261231')).toMatch(/UNTIL must be a UTC date and time/);
    expect(problem('FREQ=DAILY;UNTIL=20261231T235959')).toMatch(/UNTIL must be a UTC date and time/);
    expect(problem('FREQ=DAILY;UNTIL=20260230T120000Z')).toMatch(/UNTIL must be a UTC date and time/);
    expect(problem('FREQ=DAILY;UNTIL=20261231T245959Z')).toMatch(/UNTIL must be a UTC date and time/);
  });

  it('refuses parts RFC 5545 does not allow together', () => {
    expect(problem('FREQ=DAILY;COUNT=3;UNTIL=20261231T235959Z')).toBe(
      'A recurrence rule has UNTIL or COUNT, not both.',
    );
    expect(problem('FREQ=WEEKLY;BYDAY=1MO')).toBe(
      'Numbered weekdays in BYDAY (such as 1MO) need FREQ=MONTHLY or FREQ=YEARLY.',
    );
    expect(problem('FREQ=MONTHLY;BYWEEKNO=3')).toBe('BYWEEKNO needs FREQ=YEARLY.');
    expect(problem('FREQ=MONTHLY;BYYEARDAY=100')).toBe('BYYEARDAY needs FREQ=YEARLY.');
    expect(problem('FREQ=WEEKLY;BYMONTHDAY=1')).toBe('BYMONTHDAY cannot go with FREQ=WEEKLY.');
    expect(problem('FREQ=YEARLY;BYWEEKNO=3;BYDAY=1MO')).toBe(
      'Numbered weekdays in BYDAY cannot go with BYWEEKNO.',
    );
    expect(problem('FREQ=MONTHLY;BYSETPOS=1')).toBe(
      'BYSETPOS needs another BY part (such as BYDAY) to pick from.',
    );
  });
});
