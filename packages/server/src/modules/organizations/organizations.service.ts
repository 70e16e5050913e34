import { ORGANIZATION_PERMISSIONS, type CurrentOrganization, type OrganizationRole } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { HttpError } from '../../platform/http/http-error.js';
import type { ReadPart } from '../../platform/db/combined-read.js';
import {
  organizationFacts,
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
     * Founds a Team organization with the user as owner (business sign-up); refused when the
     * user already belongs to one (a user belongs to at most one organization).
     */
    async foundOrganization(userId: number, name: string, referral: string | null) {
      if (await repository.membershipOf(userId)) {
        throw new HttpError(
          409,
          'already_in_organization',
          'You already belong to an organization; manage its plan from your subscription page.',
        );
      }
      const organization = await repository.foundOrganization(userId, name, referral);
      if (!organization) {
        throw new HttpError(
          409,
          'already_in_organization',
          'You already belong to an organization; manage its plan from your subscription page.',
        );
      }
      return organization;
    },
    /** The user's organization and role, or null for a consumer user. */
    membershipOf: (userId: number) => repository.membershipOf(userId),
    /** The owners' and admins' user ids per organization; `writer` lets a caller read inside its transaction. */
    adminIdsOf: (organizationIds: number[], writer?: Database) =>
      repository.adminIdsOf(organizationIds, writer),
    /** How many people belong to the organization (each holds a license of its plan). */
    memberCount: (organizationId: number) => repository.memberCount(organizationId),

    /**
     * Facts for a combined read (`prepareCombinedRead`): the user's (`userId`) organization
     * with their role and named permissions, or null for a consumer user.
     */
    /** SQL fragments for other features' combined reads (the managed organization, member counts). */
    facts: organizationFacts,
    reads: {
      currentOrganization: {
        sql: membershipOfUserRead.sql,
        parse: (value) => currentOrganization(membershipOfUserRead.parse(value)),
      } satisfies ReadPart<CurrentOrganization | null>,
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
