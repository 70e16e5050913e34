import { sql } from 'drizzle-orm';
import type { ReadPart } from '../../platform/db/combined-read.js';
import type { Database } from '../../platform/db/database.js';
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

export function createOrganizationsRepository(db: Database) {
  return {
    async insertOrganization(values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
      const [row] = await db.insert(organizations).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async addMember(organizationId: number, userId: number, role: MemberRole): Promise<void> {
      await db.insert(organizationMembers).values({ organizationId, userId, role });
    },
  };
}
