import { ORGANIZATION_PERMISSIONS, type CurrentOrganization, type OrganizationRole } from '@lectern/domain';
import type { Database, Writer } from '../../platform/db/database.js';
import { HttpError, notFound } from '../../platform/http/http-error.js';
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
    memberCount: (organizationId: number, writer?: Writer) => repository.memberCount(organizationId, writer),
    /** Which of `userIds` belong to the organization (one query); `writer`: a caller's transaction. */
    memberIdsAmong: (organizationId: number, userIds: readonly number[], writer?: Writer) =>
      repository.memberIdsAmong(organizationId, userIds, writer),
    /** The members of an organization, a page at a time (the organization admin area). */
    members: (organizationId: number, page: { offset: number; limit: number }) =>
      repository.members(organizationId, page),
    /**
     * Changes a member's role, or removes them (`role` null), keeping at least one owner: 404 for
     * someone who is not a member, 409 `last_owner` when it would leave the organization without one.
     */
    async changeMember(organizationId: number, userId: number, role: OrganizationRole | null): Promise<void> {
      await db.transaction(async (tx) => {
        const roles = await repository.lockedRoles(organizationId, tx);
        const current = roles.get(userId);
        if (!current) throw notFound('This person is not a member of the organization.');
        const owners = [...roles.values()].filter((value) => value === 'owner').length;
        if (current === 'owner' && role !== 'owner' && owners <= 1) {
          throw new HttpError(
            409,
            'last_owner',
            role === null
              ? 'The last owner cannot be removed; make another member an owner first.'
              : 'The last owner cannot change role; make another member an owner first.',
          );
        }
        if (role === null) await repository.removeMember(organizationId, userId, tx);
        else if (role !== current) await repository.setRole(organizationId, userId, role, tx);
      });
    },
    /** Adds the user in the caller's transaction unless they belong to an organization already. */
    joinIfFree: (organizationId: number, userId: number, role: OrganizationRole, writer: Writer) =>
      repository.joinIfFree(organizationId, userId, role, writer),

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
