import { ORGANIZATION_PERMISSIONS, type CurrentOrganization, type OrganizationRole } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { createOrganizationsRepository } from './organizations.repository.js';

export function createOrganizationsService(db: Database) {
  const repository = createOrganizationsRepository(db);
  return {
    async createOrganization(input: { name: string; type?: 'Team' | 'Enterprise' }) {
      return repository.insertOrganization({ name: input.name, type: input.type ?? 'Team' });
    },
    addMember: (organizationId: number, userId: number, role: OrganizationRole) =>
      repository.addMember(organizationId, userId, role),

    /** The user's organization with their role and named permissions, or null for a consumer user. */
    async currentOrganizationOf(userId: number): Promise<CurrentOrganization | null> {
      const membership = await repository.findMembershipOfUser(userId);
      if (!membership) return null;
      return {
        id: membership.organization.id,
        title: membership.organization.name,
        type: membership.organization.type,
        role: membership.role,
        permissions: ORGANIZATION_PERMISSIONS[membership.role].map((permission) => ({ permission })),
        is_pro_license_holder: false,
      };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
