import type { SalesContactSettings, StaffRole } from '@lectern/domain';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { lockStaff } from './staff-membership.js';
import { backOfficeSettings, staffInvitations, staffMembers } from './staff.tables.js';

export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

/** A member's row (who they are comes from the users service). */
export interface StaffMemberRow {
  userId: number;
  role: StaffRole;
  createdAt: Date;
}

/** The sales contacts' columns, read in the API's shape. */
const SALES_CONTACT_COLUMNS = {
  sales_email: backOfficeSettings.salesEmail,
  request_demo_url: backOfficeSettings.requestDemoUrl,
  enterprise_upgrade_url: backOfficeSettings.enterpriseUpgradeUrl,
  compare_plans_url: backOfficeSettings.comparePlansUrl,
};

/** Nothing set: every sales contact is its default. */
export const NO_SALES_CONTACT: SalesContactSettings = {
  sales_email: null,
  request_demo_url: null,
  enterprise_upgrade_url: null,
  compare_plans_url: null,
};

const memberColumns = {
  userId: staffMembers.userId,
  role: staffMembers.role,
  createdAt: staffMembers.createdAt,
};

export function createStaffRepository(db: Database) {
  return {
    /** Holds the staff lock until `tx` ends (see staff-membership.ts). */
    lock: lockStaff,

    /** Every member (the staff is a few dozen people at most). */
    async members(writer: Writer = db): Promise<StaffMemberRow[]> {
      return writer.select(memberColumns).from(staffMembers);
    },

    async member(userId: number, writer: Writer = db): Promise<StaffMemberRow | null> {
      const [row] = await writer
        .select(memberColumns)
        .from(staffMembers)
        .where(eq(staffMembers.userId, userId));
      return row ?? null;
    },

    async ownerCount(writer: Writer): Promise<number> {
      const [row] = await writer
        .select({ value: count() })
        .from(staffMembers)
        .where(eq(staffMembers.role, 'owner'));
      return row?.value ?? 0;
    },

    async setRole(userId: number, role: StaffRole, at: Date, writer: Writer): Promise<void> {
      await writer.update(staffMembers).set({ role, updatedAt: at }).where(eq(staffMembers.userId, userId));
    },

    async remove(userId: number, writer: Writer): Promise<void> {
      await writer.delete(staffMembers).where(eq(staffMembers.userId, userId));
    },

    /**
     * Puts the user on the staff with `role` (a member already keeps the row, with the new role).
     * Answers the role they had before (null: they were not on the staff).
     */
    async upsert(
      values: { userId: number; role: StaffRole; invitedBy: number | null; at: Date },
      writer: Writer,
    ): Promise<StaffRole | null> {
      const [before] = await writer
        .select({ role: staffMembers.role })
        .from(staffMembers)
        .where(eq(staffMembers.userId, values.userId));
      await writer
        .insert(staffMembers)
        .values({
          userId: values.userId,
          role: values.role,
          invitedBy: values.invitedBy,
          createdAt: values.at,
          updatedAt: values.at,
        })
        .onConflictDoUpdate({
          target: staffMembers.userId,
          set: { role: values.role, updatedAt: values.at },
        });
      return before?.role ?? null;
    },

    /** Open invitations (not accepted, not revoked, not expired), newest first. */
    async openInvitations(now: Date): Promise<StaffInvitationRow[]> {
      return db
        .select()
        .from(staffInvitations)
        .where(
          and(
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
            gt(staffInvitations.expiresAt, now),
          ),
        )
        .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
    },

    /** The open (not accepted, not revoked) invitation of an address, expired or not, locked. */
    async openInvitationFor(email: string, writer: Writer): Promise<StaffInvitationRow | null> {
      const [row] = await writer
        .select()
        .from(staffInvitations)
        .where(
          and(
            eq(staffInvitations.email, email),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
          ),
        )
        .for('update');
      return row ?? null;
    },

    async openInvitationById(id: number, writer: Writer): Promise<StaffInvitationRow | null> {
      const [row] = await writer
        .select()
        .from(staffInvitations)
        .where(
          and(
            eq(staffInvitations.id, id),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
          ),
        )
        .for('update');
      return row ?? null;
    },

    async invitationByTokenHash(tokenHash: string, writer: Writer): Promise<StaffInvitationRow | null> {
      const [row] = await writer
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.tokenHash, tokenHash))
        .for('update');
      return row ?? null;
    },

    async insertInvitation(
      values: typeof staffInvitations.$inferInsert,
      writer: Writer,
    ): Promise<StaffInvitationRow> {
      const [row] = await writer.insert(staffInvitations).values(values).returning();
      return row!;
    },

    async revokeInvitation(id: number, at: Date, writer: Writer): Promise<void> {
      await writer.update(staffInvitations).set({ revokedAt: at }).where(eq(staffInvitations.id, id));
    },

    async markInvitationAccepted(id: number, at: Date, writer: Writer): Promise<void> {
      await writer.update(staffInvitations).set({ acceptedAt: at }).where(eq(staffInvitations.id, id));
    },

    /** The back office settings (the migration writes the one row; absent only in a broken database). */
    async settings(writer: Writer = db) {
      const [row] = await writer.select().from(backOfficeSettings).where(eq(backOfficeSettings.id, 1));
      return (
        row ?? {
          id: 1,
          supportRefundLimits: {},
          salesEmail: null,
          requestDemoUrl: null,
          enterpriseUpgradeUrl: null,
          comparePlansUrl: null,
          updatedAt: new Date(0),
        }
      );
    },

    /** The sales contacts as stored (null: the default), for the user context's reader. */
    async salesContact(writer: Writer = db): Promise<SalesContactSettings> {
      const [row] = await writer
        .select(SALES_CONTACT_COLUMNS)
        .from(backOfficeSettings)
        .where(eq(backOfficeSettings.id, 1));
      return row ?? NO_SALES_CONTACT;
    },

    /** Replaces the sales contacts; the row is locked so the audit's "before" is the one replaced. */
    async saveSalesContact(
      values: SalesContactSettings,
      at: Date,
      writer: Writer,
    ): Promise<SalesContactSettings> {
      const [before] = await writer
        .select(SALES_CONTACT_COLUMNS)
        .from(backOfficeSettings)
        .where(eq(backOfficeSettings.id, 1))
        .for('update');
      const columns = {
        salesEmail: values.sales_email,
        requestDemoUrl: values.request_demo_url,
        enterpriseUpgradeUrl: values.enterprise_upgrade_url,
        comparePlansUrl: values.compare_plans_url,
        updatedAt: at,
      };
      await writer
        .insert(backOfficeSettings)
        .values({ id: 1, ...columns })
        .onConflictDoUpdate({ target: backOfficeSettings.id, set: columns });
      return before ?? NO_SALES_CONTACT;
    },

    /** Replaces the support refund limits; the row is locked so the audit's "before" is the one replaced. */
    async saveSupportRefundLimits(limits: Record<string, number>, at: Date, writer: Writer) {
      const [before] = await writer
        .select()
        .from(backOfficeSettings)
        .where(eq(backOfficeSettings.id, 1))
        .for('update');
      await writer
        .insert(backOfficeSettings)
        .values({ id: 1, supportRefundLimits: limits, updatedAt: at })
        .onConflictDoUpdate({
          target: backOfficeSettings.id,
          set: { supportRefundLimits: limits, updatedAt: at },
        });
      return before?.supportRefundLimits ?? {};
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
