import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './database.js';
import { prepareSql } from './prepared-sql.js';

/**
 * One fact a feature reads from its own tables, as a scalar subquery (one row, one column;
 * usually json) with `sql.placeholder` values, and how to turn that column into the feature's
 * type. The feature builds it in its repository, so its tables stay private; another feature
 * only combines it with others (`prepareCombinedRead`).
 */
export interface ReadPart<T> {
  readonly sql: SQL;
  readonly parse: (value: unknown) => T;
}

export interface CombinedRead<Parts extends Record<string, ReadPart<unknown>>> {
  /** One round trip: every part's value, parsed. Placeholders of the same name share a value. */
  execute(values: Record<string, unknown>): Promise<{ [K in keyof Parts]: ReturnType<Parts[K]['parse']> }>;
}

/**
 * Several features' reads as ONE prepared statement (`select (part1) as "a", (part2) as "b"`).
 * On this machine's hot paths a round trip costs far more than the small queries themselves
 * (decision 0011), so a request that needs facts owned by several features asks for them
 * together instead of in parallel. `name` must be unique in the server.
 */
export function prepareCombinedRead<Parts extends Record<string, ReadPart<unknown>>>(
  db: Database,
  name: string,
  parts: Parts,
): CombinedRead<Parts> {
  const keys = Object.keys(parts);
  const columns = sql.join(
    keys.map((key) => sql`(${parts[key]!.sql}) as ${sql.identifier(key)}`),
    sql`, `,
  );
  const statement = prepareSql<Record<string, unknown>>(db, name, sql`select ${columns}`);
  return {
    async execute(values) {
      const [row = {}] = await statement.execute(values);
      const result: Record<string, unknown> = {};
      for (const key of keys) result[key] = parts[key]!.parse(row[key]);
      return result as { [K in keyof Parts]: ReturnType<Parts[K]['parse']> };
    },
  };
}
