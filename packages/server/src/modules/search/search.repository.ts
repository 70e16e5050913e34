import type { SearchSort } from '@lectern/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { courseSearchDocuments as documents } from './search.tables.js';

/**
 * What the user typed, as search understands it: `prefix` when it ends inside a word (the
 * user may still be typing it), so that word also matches the words it begins.
 */
export interface TextQuery {
  text: string;
  prefix: boolean;
}

/** The filters of a search, each optional. `categoryId` matches a category or a subcategory. */
export interface SearchFilters {
  categoryId?: number;
  level?: string;
  isFree?: boolean;
  language?: string;
  minRating?: number;
}

/**
 * How many matches share one value of every facet's dimension. The facets are counted from
 * these (a few hundred at most), each with every filter but its own; `ratingFloor` is the
 * rating rounded down to a half star, which is enough for the rating filter's choices.
 */
export interface FacetCombination {
  categoryId: number;
  subcategoryId: number | null;
  level: string;
  language: string;
  isFree: boolean;
  ratingFloor: number;
  count: number;
}

// The Snowball configurations a course can be stemmed with (lectern_search_config, migration
// 0013). A query cannot know each course's language, so it is read in all of them and OR-ed:
// a course matches if its own language's reading matches. The "simple" reading matches the
// words as written (accents folded), which every document also holds.
const STEMMED_CONFIGS = ['english', 'spanish', 'portuguese'] as const;

/**
 * The user's text as a tsquery that never fails: websearch_to_tsquery takes any text ("quoted
 * phrases", `or`, `-word`, stray `&|!():*'\`) and at worst ignores it. Readings that came out
 * the same are kept once (an English word is usually the same word in every configuration):
 * ranking costs per query term. No lexeme at all (only stop words or symbols) gives NULL,
 * which matches nothing.
 *
 * With `prefix`, the last word of the word-for-word reading also matches the words it begins
 * (`'testin':*` → testing): tsquery's own text form ends with that word's quoted lexeme, so
 * appending `:*` there is still a valid tsquery. The stemmed readings stay whole words: a stem
 * is already cut short ("organization" → organ), and as a prefix it would match far too much.
 */
function tsquery({ text, prefix }: TextQuery): SQL {
  const reading = (config: string, value: SQL) =>
    sql`websearch_to_tsquery(${sql.raw(`'pg_catalog.${config}'`)}::regconfig, ${value})`;
  const value = sql`${text}::text`;
  const asWritten = reading('simple', sql`lectern_search_fold(${value})`);
  const readings = [
    ...STEMMED_CONFIGS.map((config) => reading(config, value)),
    prefix ? sql`regexp_replace(${asWritten}::text, '''$', ''':*')::tsquery` : asWritten,
  ];
  return sql`(select string_agg(distinct '(' || reading::text || ')', ' | ')::tsquery
    from unnest(array[${sql.join(readings, sql`, `)}]) reading
    where numnode(reading) > 0)`;
}

/** The SQL conditions of the filters that are set, on the columns of `course_search_documents`. */
function filtersSql(filters: SearchFilters): SQL {
  const { categoryId, level, isFree, language, minRating } = filters;
  const conditions = [
    categoryId !== undefined && sql`(category_id = ${categoryId} or subcategory_id = ${categoryId})`,
    level !== undefined && sql`level = ${level}`,
    isFree !== undefined && sql`is_free = ${isFree}`,
    language !== undefined && sql`language = ${language}`,
    minRating !== undefined && sql`rating >= ${minRating}`,
  ].filter((condition): condition is SQL => condition !== false);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** The order of a sort, as columns of the page's rows (`rank` only where there is a query). */
function orderSql(sort: SearchSort, ranked: boolean): SQL {
  switch (sort) {
    case 'RATING':
      return sql`rating desc, num_reviews desc, course_id`;
    case 'REVIEWS':
      return sql`num_reviews desc, rating desc, course_id`;
    case 'TIME':
      return sql`published_at desc, course_id desc`;
    case 'RELEVANCE':
      // Cover density: matches in the title (A) count most, and words close together more.
      return ranked
        ? sql`rank desc, rating desc, num_reviews desc, course_id`
        : sql`rating desc, num_reviews desc, course_id`;
  }
}

export function createSearchRepository(db: Database) {
  return {
    /**
     * One page of matching course ids in the order `sort` asks for and, `withCombinations`,
     * the facet combinations of every match of the text (the filters left out, so each facet
     * can be counted without its own), in one statement. With text, the courses it matches are
     * found once (the GIN index) and both parts read them; without, the page walks the sort's
     * index and the combinations come from a scan of the narrow facts index.
     */
    async search(
      text: TextQuery | null,
      filters: SearchFilters,
      sort: SearchSort,
      limit: number,
      offset: number,
      withCombinations: boolean,
    ): Promise<{ ids: number[]; combinations: FacetCombination[] }> {
      const ranked = text !== null && sort === 'RELEVANCE';
      const source = text ? sql`matched` : documents;
      const result = await db.execute(sql`
        ${
          text
            ? sql`with query as materialized (select ${tsquery(text)} as value),
              matched as materialized (
                select course_id, category_id, subcategory_id, level, language, is_free, rating,
                  num_reviews, published_at
                  -- Ranked while the document is at hand: never copied into the matches.
                  ${ranked ? sql`, ts_rank_cd(document, (select value from query)) as rank` : sql``}
                from ${documents}
                where document @@ (select value from query)
              )`
            : sql``
        }
        select
          (select coalesce(json_agg(course_id order by ${orderSql(sort, ranked)}), '[]'::json)
            from (
              select course_id, rating, num_reviews, published_at ${ranked ? sql`, rank` : sql``}
              from ${source}
              where ${filtersSql(filters)}
              order by ${orderSql(sort, ranked)}
              limit ${limit} offset ${offset}
            ) page) as ids,
          ${
            withCombinations
              ? sql`(select coalesce(json_agg(json_build_array(category_id, subcategory_id, level,
                    language, is_free, rating_floor, n)), '[]'::json)
                  from (
                    select category_id, subcategory_id, level, language, is_free,
                      floor(rating * 2) / 2 as rating_floor, count(*)::int as n
                    from ${source}
                    group by 1, 2, 3, 4, 5, 6
                  ) counted)`
              : sql`'[]'::json`
          } as combinations
      `);
      const [row] = rowsOf<{ ids: unknown; combinations: unknown }>(result);
      // node-postgres parses json; PGlite may hand back its text.
      const parse = <T>(value: unknown) =>
        typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
      const combinations = parse<[number, number | null, string, string, boolean, number, number][]>(
        row?.combinations ?? '[]',
      );
      return {
        ids: parse<number[]>(row?.ids ?? '[]'),
        combinations: combinations.map(
          ([categoryId, subcategoryId, level, language, isFree, ratingFloor, count]) => ({
            categoryId,
            subcategoryId,
            level,
            language,
            isFree,
            ratingFloor: Number(ratingFloor),
            count,
          }),
        ),
      };
    },

    /** Courses whose title matches, best first (the most popular among equals), at most `limit`. */
    async suggestions(text: TextQuery, limit: number) {
      const result = await db.execute(sql`
        with query as materialized (select ${tsquery(text)} as value)
        select course_id as id, title, slug
        from ${documents}
        where title_document @@ (select value from query)
        order by ts_rank(title_document, (select value from query)) desc, num_subscribers desc, course_id
        limit ${limit}
      `);
      return rowsOf<{ id: number; title: string; slug: string }>(result).map((row) => ({
        ...row,
        id: Number(row.id),
      }));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
