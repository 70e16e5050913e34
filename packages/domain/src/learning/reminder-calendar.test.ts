import { describe, expect, it } from 'vitest';
import {
  escapeIcsText,
  foldIcsLine,
  icsUtc,
  reminderCalendar,
  type CalendarReminder,
} from './reminder-calendar.js';

/** UTF-8 length, counted by hand (the domain has no Node or DOM APIs). */
const octets = (text: string) =>
  [...text].reduce((sum, character) => {
    const codePoint = character.codePointAt(0)!;
    return sum + (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);
  }, 0);
const unfold = (text: string) => text.replace(/\r\n /g, '');

const REMINDER: CalendarReminder = {
  uid: 'learning-reminder-12@learn.example.com',
  title: 'Python, every Monday; no excuses',
  description: 'Python for Everyone\nhttps://learn.example.com/course/python-for-everyone/',
  url: 'https://learn.example.com/course/python-for-everyone/',
  start: new Date('2026-03-16T18:00:00Z'),
  end: new Date('2026-03-16T18:45:00Z'),
  recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO',
  repeatUntil: new Date('2026-06-30T23:59:59Z'),
  alarmMinutesBefore: 15,
  lastModified: new Date('2026-03-01T10:00:00.250Z'),
};

describe('reminderCalendar', () => {
  it('writes one VEVENT in UTC with its recurrence, alarm and escaped text, in CRLF lines', () => {
    const calendar = reminderCalendar(REMINDER, {
      productId: '-//Lectern//Learning reminders//EN',
      stamp: new Date('2026-03-14T09:30:00Z'),
    });
    expect(calendar).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Lectern//Learning reminders//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:learning-reminder-12@learn.example.com',
        'DTSTAMP:20260314T093000Z',
        'LAST-MODIFIED:20260301T100000Z',
        'DTSTART:20260316T180000Z',
        'DTEND:20260316T184500Z',
        'RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20260630T235959Z',
        'SUMMARY:Python\\, every Monday\\; no excuses',
        'DESCRIPTION:Python for Everyone\\nhttps://learn.example.com/course/python-fo',
        ' r-everyone/',
        'URL:https://learn.example.com/course/python-for-everyone/',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Python\\, every Monday\\; no excuses',
        'TRIGGER:-PT15M',
        'END:VALARM',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps a rule that ends by itself, and leaves out what a one-off has not', () => {
    const counted = reminderCalendar(
      { ...REMINDER, recurrenceRule: 'FREQ=DAILY;COUNT=5' },
      { productId: 'x', stamp: REMINDER.start },
    );
    expect(counted).toContain('\r\nRRULE:FREQ=DAILY;COUNT=5\r\n');
    const oneOff = reminderCalendar(
      {
        uid: 'u@x',
        title: 'Once',
        start: REMINDER.start,
        end: REMINDER.end,
        recurrenceRule: null,
        repeatUntil: null,
        alarmMinutesBefore: 0,
      },
      { productId: 'x', stamp: REMINDER.start },
    );
    expect(oneOff).not.toMatch(/RRULE|DESCRIPTION:[^O]|URL:|LAST-MODIFIED/);
    expect(oneOff).toContain('\r\nTRIGGER:PT0M\r\n');
    const silent = reminderCalendar(
      { ...REMINDER, alarmMinutesBefore: null },
      { productId: 'x', stamp: REMINDER.start },
    );
    expect(silent).not.toContain('VALARM');
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds to the original', () => {
    const title = `Repaso de gramática — 日本語の勉強 ${'ü'.repeat(60)} 🎓 fin`;
    const calendar = reminderCalendar({ ...REMINDER, title }, { productId: 'x', stamp: REMINDER.start });
    for (const line of calendar.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfold(calendar)).toContain(`\r\nSUMMARY:${escapeIcsText(title)}\r\n`);
    expect(calendar).not.toContain('\uFFFD');
  });
});

describe('the pieces', () => {
  it('escapes TEXT values as RFC 5545 says', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeIcsText('tab\there\u0007bell')).toBe('tab\therebell');
  });

  it('folds exactly at the limit: 75 octets first, then a space and 74', () => {
    expect(foldIcsLine('x'.repeat(75))).toBe('x'.repeat(75));
    const folded = foldIcsLine('x'.repeat(75 + 74 + 1)).split('\r\n');
    expect(folded.map(octets)).toEqual([75, 75, 2]);
    // Three-octet characters never straddle a fold.
    expect(foldIcsLine('語'.repeat(30)).split('\r\n').map(octets)).toEqual([75, 16]);
  });

  it('writes instants in UTC basic form', () => {
    expect(icsUtc(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });
});
