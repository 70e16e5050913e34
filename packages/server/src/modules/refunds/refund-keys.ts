/** The job kind that asks the provider for a course refund. */
export const REFUND_SUBMIT_JOB_KIND = 'refunds.submit';

/**
 * The key of a refund's current submit job: `refund:<id>` for the buyer's (or staff's) request,
 * `refund:<id>:retry-<n>` after the n-th staff retry (jobs are unique by kind and key, so each
 * round needs its own). The back office's refund list reads the same key in SQL.
 */
export function refundSubmitJobKeyOf(row: { id: number; retries: number }): string {
  return row.retries > 0 ? `refund:${row.id}:retry-${row.retries}` : `refund:${row.id}`;
}

/** The provider idempotency key of a refund's current round (a staff retry of a failed one gets a new one). */
export function refundProviderKeyOf(row: { id: number; providerKey: string | null }): string {
  return row.providerKey ?? `course-refund:${row.id}`;
}
