import { and, asc, count, eq, inArray, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import type { ReadPart } from '../../platform/db/combined-read.js';
import type { Database, Writer } from '../../platform/db/database.js';
import { organizationMembers, organizations } from './organizations.tables.js';

export type OrganizationRow = typeof organizations.$inferSelect;
export type MemberRole = (typeof organizationMembers.$inferSelect)['role'];

export interface MembershipOfUser {
  organization: { id: number; name: string; type: OrganizationRow['type'] };
  role: MemberRole;
}

/** The user's (`userId`) organization and role, or null, for a combined read. */
export const membershipOfUserRead: ReadPart<MembershipOfUser | null> = {
  sql: sql`select json_build_object(
      'organization', json_build_object('id', ${organizations.id}, 'name', ${organizations.name}, 'type', ${organizations.type}),
      'role', ${organizationMembers.role})
    from ${organizationMembers}
    join ${organizations} on ${organizations.id} = ${organizationMembers.organizationId}
    where ${organizationMembers.userId} = ${sql.placeholder('userId')}
    limit 1`,
  parse: (value) => (value ?? null) as MembershipOfUser | null,
};

/**
 * SQL fragments other features put in their own statements (combined reads): the organization
 * the user (`userId` placeholder) manages as owner or admin, and how many people an organization has.
 */
export const organizationFacts = {
  managedOrganizationId: sql`(select ${organizationMembers.organizationId} from ${organizationMembers}
    where ${organizationMembers.userId} = ${sql.placeholder('userId')} and ${organizationMembers.role} in ('owner', 'admin'))`,
  memberCount: (organizationId: SQL) =>
    sql`(select count(*)::int from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizationId})`,
};

export function createOrganizationsRepository(db: Database) {
  return {
    /** The owners' and admins' user ids per organization (who hears about its billing). */
    async adminIdsOf(organizationIds: number[], writer: Database = db): Promise<Map<number, number[]>> {
      const admins = new Map<number, number[]>(organizationIds.map((id) => [id, []]));
      if (organizationIds.length === 0) return admins;
      const rows = await writer
        .select({ organizationId: organizationMembers.organizationId, userId: organizationMembers.userId })
        .from(organizationMembers)
        .where(
          and(
            inArray(organizationMembers.organizationId, organizationIds),
            inArray(organizationMembers.role, ['owner', 'admin']),
          ),
        )
        .orderBy(organizationMembers.userId);
      for (const row of rows) admins.get(row.organizationId)?.push(row.userId);
      return admins;
    },
    async insertOrganization(values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
      const [row] = await db.insert(organizations).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async addMember(organizationId: number, userId: number, role: MemberRole): Promise<void> {
      await db.insert(organizationMembers).values({ organizationId, userId, role });
    },
    /** The organization and its owner in one transaction; null when the user joined one meanwhile. */
    async foundOrganization(
      userId: number,
      name: string,
      referral: string | null,
    ): Promise<OrganizationRow | null> {
      return db
        .transaction(async (tx) => {
          const [organization] = await tx
            .insert(organizations)
            .values({ name, type: 'Team', referral })
            .returning();
          if (!organization) throw new Error('insert returned no row');
          const [member] = await tx
            .insert(organizationMembers)
            .values({ organizationId: organization.id, userId, role: 'owner' })
            .onConflictDoNothing()
            .returning();
          if (!member) {
            tx.rollback();
          }
          return organization;
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return null;
          throw error;
        });
    },
    async nameOf(organizationId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.name ?? null;
    },
    async membershipOf(userId: number): Promise<MembershipOfUser | null> {
      const [row] = await db
        .select({
          organization: { id: organizations.id, name: organizations.name, type: organizations.type },
          role: organizationMembers.role,
        })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(eq(organizationMembers.userId, userId))
        .limit(1);
      return row ?? null;
    },
    /** The organization's members, oldest first, a page at a time. */
    async members(
      organizationId: number,
      page: { offset: number; limit: number },
    ): Promise<{ rows: { userId: number; role: MemberRole; joinedAt: Date }[]; count: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            userId: organizationMembers.userId,
            role: organizationMembers.role,
            joinedAt: organizationMembers.createdAt,
          })
          .from(organizationMembers)
          .where(eq(organizationMembers.organizationId, organizationId))
          .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.userId))
          .offset(page.offset)
          .limit(page.limit),
        db
          .select({ count: count() })
          .from(organizationMembers)
          .where(eq(organizationMembers.organizationId, organizationId)),
      ]);
      return { rows, count: total?.count ?? 0 };
    },
    /** The organization's members' roles, locked for update (role changes count owners under it). */
    async lockedRoles(organizationId: number, writer: Writer): Promise<Map<number, MemberRole>> {
      const rows = await writer
        .select({ userId: organizationMembers.userId, role: organizationMembers.role })
        .from(organizationMembers)
        .where(eq(organizationMembers.organizationId, organizationId))
        .orderBy(asc(organizationMembers.userId))
        .for('update');
      return new Map(rows.map((row) => [row.userId, row.role]));
    },
    /**
     * The user's role in the organization, its row locked against role changes (which lock every
     * member row for update) until the caller's transaction ends; null for a non-member.
     */
    async sharedRoleOf(organizationId: number, userId: number, writer: Writer): Promise<MemberRole | null> {
      const [row] = await writer
        .select({ role: organizationMembers.role })
        .from(organizationMembers)
        .where(
          and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
        )
        .for('share');
      return row?.role ?? null;
    },
    async setRole(organizationId: number, userId: number, role: MemberRole, writer: Writer): Promise<void> {
      await writer
        .update(organizationMembers)
        .set({ role })
        .where(
          and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
        );
    },
    async removeMember(organizationId: number, userId: number, writer: Writer): Promise<void> {
      await writer
        .delete(organizationMembers)
        .where(
          and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
        );
    },
    /** Adds the user unless they belong to an organization already; whether they were added. */
    async joinIfFree(
      organizationId: number,
      userId: number,
      role: MemberRole,
      writer: Writer,
    ): Promise<boolean> {
      const rows = await writer
        .insert(organizationMembers)
        .values({ organizationId, userId, role })
        .onConflictDoNothing()
        .returning({ userId: organizationMembers.userId });
      return rows.length > 0;
    },
    /** Which of `userIds` belong to the organization (one query). */
    async memberIdsAmong(organizationId: number, userIds: readonly number[], writer: Writer = db) {
      if (userIds.length === 0) return new Set<number>();
      const rows = await writer
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            inArray(organizationMembers.userId, [...userIds]),
          ),
        );
      return new Set(rows.map((row) => row.userId));
    },
    async memberCount(organizationId: number, writer: Writer = db): Promise<number> {
      const [row] = await writer
        .select({ count: count() })
        .from(organizationMembers)
        .where(eq(organizationMembers.organizationId, organizationId));
      return row?.count ?? 0;
    },
  };
}
