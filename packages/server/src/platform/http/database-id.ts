import { MAX_DATABASE_ID, isDatabaseIdText } from '@lectern/domain';
import { z } from 'zod';

// The database-id rule: every number a request names that a PostgreSQL `integer` column holds
// (an id, a method id) is bounded here, so 2^31 is a 400 at the edge and never an error from
// the database. The bound itself is the domain's (checkout references read it too).
export { MAX_DATABASE_ID };

/** Whether text is the decimal form of an id a table can hold (a path segment, a list entry). */
export const isDatabaseId = isDatabaseIdText;

/**
 * A JSON number that is an id a table can hold; `coerce` for path and query text. `zero` admits
 * 0 where it means something (the free pseudo-method's `method_id`, checkout §3).
 */
export const databaseId = (message: string, options: { coerce?: boolean; zero?: boolean } = {}) =>
  (options.coerce ? z.coerce.number({ error: message }) : z.number({ error: message }))
    .int(message)
    .min(options.zero ? 0 : 1, message)
    .max(MAX_DATABASE_ID, message);
