import { z } from 'zod';

/** The longest search text the learning catalog's searches read (topics, occupations, badges, labs, lectures). */
export const LEARNING_SEARCH_MAX_LENGTH = 100;
/** Words of a search beyond these are ignored: a search is a few keywords, not a paragraph. */
export const SEARCH_WORDS_MAX = 8;

/**
 * A search text as the catalog's searches match it: compatibility forms folded (NFKC: full-width
 * letters, ligatures), lower-cased, whitespace collapsed, trimmed, and cut to
 * LEARNING_SEARCH_MAX_LENGTH. Null when nothing is left.
 */
export function normalizeSearchText(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const normalized = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, LEARNING_SEARCH_MAX_LENGTH)
    .trim();
  return normalized === '' ? null : normalized;
}

/**
 * The words of a normalized search: letters and digits (a word like "c++" or "c#" keeps its
 * symbols, so languages are found), at most SEARCH_WORDS_MAX, repeats dropped.
 */
export function searchWords(normalized: string | null): string[] {
  if (normalized === null) return [];
  const words = normalized
    .split(' ')
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, ''))
    .filter((word) => word !== '');
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

/** `text` for a LIKE/ILIKE pattern: its `\`, `%` and `_` match themselves. */
export const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A PostgreSQL tsquery (for `to_tsquery`) where every word must match and the last, perhaps
 * typed halfway, matches as a prefix: "python data ana" → "python & data & ana:*". Only letters
 * and digits reach the query, so no text can break its syntax. Null when no word is left.
 */
export function prefixTsQuery(normalized: string | null): string | null {
  const words = searchWords(normalized)
    .map((word) => word.replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

/** An optional search argument: normalized, or null for none. */
export const searchTextSchema = z
  .string({ error: 'The search must be text.' })
  .max(1000, 'The search can be at most 1000 characters.')
  .nullish()
  .transform((text) => normalizeSearchText(text));

/** The number of pages `total` items fill at `size` a page (at least 1, so page 0 always exists). */
export const pageCountOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** A page number of the one paging style of the learning graph: from 0. */
export const pageNumberSchema = z
  .number({ error: 'page must be a number.' })
  .int('page must be a whole number.')
  .min(0, 'page starts at 0.')
  .max(100_000, 'page is too large.');

/** A page size from 1 to `maxSize` (`field`: the argument's name, for the messages). */
export const pageSizeSchema = (maxSize: number, field = 'size') =>
  z
    .number({ error: `${field} must be a number.` })
    .int(`${field} must be a whole number.`)
    .min(1, `${field} must be between 1 and ${maxSize}.`)
    .max(maxSize, `${field} must be between 1 and ${maxSize}.`);
