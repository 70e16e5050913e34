import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { organizationMembers, organizations } from './organizations.tables.js';

export type OrganizationRow = typeof organizations.$inferSelect;
export type MemberRole = (typeof organizationMembers.$inferSelect)['role'];

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
    async findMembershipOfUser(userId: number) {
      const [row] = await db
        .select({ organization: organizations, role: organizationMembers.role })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(eq(organizationMembers.userId, userId))
        .limit(1);
      return row ?? null;
    },
  };
}
