import { ORGANIZATION_PERMISSIONS, type CurrentOrganization, type OrganizationRole } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import type { ReadPart } from '../../platform/db/combined-read.js';
import {
  createOrganizationsRepository,
  membershipOfUserRead,
  type MembershipOfUser,
} from './organizations.repository.js';

/** What the user context shows of a membership (platform §3). */
function currentOrganization(membership: MembershipOfUser | null): CurrentOrganization | null {
  if (!membership) return null;
  return {
    id: membership.organization.id,
    title: membership.organization.name,
    type: membership.organization.type,
    role: membership.role,
    permissions: ORGANIZATION_PERMISSIONS[membership.role].map((permission) => ({ permission })),
    is_pro_license_holder: false,
  };
}

export function createOrganizationsService(db: Database) {
  const repository = createOrganizationsRepository(db);
  return {
    async createOrganization(input: { name: string; type?: 'Team' | 'Enterprise' }) {
      return repository.insertOrganization({ name: input.name, type: input.type ?? 'Team' });
    },
    addMember: (organizationId: number, userId: number, role: OrganizationRole) =>
      repository.addMember(organizationId, userId, role),

    /**
     * Facts for a combined read (`prepareCombinedRead`): the user's (`userId`) organization
     * with their role and named permissions, or null for a consumer user.
     */
    reads: {
      currentOrganization: {
        sql: membershipOfUserRead.sql,
        parse: (value) => currentOrganization(membershipOfUserRead.parse(value)),
      } satisfies ReadPart<CurrentOrganization | null>,
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
