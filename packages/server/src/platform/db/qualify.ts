import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column as `"table"."column"` in raw SQL. Drizzle leaves columns unqualified in the
 * selected fields of a single-table query, which makes a correlated subquery there refer to
 * its own table instead of the outer one; qualify outer columns explicitly.
 */
export function qualify(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
