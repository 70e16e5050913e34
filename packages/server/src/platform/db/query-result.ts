/**
 * What `db.execute` answers, read the same whatever the driver: PGlite answers
 * `{rows, affectedRows}`, node-postgres `{rows, rowCount}`.
 */
export const rowsOf = <Row = Record<string, unknown>>(result: unknown): Row[] =>
  ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Row[];

/** How many rows an `update` or `delete` touched. */
export const affectedRowsOf = (result: unknown): number =>
  Number(
    (result as { affectedRows?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0,
  );
