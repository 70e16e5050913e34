import { z } from 'zod';
import { idListOf } from './learning-community-rules.js';
import { normalizeSearchText } from './learning-search.js';

/** Bounds of the topic queries and mutations. */
export const TOPIC_LIMITS = {
  searchLimitDefault: 10,
  searchLimitMax: 50,
  /** Topic or group ids per call. */
  idsPerCall: 50,
  /** How many topics one learner may follow. */
  interestsMax: 100,
} as const;

/** `topicSearch(filters, query, limit)`: a query of at least one letter or digit, a capped limit. */
export const topicSearchSchema = z.object({
  query: z
    .string({ error: 'Give a text to search topics for.' })
    .max(1000, 'The search can be at most 1000 characters.')
    .transform((text) => normalizeSearchText(text))
    .refine(
      (text): text is string => text !== null && /[\p{L}\p{N}]/u.test(text),
      'Give a text to search topics for.',
    ),
  limit: z
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, `limit must be between 1 and ${TOPIC_LIMITS.searchLimitMax}.`)
    .max(TOPIC_LIMITS.searchLimitMax, `limit must be between 1 and ${TOPIC_LIMITS.searchLimitMax}.`),
  filters: z
    .object({
      groupIds: idListOf('topic group', TOPIC_LIMITS.idsPerCall).nullish(),
    })
    .nullish()
    .transform((filters) => ({ groupIds: filters?.groupIds ?? null })),
});
export type TopicSearchInput = z.output<typeof topicSearchSchema>;

/** The topic ids of `topicInterestAssign` and `topicInterestUnassign`. */
export const topicIdsSchema = idListOf('topic', TOPIC_LIMITS.idsPerCall);
/** `topicGroups(ids)`: null or absent for every group. */
export const topicGroupIdsSchema = idListOf('topic group', TOPIC_LIMITS.idsPerCall)
  .nullish()
  .transform((ids) => ids ?? null);
