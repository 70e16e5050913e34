import {
  CURRENCY_EXPONENTS,
  INTERVALS_PER_MONTH,
  isCurrencyCode,
  type RenewalInterval,
} from '@lectern/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';

/**
 * SQL pieces the analytics queries share: converting a stored amount to the base currency at the
 * rate stored with it, and a plan's monthly share of its price per interval (the domain's rule,
 * written out as a CASE so the database applies it row by row).
 */

const ZERO_EXPONENT = Object.entries(CURRENCY_EXPONENTS)
  .filter(([, exponent]) => exponent === 0)
  .map(([code]) => `'${code}'`)
  .join(', ');

/** The minor-unit exponent of the base currency (2 for a code the domain does not know). */
export const baseExponent = (base: string) => (isCurrencyCode(base) ? CURRENCY_EXPONENTS[base] : 2);

/** Days, ids or times as one Postgres array literal, sent as a single parameter (`::date[]`). */
export const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/** The minor-unit exponent of a currency column. */
export const exponentOf = (currency: SQL) =>
  sql`(case when ${currency} in (${sql.raw(ZERO_EXPONENT)}) then 0 else 2 end)`;

/**
 * `amount` (minor units of `currency`) in minor units of the base currency, at `rate` (base units
 * per unit of `currency`), rounded once per row: sums of rows agree with each row's own figure.
 */
export function inBase(amount: SQL, currency: SQL, rate: SQL, baseExponent: number): SQL {
  return sql`round(${amount}::numeric * ${rate} * power(10::numeric, ${baseExponent} - ${exponentOf(currency)}))`;
}

const INTERVALS = Object.keys(INTERVALS_PER_MONTH) as RenewalInterval[];

/**
 * `price` (per `renewalCount` intervals of `renewalType`) as a monthly amount, rounded half up
 * like `monthlyRecurringAmount`: price × numerator ÷ (denominator × count), in numeric.
 */
export function monthlyAmount(price: SQL, renewalType: SQL, renewalCount: SQL): SQL {
  const part = (index: 0 | 1) =>
    sql`(case ${renewalType} ${sql.join(
      INTERVALS.map(
        (interval) =>
          sql`when ${sql.raw(`'${interval}'`)} then ${sql.raw(String(INTERVALS_PER_MONTH[interval][index]))}`,
      ),
      sql` `,
    )} end)`;
  return sql`(${price}::numeric * ${part(0)} / (${part(1)} * greatest(${renewalCount}, 1)))`;
}

/**
 * Runs one of the dashboard's reads. They are small index-driven queries over big tables, for
 * which the planner's parallel workers and JIT compilation cost more than the work itself
 * (decision 0038: starting workers took 25–40 ms of a 7 ms query at 1 million orders), so both
 * are turned off for the read alone.
 */
export async function readFigures<Row>(db: Database, query: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`,
    );
    return rowsOf<Row>(await tx.execute(query));
  });
}
