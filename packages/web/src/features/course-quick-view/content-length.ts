/** A course's length as the quick view box says it: minutes under an hour, else hours. */
export type ContentLength = { unit: 'minutes'; value: number } | { unit: 'hours'; value: number };

/**
 * Minutes of content as a reader takes them in at a glance: whole minutes under an hour,
 * half hours above (754 minutes are "12.5 hours", not "12.57"); nothing for a course without
 * a length yet.
 */
export function contentLength(minutes: number): ContentLength | null {
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  if (minutes < 59.5) return { unit: 'minutes', value: Math.max(1, Math.round(minutes)) };
  return { unit: 'hours', value: Math.max(1, Math.round(minutes / 30) / 2) };
}
