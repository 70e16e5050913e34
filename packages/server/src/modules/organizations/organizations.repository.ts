import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { organizationMembers, organizations } from './organizations.tables.js';

export type OrganizationRow = typeof organizations.$inferSelect;
export type MemberRole = (typeof organizationMembers.$inferSelect)['role'];

export function createOrganizationsRepository(db: Database) {
  // Part of every signed-in user context.
  const membershipOfUser = db
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('organization_membership_of_user');

  return {
    async insertOrganization(values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
      const [row] = await db.insert(organizations).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async addMember(organizationId: number, userId: number, role: MemberRole): Promise<void> {
      await db.insert(organizationMembers).values({ organizationId, userId, role });
    },
    async findMembershipOfUser(userId: number) {
      const [row] = await membershipOfUser.execute({ userId });
      return row ?? null;
    },
  };
}
