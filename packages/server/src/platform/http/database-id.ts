import { z } from 'zod';

/** The largest id a PostgreSQL `integer`/`serial` column holds: anything larger is no id of ours. */
export const MAX_DATABASE_ID = 2_147_483_647;

const DIGITS = /^[1-9]\d{0,9}$/;

/** Whether text is the decimal form of an id a table can hold (a path segment, a list entry). */
export const isDatabaseId = (text: string): boolean => DIGITS.test(text) && Number(text) <= MAX_DATABASE_ID;

/** A JSON number that is an id a table can hold; `coerce` for path and query text. */
export const databaseId = (message: string, options: { coerce?: boolean } = {}) =>
  (options.coerce ? z.coerce.number({ error: message }) : z.number({ error: message }))
    .int(message)
    .positive(message)
    .max(MAX_DATABASE_ID, message);
