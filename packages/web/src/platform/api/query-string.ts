/** A value the API client can put in a query string (platform §7). */
export type QueryScalar = string | number | boolean | Date | Record<string, unknown>;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/**
 * Serialises query parameters the way the server reads them (platform §7): arrays with
 * brackets (`codes[]=A&codes[]=B`), dates as ISO strings, plain objects as JSON. Null and
 * undefined values are left out. Returns the string without the leading `?`.
 */
export function serializeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (isArray(value)) {
      for (const item of value)
        pairs.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(scalar(item))}`);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(scalar(value))}`);
    }
  }
  return pairs.join('&');
}

/** Appends serialised params to a path that may already carry a query. */
export function withQuery(path: string, params: QueryParams | undefined): string {
  const query = serializeQuery(params);
  if (query === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

function scalar(value: QueryScalar): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// Array.isArray does not narrow readonly arrays out of a union.
function isArray(value: QueryValue): value is readonly QueryScalar[] {
  return Array.isArray(value);
}
