// A learning reminder as an RFC 5545 calendar file (.ics): one VEVENT with its times in UTC,
// its recurrence, and an alarm. Lines end in CRLF and are folded at 75 octets; text values are
// escaped. Calendars (Apple, Google, Outlook) import the same file.

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** How many octets a code point takes in UTF-8. */
function utf8Length(character: string): number {
  const codePoint = character.codePointAt(0)!;
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** What a calendar event of a reminder holds. */
export interface CalendarReminder {
  /** Globally unique and stable for the reminder (a re-import updates the event): `learning-reminder-12@learn.example.com`. */
  uid: string;
  title: string;
  /** Free text under the title (what to learn, where). */
  description?: string | null;
  /** An absolute address of what to learn. */
  url?: string | null;
  start: Date;
  end: Date;
  /** A checked RFC 5545 recurrence rule without `RRULE:`; null for a one-off. */
  recurrenceRule?: string | null;
  /** The last moment a recurrence may start; added as UNTIL when the rule has neither UNTIL nor COUNT. */
  repeatUntil?: Date | null;
  /** The calendar's own alert, this many minutes before the start; null for none. */
  alarmMinutesBefore?: number | null;
  /** When the reminder was last changed. */
  lastModified?: Date | null;
}

/** RFC 5545 §3.3.5 UTC form: 20260314T093000Z. */
export function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function escapeIcsText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/**
 * RFC 5545 §3.1 folding: a content line longer than 75 octets continues on lines that start
 * with one space, never splitting a UTF-8 character.
 */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Length(character);
    // A continuation line's leading space is one of its 75 octets.
    const limit = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

function alarmTrigger(minutesBefore: number): string {
  return minutesBefore === 0 ? 'PT0M' : `-PT${minutesBefore}M`;
}

/** The recurrence with the reminder's end added as UNTIL when the rule does not end by itself. */
function recurrenceOf(reminder: CalendarReminder): string | null {
  const rule = reminder.recurrenceRule;
  if (!rule) return null;
  const endsItself = /(^|;)(UNTIL|COUNT)=/.test(rule);
  return reminder.repeatUntil && !endsItself ? `${rule};UNTIL=${icsUtc(reminder.repeatUntil)}` : rule;
}

/**
 * The reminder as a whole VCALENDAR document (RFC 5545), ready to be served as
 * `text/calendar`. `productId` names the writer (PRODID); `stamp` is when the file is made (DTSTAMP).
 */
export function reminderCalendar(
  reminder: CalendarReminder,
  options: { productId: string; stamp: Date },
): string {
  const recurrence = recurrenceOf(reminder);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeIcsText(options.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${reminder.uid}`,
    `DTSTAMP:${icsUtc(options.stamp)}`,
    ...(reminder.lastModified ? [`LAST-MODIFIED:${icsUtc(reminder.lastModified)}`] : []),
    `DTSTART:${icsUtc(reminder.start)}`,
    `DTEND:${icsUtc(reminder.end)}`,
    ...(recurrence ? [`RRULE:${recurrence}`] : []),
    `SUMMARY:${escapeIcsText(reminder.title)}`,
    ...(reminder.description ? [`DESCRIPTION:${escapeIcsText(reminder.description)}`] : []),
    ...(reminder.url ? [`URL:${reminder.url}`] : []),
    ...(reminder.alarmMinutesBefore === null || reminder.alarmMinutesBefore === undefined
      ? []
      : [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${escapeIcsText(reminder.title)}`,
          `TRIGGER:${alarmTrigger(reminder.alarmMinutesBefore)}`,
          'END:VALARM',
        ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
