import { z } from 'zod';
import { databaseIdText, idListOf } from './learning-community-rules.js';
import { pageNumberSchema, pageSizeSchema, searchTextSchema } from './learning-search.js';

/** Bounds of the occupation queries and mutations. */
export const OCCUPATION_LIMITS = {
  idsPerCall: 50,
  pageSizeDefault: 10,
  pageSizeMax: 50,
  /** Raw occupations a learner may give (what they typed when no canonical one fitted). */
  rawMax: 5,
  rawNameMaxLength: 100,
} as const;

/** The landing page of an occupation. */
export const occupationUrl = (slug: string) => `/occupation/${slug}/`;

export const occupationIdsSchema = idListOf('occupation', OCCUPATION_LIMITS.idsPerCall);
export const occupationGroupIdsSchema = idListOf('occupation group', OCCUPATION_LIMITS.idsPerCall)
  .nullish()
  .transform((ids) => ids ?? null);
export const occupationIdSchema = databaseIdText('occupationId must be the id of an occupation.');
export const occupationGroupIdSchema = databaseIdText('groupId must be the id of an occupation group.');

/** `occupationSearch(search, groupIds, page, pageSize)`. */
export const occupationSearchSchema = z.object({
  page: pageNumberSchema,
  pageSize: pageSizeSchema(OCCUPATION_LIMITS.pageSizeMax, 'pageSize'),
  search: searchTextSchema,
  groupIds: idListOf('occupation group', OCCUPATION_LIMITS.idsPerCall)
    .nullish()
    .transform((ids) => ids ?? null),
});

/**
 * `occupationRawAssign(names)`: the learner's own words for their job, replacing the ones they
 * gave before. Each trimmed with inner spaces collapsed; repeats (ignoring case) dropped; an
 * empty list clears them.
 */
export const rawOccupationNamesSchema = z
  .array(
    z
      .string({ error: 'Each occupation must be text.' })
      .transform((name) => name.normalize('NFKC').replace(/\s+/gu, ' ').trim())
      .pipe(
        z
          .string()
          .min(1, 'An occupation cannot be empty.')
          .max(
            OCCUPATION_LIMITS.rawNameMaxLength,
            `An occupation can be at most ${OCCUPATION_LIMITS.rawNameMaxLength} characters.`,
          ),
      ),
    { error: 'Give a list of occupations.' },
  )
  .transform((names) => {
    const seen = new Set<string>();
    return names.filter((name) => {
      const key = name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((names) => names.length <= OCCUPATION_LIMITS.rawMax, {
    message: `Give at most ${OCCUPATION_LIMITS.rawMax} occupations.`,
  });
