import { Counter, type Registry } from 'prom-client';
import { z } from 'zod';

/** A counter name the browser may send: lower-case words joined by dots or underscores. */
const METRIC_KEY = /^[a-z][a-z0-9_.]{0,63}$/;
const TAG_NAME = /^[a-z][a-z0-9_]{0,31}$/;
const MAX_TAGS = 8;
const MAX_TAG_VALUE_LENGTH = 64;
const KEY_MESSAGE = 'Use a metric name of lower-case letters, digits, "." and "_" (at most 64).';
const TAGS_MESSAGE = `Send the tags as a JSON object of at most ${MAX_TAGS} short texts.`;

/**
 * The browser chooses keys and tags, so it could create a new time series per request and
 * exhaust the metrics store. Each (key, tags) pair becomes one series; once this many exist
 * in the process, further new pairs are counted in one `overflow` series instead.
 */
export const CLIENT_METRIC_MAX_SERIES = 1_000;
export const CLIENT_METRIC_OVERFLOW_KEY = 'overflow';

const tagValues = z
  .record(
    z.string().regex(TAG_NAME),
    z.union([z.string().max(MAX_TAG_VALUE_LENGTH), z.number(), z.boolean()]).transform(String),
  )
  .refine((tags) => Object.keys(tags).length <= MAX_TAGS);

/**
 * Body of `POST /visits/me/datadog-increment-logs/` (platform §7): `key` a metric name and
 * `tags` a JSON string of an object of short values. The tags come out in one canonical form
 * (sorted `name:value` pairs joined by commas), so the same tags always name the same series.
 */
export const clientMetricBody = z.object({
  key: z.string({ error: KEY_MESSAGE }).regex(METRIC_KEY, KEY_MESSAGE),
  tags: z
    .string({ error: TAGS_MESSAGE })
    .max(2048, TAGS_MESSAGE)
    .optional()
    .transform((text, context) => {
      if (text === undefined || text === '') return '';
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const tags = tagValues.safeParse(parsed);
      if (!tags.success) {
        context.addIssue({ code: 'custom', message: TAGS_MESSAGE });
        return z.NEVER;
      }
      return Object.entries(tags.data)
        .map(([name, value]) => `${name}:${value}`)
        .sort()
        .join(',');
    }),
});

/** The browser's counters (platform §7), exported at `/metrics` as `lectern_client_events_total`. */
export function createClientMetrics(registry: Registry) {
  const counter = new Counter({
    name: 'lectern_client_events_total',
    help: 'Counters sent by the browser app (errors, redirects, renders, page views)',
    labelNames: ['key', 'tags'] as const,
    registers: [registry],
  });
  const series = new Set<string>();
  return {
    /** Adds one to the series of `key` and canonical `tags` (see `clientMetricBody`). */
    increment(key: string, tags: string): void {
      const id = `${key}|${tags}`;
      if (!series.has(id)) {
        if (series.size >= CLIENT_METRIC_MAX_SERIES) {
          counter.inc({ key: CLIENT_METRIC_OVERFLOW_KEY, tags: '' });
          return;
        }
        series.add(id);
      }
      counter.inc({ key, tags });
    },
  };
}

export type ClientMetrics = ReturnType<typeof createClientMetrics>;
