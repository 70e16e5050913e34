// RFC 5545 §3.3.10 recurrence rules (RRULE values) as learning reminders accept them: the
// grammar and the value ranges of the RFC, its rules about which parts go together, and one
// rule of ours: a reminder repeats at most daily (no SECONDLY, MINUTELY or HOURLY).

export const RECURRENCE_RULE_MAX_LENGTH = 500;

const REMINDER_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
const SUB_DAILY_FREQUENCIES = ['SECONDLY', 'MINUTELY', 'HOURLY'];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const UNTIL_UTC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const BY_DAY = /^([+-]?)(\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const INTEGER = /^[+-]?\d{1,4}$/;

export type RecurrenceRuleCheck = { ok: true; rule: string } | { ok: false; message: string };

/** A list part (`BYMONTH=1,6`) whose every entry is an integer within ±[min, max] (0 allowed only when `min` is 0). */
function integerListProblem(
  name: string,
  value: string,
  range: { min: number; max: number; signed: boolean },
): string | null {
  for (const entry of value.split(',')) {
    const number = Number(entry);
    const magnitude = Math.abs(number);
    const signOk = range.signed || !/^[+-]/.test(entry);
    if (!INTEGER.test(entry) || !signOk || magnitude < range.min || magnitude > range.max) {
      const span = range.signed ? `±${range.min || 1} to ±${range.max}` : `${range.min} to ${range.max}`;
      return `${name} takes numbers from ${span}; "${entry}" is not one.`;
    }
  }
  return null;
}

function untilProblem(value: string): string | null {
  const match = UNTIL_UTC.exec(value);
  if (match) {
    const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
    const ms = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
    const back = new Date(ms);
    if (
      back.getUTCFullYear() === year &&
      back.getUTCMonth() === month! - 1 &&
      back.getUTCDate() === day &&
      hour! < 24 &&
      minute! < 60 &&
      second! < 60
    ) {
      return null;
    }
  }
  // The reminder's DTSTART is a UTC date-time, and RFC 5545 wants UNTIL of the same kind.
  return `UNTIL must be a UTC date and time such as 20261231T235959Z; "${value}" is not one.`;
}

/**
 * Checks an RFC 5545 recurrence rule (`FREQ=WEEKLY;BYDAY=MO,WE`, with or without `RRULE:`)
 * and answers it upper-cased without the prefix, or the first problem in words.
 */
export function checkRecurrenceRule(text: string): RecurrenceRuleCheck {
  const rule = text
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  const fail = (message: string): RecurrenceRuleCheck => ({ ok: false, message });
  if (rule.length === 0) return fail('The recurrence rule is empty; write one such as FREQ=WEEKLY;BYDAY=MO.');
  if (rule.length > RECURRENCE_RULE_MAX_LENGTH) {
    return fail(`The recurrence rule can be at most ${RECURRENCE_RULE_MAX_LENGTH} characters.`);
  }
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    const match = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(part);
    if (!match) return fail(`"${part}" is not a NAME=VALUE part of a recurrence rule.`);
    const [, name, value] = match as unknown as [string, string, string];
    if (parts.has(name)) return fail(`${name} appears more than once in the recurrence rule.`);
    parts.set(name, value);
  }

  const frequency = parts.get('FREQ');
  if (!frequency) return fail('The recurrence rule needs a FREQ, such as FREQ=WEEKLY.');
  if (SUB_DAILY_FREQUENCIES.includes(frequency)) return fail('A reminder repeats at most daily.');
  if (!(REMINDER_FREQUENCIES as readonly string[]).includes(frequency)) {
    return fail(`FREQ must be one of ${REMINDER_FREQUENCIES.join(', ')}.`);
  }
  for (const [name, value] of parts) {
    let problem: string | null = null;
    switch (name) {
      case 'FREQ':
        break;
      case 'UNTIL':
        problem = untilProblem(value);
        break;
      case 'COUNT':
      case 'INTERVAL':
        problem = /^[1-9]\d{0,3}$/.test(value) ? null : `${name} must be a whole number from 1 to 9999.`;
        break;
      case 'BYSECOND':
        problem = integerListProblem(name, value, { min: 0, max: 60, signed: false });
        break;
      case 'BYMINUTE':
        problem = integerListProblem(name, value, { min: 0, max: 59, signed: false });
        break;
      case 'BYHOUR':
        problem = integerListProblem(name, value, { min: 0, max: 23, signed: false });
        break;
      case 'BYMONTH':
        problem = integerListProblem(name, value, { min: 1, max: 12, signed: false });
        break;
      case 'BYMONTHDAY':
        problem = integerListProblem(name, value, { min: 1, max: 31, signed: true });
        break;
      case 'BYYEARDAY':
      case 'BYSETPOS':
        problem = integerListProblem(name, value, { min: 1, max: 366, signed: true });
        break;
      case 'BYWEEKNO':
        problem = integerListProblem(name, value, { min: 1, max: 53, signed: true });
        break;
      case 'BYDAY':
        for (const entry of value.split(',')) {
          const match = BY_DAY.exec(entry);
          const ordinal = match?.[2] === undefined ? null : Number(match[2]);
          if (!match || (match[1] && ordinal === null) || ordinal === 0 || (ordinal ?? 0) > 53) {
            problem = `BYDAY takes weekdays such as MO or 1MO (first Monday); "${entry}" is not one.`;
          } else if (ordinal !== null && frequency !== 'MONTHLY' && frequency !== 'YEARLY') {
            problem = 'Numbered weekdays in BYDAY (such as 1MO) need FREQ=MONTHLY or FREQ=YEARLY.';
          }
          if (problem) break;
        }
        break;
      case 'WKST':
        problem = WEEKDAYS.includes(value) ? null : 'WKST must be a weekday such as MO.';
        break;
      default:
        problem = `${name} is not a part of a recurrence rule.`;
    }
    if (problem) return fail(problem);
  }

  // RFC 5545's rules about parts that do not go together.
  if (parts.has('UNTIL') && parts.has('COUNT'))
    return fail('A recurrence rule has UNTIL or COUNT, not both.');
  if (parts.has('BYWEEKNO') && frequency !== 'YEARLY') return fail('BYWEEKNO needs FREQ=YEARLY.');
  if (parts.has('BYYEARDAY') && frequency !== 'YEARLY') return fail('BYYEARDAY needs FREQ=YEARLY.');
  if (parts.has('BYMONTHDAY') && frequency === 'WEEKLY')
    return fail('BYMONTHDAY cannot go with FREQ=WEEKLY.');
  if (frequency === 'YEARLY' && parts.has('BYWEEKNO') && /\d/.test(parts.get('BYDAY') ?? '')) {
    return fail('Numbered weekdays in BYDAY cannot go with BYWEEKNO.');
  }
  if (
    parts.has('BYSETPOS') &&
    ![...parts.keys()].some((name) => name.startsWith('BY') && name !== 'BYSETPOS')
  ) {
    return fail('BYSETPOS needs another BY part (such as BYDAY) to pick from.');
  }
  return { ok: true, rule };
}
