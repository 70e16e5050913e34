import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database.js';

const dialect = new PgDialect();

export interface PreparedSql<Row> {
  /** Runs the statement with a value for each `sql.placeholder` and returns its rows. */
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A hand-written statement (values as `sql.placeholder(name)`) prepared under `name`, as the
 * query builder's `.prepare(name)` does for its own queries: PostgreSQL parses and plans it once
 * per connection instead of on every call. For hot statements the builder cannot express, such
 * as a data-modifying CTE; `name` must be unique in the server.
 */
export function prepareSql<Row>(db: Database, name: string, statement: SQL): PreparedSql<Row> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return {
    async execute(values) {
      const result = (await prepared.execute(values)) as { rows: Row[] };
      return result.rows;
    },
  };
}
