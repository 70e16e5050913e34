import type { StaffRole } from '@lectern/domain';
import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Writer } from '../../platform/db/database.js';
import { backOfficeSettings, staffInvitations, staffMembers } from './staff.tables.js';

/**
 * What other features may know of the staff (issue 32) without reading its tables: whether a
 * user is on it, their roles, the staff lock, and withdrawing invitations of an address.
 */

/**
 * Key of the advisory lock every change of the staff takes (role change, removal, joining,
 * anonymising an account): owners are counted and changed under it, so two owners demoting
 * each other at once cannot both pass and leave the marketplace without one.
 */
const STAFF_LOCK = { space: 7_332_001, key: 0 } as const;

/** Holds the staff lock until `tx` ends. */
export async function lockStaff(tx: Writer): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK.space}, ${STAFF_LOCK.key})`);
}

/** SQL: whether the user whose id is `userId` (a column or value) is on the staff, any role. */
export const isStaffSql = (userId: AnyColumn | SQL) =>
  sql<boolean>`exists (select 1 from ${staffMembers} where ${staffMembers.userId} = ${userId})`;

/** The staff roles of those of these users who are on the staff. */
export async function staffRolesOf(
  executor: Writer,
  userIds: readonly number[],
): Promise<Map<number, StaffRole>> {
  if (userIds.length === 0) return new Map();
  const rows = await executor
    .select({ userId: staffMembers.userId, role: staffMembers.role })
    .from(staffMembers)
    .where(inArray(staffMembers.userId, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, row.role]));
}

/** Withdraws the open staff invitations of an address (an anonymised account's old one). */
export async function withdrawStaffInvitationsTo(email: string, at: Date, writer: Writer): Promise<number> {
  const revoked = await writer
    .update(staffInvitations)
    .set({ revokedAt: at })
    .where(
      and(
        eq(staffInvitations.email, email),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .returning({ id: staffInvitations.id });
  return revoked.length;
}

/** A search text as a LIKE pattern in which `%`, `_` and `\` match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The owner's support refund limits per currency (minor units), for the back office's refunds:
 * a currency without one may not be refunded by `support` (`refundWithinLimit`). With `executor`
 * a caller's transaction, when the refund must be checked against the limits in it.
 */
export async function supportRefundLimitsOf(executor: Writer): Promise<Record<string, number>> {
  const [row] = await executor
    .select({ limits: backOfficeSettings.supportRefundLimits })
    .from(backOfficeSettings)
    .where(eq(backOfficeSettings.id, 1));
  return row?.limits ?? {};
}
