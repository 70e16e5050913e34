// Dates as the API accepts them. JavaScript's Date rolls a day that does not exist into the next
// month (2026-09-31 becomes 1 October), so a date is checked by writing it back: only a real
// day of the Gregorian calendar survives. Plain functions: the checkout page carries no schema
// library (decision 0026); the zod form for the server's edges is in calendar-date-schema.ts.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** Whether text is a day that exists, written `YYYY-MM-DD` (2026-02-28 yes; 2026-02-29, 2026-09-31 no). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // PostgreSQL has no year 0 (1 BC comes before AD 1).
  if (year < 1) return false;
  const at = new Date(Date.UTC(year, month - 1, day));
  // Years below 100 are taken as 19xx by Date.UTC: set the year again.
  at.setUTCFullYear(year);
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/**
 * Whether text is an ISO 8601 date and time with its offset (`2026-09-30T18:00:00Z`,
 * `2026-09-30T20:00+02:00`) whose day exists.
 */
export function isCalendarDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  return match !== null && isCalendarDate(match[1]!);
}
