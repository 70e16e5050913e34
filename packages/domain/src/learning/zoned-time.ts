// Calendar dates in a user's time zone without a date library: the runtime's Intl time zone
// database answers what wall-clock time an instant is somewhere; everything else is arithmetic
// on 'YYYY-MM-DD' dates, which have no zone and no daylight-saving gaps.

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `instantMs` as the clock on the wall in `timeZone` reads it, written as a UTC instant (ms). */
function measuredWallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
    instantMs - Math.floor(instantMs / 1000) * 1000,
  );
}

const MINUTE_MS = 60 * 1000;
/** Enough minutes for every zone's recent days; the cache starts over when it holds more. */
const OFFSET_CACHE_MAX = 20_000;
/**
 * Zone offsets by zone and minute (ms since the epoch / 60,000). Asking Intl costs a few
 * microseconds and a weekly streak asks about twenty times, on every visit of a learner's home
 * page; a minute without a transition in it has one offset, so each is measured once.
 */
const offsetsByMinute = new Map<string, Map<number, number>>();
let cachedOffsets = 0;

/** How far `timeZone` is ahead of UTC at `instantMs`, in ms. */
function offsetMs(instantMs: number, timeZone: string): number {
  const minute = Math.floor(instantMs / MINUTE_MS);
  let zone = offsetsByMinute.get(timeZone);
  const cached = zone?.get(minute);
  if (cached !== undefined) return cached;
  const start = minute * MINUTE_MS;
  const offset = measuredWallClockMs(start, timeZone) - start;
  const end = start + MINUTE_MS - 1;
  // The clocks changed within this minute (only old local mean times do): measure the instant.
  if (measuredWallClockMs(end, timeZone) - end !== offset) {
    return measuredWallClockMs(instantMs, timeZone) - instantMs;
  }
  if (cachedOffsets >= OFFSET_CACHE_MAX) {
    offsetsByMinute.clear();
    cachedOffsets = 0;
    zone = undefined;
  }
  if (!zone) {
    zone = new Map();
    offsetsByMinute.set(timeZone, zone);
  }
  zone.set(minute, offset);
  cachedOffsets += 1;
  return offset;
}

/** The wall-clock time of `instantMs` in `timeZone`, written as if it were a UTC instant (ms). */
const wallClockMs = (instantMs: number, timeZone: string) => instantMs + offsetMs(instantMs, timeZone);

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * The UTC calendar date of an instant, 'YYYY-MM-DD'. Arithmetic (days to a civil date, as in
 * Howard Hinnant's `civil_from_days`) instead of `toISOString`: a weekly streak writes about
 * forty dates per request, and this is several times cheaper.
 */
function dateTextOfUtc(ms: number): string {
  const days = Math.floor(ms / DAY_MS) + 719_468; // from 0000-03-01
  const era = Math.floor(days / 146_097);
  const dayOfEra = days - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  // Years past four digits are no 'YYYY-MM-DD' date: written as the runtime writes them.
  if (year < 0 || year > 9999) return new Date(ms).toISOString().slice(0, 10);
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

function utcMsOfDate(date: string): number {
  const match = DATE_TEXT.exec(date);
  if (!match) throw new RangeError(`"${date}" is not a YYYY-MM-DD date.`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (dateTextOfUtc(ms) !== date) throw new RangeError(`"${date}" is not a calendar date.`);
  return ms;
}

/** The calendar date ('YYYY-MM-DD') an instant falls on in `timeZone` (an IANA name such as "Europe/Berlin"). */
export function zonedDate(instant: Date, timeZone: string): string {
  return dateTextOfUtc(wallClockMs(instant.getTime(), timeZone));
}

/**
 * The first instant of a calendar date in `timeZone`: its midnight, the earlier one when
 * midnight happens twice, or the end of a daylight-saving gap that swallows midnight
 * (São Paulo on 2018-11-04 began at 01:00).
 */
export function startOfZonedDay(date: string, timeZone: string): Date {
  const midnight = utcMsOfDate(date);
  // The zone's offsets around that day: a transition near midnight is between them.
  const offsets = new Set(
    [midnight - DAY_MS, midnight, midnight + DAY_MS].map((probe) => offsetMs(probe, timeZone)),
  );
  let best: { instant: number; wall: number } | null = null;
  for (const offset of offsets) {
    const instant = midnight - offset;
    const wall = wallClockMs(instant, timeZone);
    if (dateTextOfUtc(wall) !== date) continue;
    if (!best || wall < best.wall || (wall === best.wall && instant < best.instant)) best = { instant, wall };
  }
  // Every zone's offsets lie within a day, so one candidate always lands on the date.
  if (!best) throw new RangeError(`No start of ${date} found in ${timeZone}.`);
  return new Date(best.instant);
}

/** `date` moved by `days` calendar days (negative: back). */
export function addDays(date: string, days: number): string {
  return dateTextOfUtc(utcMsOfDate(date) + days * DAY_MS);
}

/** ISO 8601 weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(utcMsOfDate(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday that starts the ISO week `date` belongs to. */
export function weekStartDate(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}
