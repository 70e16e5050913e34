import {
  canTransferOwnership,
  keepsAnOwner,
  ORGANIZATION_PERMISSIONS,
  ORGANIZATION_ROLE_MESSAGES,
  removalRefusal,
  roleChangeRefusal,
  type CurrentOrganization,
  type OrganizationRole,
} from '@lectern/domain';
import type { Database, Writer } from '../../platform/db/database.js';
import { HttpError, notFound, permissionDenied, validationError } from '../../platform/http/http-error.js';
import type { ReadPart } from '../../platform/db/combined-read.js';
import {
  organizationFacts,
  createOrganizationsRepository,
  membershipOfUserRead,
  type MembershipOfUser,
} from './organizations.repository.js';

const NO_ORGANIZATION = 'There is no such organization.';
const NOT_A_MEMBER = 'This person is not a member of the organization.';

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
    /** An organization's name; null when there is no such organization. */
    nameOf: (organizationId: number) => repository.nameOf(organizationId),
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
     * Changes a member's role, or removes them (`role` null), as `actorId` asks, in the caller's
     * transaction. Every member row is locked first, so the actor's role and the target's are
     * read as they are now (not as the request found them) and the owners are counted under the
     * same lock. 404 for someone who is not a member (or an actor who no longer is), 403 when the
     * domain's rules do not let the actor do it, 409 `last_owner` when it would leave no owner.
     * Answers the target's role before (the same as `role` when nothing changed).
     */
    async changeMember(
      change: { organizationId: number; actorId: number; userId: number; role: OrganizationRole | null },
      writer: Writer,
    ): Promise<{ before: OrganizationRole }> {
      const { organizationId, userId, role } = change;
      const roles = await repository.lockedRoles(organizationId, writer);
      const actorRole = roles.get(change.actorId);
      if (!actorRole) throw notFound(NO_ORGANIZATION);
      const current = roles.get(userId);
      if (!current) throw notFound(NOT_A_MEMBER);
      const refusal =
        role === null ? removalRefusal(actorRole, current) : roleChangeRefusal(actorRole, current, role);
      if (refusal) throw permissionDenied(refusal);
      const owners = [...roles.values()].filter((value) => value === 'owner').length;
      if (!keepsAnOwner(owners, current, role)) {
        throw new HttpError(
          409,
          'last_owner',
          role === null
            ? 'The last owner cannot be removed; make another member an owner first.'
            : 'The last owner cannot change role; make another member an owner first.',
        );
      }
      if (role === null) await repository.removeMember(organizationId, userId, writer);
      else if (role !== current) await repository.setRole(organizationId, userId, role, writer);
      return { before: current };
    },
    /**
     * Hands the ownership over (issue 37): the member `userId` becomes an owner and the actor,
     * who must be an owner now, an admin; under the members' lock, in the caller's transaction.
     * Answers the new owner's role before.
     */
    async transferOwnership(
      transfer: { organizationId: number; actorId: number; userId: number },
      writer: Writer,
    ): Promise<{ before: OrganizationRole }> {
      const { organizationId, actorId, userId } = transfer;
      const roles = await repository.lockedRoles(organizationId, writer);
      const actorRole = roles.get(actorId);
      if (!actorRole) throw notFound(NO_ORGANIZATION);
      if (actorRole !== 'owner') throw permissionDenied(ORGANIZATION_ROLE_MESSAGES.transfer);
      if (userId === actorId) {
        throw validationError({ member_id: ['Choose another member to hand the ownership over to.'] });
      }
      const current = roles.get(userId);
      if (!current) throw notFound(NOT_A_MEMBER);
      if (!canTransferOwnership(actorRole, current)) {
        throw new HttpError(
          409,
          'already_owner',
          'This member is an owner already; change your own role to step down instead.',
        );
      }
      await repository.setRole(organizationId, userId, 'owner', writer);
      await repository.setRole(organizationId, actorId, 'admin', writer);
      return { before: current };
    },
    /** The user's role in the organization, held against role changes until `writer` ends; null for a non-member. */
    sharedRoleOf: (organizationId: number, userId: number, writer: Writer) =>
      repository.sharedRoleOf(organizationId, userId, writer),
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
