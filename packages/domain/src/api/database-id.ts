/**
 * The largest id a PostgreSQL `integer`/`serial` column holds (2^31 − 1). Any number past it
 * is no id of ours and must be refused at the edge: PostgreSQL answers an error, not "no row".
 */
export const MAX_DATABASE_ID = 2_147_483_647;

const ID_DIGITS = /^[1-9]\d{0,9}$/;

/** Whether text is the decimal form of an id a table can hold (a path segment, a reference's digits). */
export const isDatabaseIdText = (text: string): boolean =>
  ID_DIGITS.test(text) && Number(text) <= MAX_DATABASE_ID;
