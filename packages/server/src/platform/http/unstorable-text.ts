import type { FastifyInstance } from 'fastify';
import { validationError } from './http-error.js';

/** Why text is refused: PostgreSQL (and any UTF-8 store) cannot hold it. */
export const UNSTORABLE_TEXT_REASON = 'text must not hold the character U+0000 or a lone surrogate';

// A UTF-16 surrogate without its partner (JSON lets it through as a \u escape, as it does U+0000).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isUnstorableText = (text: string): boolean =>
  text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The dotted path of the first unstorable string (or key) in a parsed JSON value, if any. */
export function unstorableTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isUnstorableText(value) ? path || 'body' : null;
  if (typeof value !== 'object' || value === null) return null;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (isUnstorableText(key)) return at;
    const found = unstorableTextPath(item, at);
    if (found) return found;
  }
  return null;
}

/** How deep a JSON body may nest: far beyond any of ours, far below what recursion can bear. */
export const MAX_BODY_DEPTH = 32;

/** Whether a parsed JSON value nests deeper than `limit` (checked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Refuses, before validation, any request whose path, query or JSON body holds text no
 * database can keep (U+0000, lone surrogates), or whose body nests absurdly deep: a 400
 * naming the field, never a database error or a stack overflow. One rule for every route.
 */
export function registerUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const url = request.url;
    if (/%00/i.test(url) || /%ed%[ab][0-9a-f]/i.test(url)) {
      throw validationError(
        { url: [UNSTORABLE_TEXT_REASON] },
        `The address holds text that cannot be kept: ${UNSTORABLE_TEXT_REASON}.`,
      );
    }
    for (const [name, value] of Object.entries({
      ...(request.params as object),
      ...(request.query as object),
    })) {
      const texts = Array.isArray(value) ? value : [value];
      if (texts.some((text) => typeof text === 'string' && isUnstorableText(text))) {
        throw validationError({ [name]: [UNSTORABLE_TEXT_REASON] });
      }
    }
    if (typeof request.body === 'object' && request.body !== null) {
      if (nestsDeeperThan(request.body, MAX_BODY_DEPTH)) {
        throw validationError(
          { body: [`JSON nested deeper than ${MAX_BODY_DEPTH} levels`] },
          'The request body is nested too deeply.',
        );
      }
      const field = unstorableTextPath(request.body);
      if (field) throw validationError({ [field]: [UNSTORABLE_TEXT_REASON] });
    }
  });
}
