import type { Params } from './params.js';
import { resourceMissing } from './stripe-error.js';

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/**
 * Stripe's cursor pagination over newest-first items: `limit` (1–100, default 10),
 * `starting_after` / `ending_before` object ids.
 */
export function paginate<T extends { id: string }>(
  newestFirst: T[],
  params: Params,
  url: string,
): ListObject<T> {
  const limit = params.int('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  let items = newestFirst;
  if (startingAfter) {
    const index = items.findIndex((item) => item.id === startingAfter);
    if (index < 0) throw resourceMissing('object', startingAfter, 'starting_after');
    items = items.slice(index + 1);
    return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
  }
  if (endingBefore) {
    const index = items.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw resourceMissing('object', endingBefore, 'ending_before');
    items = items.slice(0, index);
    return {
      object: 'list',
      data: items.slice(Math.max(0, items.length - limit)),
      has_more: items.length > limit,
      url,
    };
  }
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
}

/** Newest first: the reverse of a Map's insertion order. */
export function newestFirst<T>(values: Iterable<T>, keep: (item: T) => boolean = () => true): T[] {
  const out: T[] = [];
  for (const value of values) if (keep(value)) out.push(value);
  return out.reverse();
}
