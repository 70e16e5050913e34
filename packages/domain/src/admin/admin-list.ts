import { z } from 'zod';

/**
 * Back office list conventions (issue 32), shared by every `/api-2.0/admin/` list and the admin pages:
 * query `q` (search), `page` (1-based), `page_size` (default 25, max 100), `sort` (a field, `-field`
 * for descending) and filters by name; answer `{ count, page, page_size, results }`.
 */
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Longest search text a list accepts (a longer one is a 400). */
export const ADMIN_QUERY_MAX_LENGTH = 200;

/** One page of an admin list. */
export interface AdminPage<T> {
  count: number;
  page: number;
  page_size: number;
  results: T[];
}

/** The answer schema of an admin list whose rows follow `item`. */
export function adminPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int().min(0),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
    results: z.array(item),
  });
}

/** `sort=field` ascending, `sort=-field` descending. */
export interface AdminSort<Field extends string> {
  field: Field;
  descending: boolean;
}

/** Reads a `sort` value such as `-created`; `undefined` when it names no allowed field. */
export function parseAdminSort<Field extends string>(
  value: string,
  fields: readonly Field[],
): AdminSort<Field> | undefined {
  const descending = value.startsWith('-');
  const name = descending ? value.slice(1) : value;
  const field = fields.find((candidate) => candidate === name);
  return field === undefined ? undefined : { field, descending };
}

/** Every accepted `sort` value for these fields: `a`, `-a`, `b`, `-b`… */
export function adminSortValues<Field extends string>(fields: readonly Field[]): string[] {
  return fields.flatMap((field) => [field, `-${field}`]);
}

/**
 * An optional filter: an empty value (`status=`, as a form's "any" option sends it) is no filter.
 * Use it for every entry of the filters shape given to `adminListQuerySchema`.
 */
export function adminFilter<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** NUL and the other C0 controls but tab and newlines: no text a person types (PostgreSQL refuses NUL). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether typed text is free of control characters (search boxes, reasons). */
export const isTypedText = (text: string): boolean => !CONTROL_CHARACTERS.test(text);

/** The `q`, `page` and `page_size` parameters alone (for a list without sorting). */
export const adminPageQueryShape = {
  q: z
    .string({ error: 'q must be text.' })
    .trim()
    .max(ADMIN_QUERY_MAX_LENGTH, `q is at most ${ADMIN_QUERY_MAX_LENGTH} characters.`)
    .refine(isTypedText, 'q must not contain control characters.')
    .default(''),
  page: z.coerce
    .number({ error: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page starts at 1.')
    .max(1_000_000, 'page is too large.')
    .default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number.' })
    .int('page_size must be a whole number.')
    .min(1, `page_size must be between 1 and ${ADMIN_PAGE_SIZE_MAX}.`)
    .max(ADMIN_PAGE_SIZE_MAX, `page_size must be between 1 and ${ADMIN_PAGE_SIZE_MAX}.`)
    .default(ADMIN_PAGE_SIZE_DEFAULT),
};

/**
 * The query schema of an admin list: `q`, `page`, `page_size`, `sort` (one of `sortFields`, maybe
 * with a leading `-`; the first entry of `defaultSort` order when absent) plus the list's filters.
 *
 * ```ts
 * const ordersQuery = adminListQuerySchema(['created', 'total'], { status: adminFilter(z.enum(STATUSES)) }, '-created');
 * ```
 */
export function adminListQuerySchema<Field extends string, Filters extends z.ZodRawShape>(
  sortFields: readonly [Field, ...Field[]],
  filtersShape: Filters,
  defaultSort: Field | `-${Field}` = sortFields[0],
) {
  const allowed = adminSortValues(sortFields) as [string, ...string[]];
  const message = `sort must be one of ${allowed.join(', ')}.`;
  return z.object({
    ...adminPageQueryShape,
    // An empty `sort=` (a form's "default" choice) is the default order.
    sort: z
      .union([z.literal(''), z.enum(allowed)], { error: message })
      .default(defaultSort)
      .transform(
        (value) => parseAdminSort(value === '' ? defaultSort : value, sortFields) as AdminSort<Field>,
      ),
    ...filtersShape,
  });
}

/** The offset of the first row of `page` (1-based) in pages of `pageSize`. */
export function adminPageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
