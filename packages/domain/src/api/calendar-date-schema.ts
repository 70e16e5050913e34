import { z } from 'zod';
import { isCalendarDate } from './calendar-date.js';

/**
 * The one schema of a date field at the API's edges: `YYYY-MM-DD` of a day that exists, so a
 * request naming 2026-09-31 is refused (400, a field error) instead of becoming 1 October.
 * `orEmpty` admits '' where the browser's empty field means "no date" (a gift sent at once).
 */
export const calendarDateSchema = (field: string, options: { orEmpty?: boolean } = {}) => {
  const message = `${field} must be a date that exists, written YYYY-MM-DD (such as 2026-09-30).`;
  return z
    .string({ error: message })
    .max(10, message)
    .refine((text) => (options.orEmpty === true && text === '') || isCalendarDate(text), message);
};
