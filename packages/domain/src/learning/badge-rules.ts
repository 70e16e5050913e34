import { z } from 'zod';
import { databaseIdText, idListOf } from './learning-community-rules.js';
import { LEARNING_PRODUCT_TYPES } from './learning-reminder-rules.js';
import { pageNumberSchema, pageSizeSchema, searchTextSchema } from './learning-search.js';

/** Bounds of the badge queries (platform §9: assertions 12 a page, search from page 0). */
export const BADGE_LIMITS = {
  assertionPageSizeDefault: 12,
  searchPageSizeDefault: 12,
  pageSizeMax: 50,
  /** Issuer or area ids per search. */
  idsPerFilter: 20,
  /** Learning products per badgeClassesByLearningProducts call. */
  productsPerCall: 50,
} as const;

export const badgeClassIdSchema = databaseIdText('The id must be the id of a badge class.');
export const badgeUserIdSchema = databaseIdText('userId must be the id of a user.');

/** `searchBadgeClasses(query, issuerIds, certificationAreaIds, page, size)`. */
export const badgeSearchSchema = z.object({
  page: pageNumberSchema,
  size: pageSizeSchema(BADGE_LIMITS.pageSizeMax),
  query: searchTextSchema,
  issuerIds: idListOf('issuer', BADGE_LIMITS.idsPerFilter)
    .nullish()
    .transform((ids) => ids ?? null),
  certificationAreaIds: idListOf('certification area', BADGE_LIMITS.idsPerFilter)
    .nullish()
    .transform((ids) => ids ?? null),
});

/** `badgeAssertionsByUser(userId, page, size)`. */
export const badgeAssertionPageSchema = z.object({
  page: pageNumberSchema,
  size: pageSizeSchema(BADGE_LIMITS.pageSizeMax),
});

/** `badgeClassesByLearningProducts(learningProducts)`: each product once, in the order given. */
export const learningProductListSchema = z
  .array(
    z.object({
      id: databaseIdText('id must be the id of a learning product.'),
      type: z.enum(LEARNING_PRODUCT_TYPES, {
        error: `type must be one of ${LEARNING_PRODUCT_TYPES.join(', ')}.`,
      }),
    }),
    { error: 'Give a list of learning products.' },
  )
  .min(1, 'Give at least one learning product.')
  .max(
    BADGE_LIMITS.productsPerCall,
    `Give at most ${BADGE_LIMITS.productsPerCall} learning products at once.`,
  )
  .transform((products) => {
    const seen = new Set<string>();
    return products.filter((product) => {
      const key = `${product.type}:${product.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/**
 * How far a learner is through something of `total` items when `completed` are done, in whole
 * percent. Rounded down, so 100 means every item is done (99.6% is not finished); nothing to
 * do counts as 0. Completions beyond the total (items removed since) count as the total.
 */
export function completionPercentage(completed: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  const done = Math.min(Math.max(0, completed), total);
  return Math.floor((done * 100) / total);
}

/**
 * A learning path's completion: the items completed in all of its courses over all of their
 * items, so a long course weighs more than a short one.
 */
export function pathCompletionPercentage(courses: readonly { completed: number; total: number }[]): number {
  let completed = 0;
  let total = 0;
  for (const course of courses) {
    completed += Math.min(Math.max(0, course.completed), Math.max(0, course.total));
    total += Math.max(0, course.total);
  }
  return completionPercentage(completed, total);
}
