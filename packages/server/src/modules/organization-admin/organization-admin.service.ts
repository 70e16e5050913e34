import { createHash, randomBytes } from 'node:crypto';
import {
  confirmsOrganizationName,
  invitationRefusal,
  invitationStillHolds,
  isOrganizationAdmin,
  PAGE_ROUTES,
  type OrganizationInvitationDetails,
  type OrganizationRole,
} from '@lectern/domain';
import type { SessionStore } from '../../platform/auth/session-store.js';
import type { Database, Writer } from '../../platform/db/database.js';
import { HttpError, notFound, permissionDenied, validationError } from '../../platform/http/http-error.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { OrganizationsService } from '../organizations/organizations.service.js';
import type { SubscriptionReceipts } from '../subscriptions/subscription-receipts.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { UsersService } from '../users/users.service.js';
import { createOrganizationAdminRepository, type InvitationRow } from './organization-admin.repository.js';

export const ORGANIZATION_ADMIN_MESSAGES = {
  notAdmin: 'Only the owner or an admin of this organization can manage it.',
  noOrganization: 'There is no such organization.',
  licenseLimit: 'You have no licenses left. Add licenses to invite more people.',
  noActivePlan: 'Your organization has no active plan. Subscribe to a Team Plan to invite people.',
  confirmTransfer: 'Type the name of your organization to confirm.',
  invitationNoLongerValid:
    'This invitation is no longer valid: whoever sent it may no longer give this role. Ask the organization for a new one.',
} as const;

/** Where the ownership mails lead: the organization's users page. */
const MANAGE_USERS_PATH = PAGE_ROUTES.organizationUsers;

/** Where the invitation mail leads (the web app's accept page), `?token=<token>`. */
export const INVITATION_ACCEPT_PATH = PAGE_ROUTES.organizationInvitationAccept;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const fullName = (person: { name: string; surname: string }) =>
  [person.name, person.surname].filter(Boolean).join(' ');

/** What the caller may do in the organization they manage. */
export interface OrganizationAccess {
  organization: { id: number; name: string };
  userId: number;
  role: OrganizationRole;
}

export interface InvitationView {
  id: number;
  email: string;
  role: OrganizationRole;
  invited_by: number | null;
  created: string;
}

const invitationView = (row: InvitationRow): InvitationView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: row.invitedBy,
  created: row.createdAt.toISOString(),
});

/**
 * The organization admin area (team-plan §2, §3, §6): billing information, the active card,
 * billing history and receipts, receipt details, members and invitations. Only the
 * organization's owners and admins act here; its other members are refused (403), anyone
 * else is answered as if the organization did not exist (404).
 */
export function createOrganizationAdminService(deps: {
  db: Database;
  organizations: OrganizationsService;
  subscriptions: SubscriptionsService;
  receipts: SubscriptionReceipts;
  users: UsersService;
  sessions: Pick<SessionStore, 'lastActivityOf'>;
  mail: Pick<MailOutbox, 'enqueue'>;
}) {
  const repository = createOrganizationAdminRepository(deps.db);
  const { subscriptions, organizations } = deps;
  const subscriberOf = (organizationId: number) => ({ type: 'organization' as const, id: organizationId });

  async function namesOf(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const people = await deps.users.contacts(wanted);
    return new Map(people.map((person) => [person.id, fullName(person)]));
  }

  /** Team-plan §3 organization billing (receipt): the name defaults to the organization's. */
  async function receiptDetails(access: OrganizationAccess) {
    const profile = await subscriptions.billingProfileOf(subscriberOf(access.organization.id));
    const exists = !!profile?.customerName && !!profile.addressLine1;
    return {
      exists,
      name: profile?.customerName || access.organization.name,
      address: profile?.addressLine1 ?? '',
      address2: profile?.addressLine2 ?? '',
      taxId: profile?.taxNumber ?? '',
    };
  }

  /**
   * The caller's role in the organization as it is now, held against role changes until `tx`
   * ends (the request's check may be a moment old); 404 once they are no longer a member.
   */
  async function requireMembership(tx: Writer, access: OrganizationAccess): Promise<OrganizationRole> {
    const role = await organizations.sharedRoleOf(access.organization.id, access.userId, tx);
    if (!role) throw notFound(ORGANIZATION_ADMIN_MESSAGES.noOrganization);
    return role;
  }

  /** 403 unless the caller may invite people as `role`. */
  async function requireInvitationRight(tx: Writer, access: OrganizationAccess, role: OrganizationRole) {
    const refusal = invitationRefusal(await requireMembership(tx, access), role);
    if (refusal) throw permissionDenied(refusal);
  }

  /** One line of the audit log about a member, in the change's transaction. */
  async function audit(
    tx: Writer,
    access: OrganizationAccess,
    action: 'role_changed' | 'member_removed' | 'ownership_transferred',
    targetUserId: number,
    roles: { roleBefore: OrganizationRole | null; roleAfter: OrganizationRole | null },
  ): Promise<void> {
    const [target] = await deps.users.contacts([targetUserId], tx);
    await repository.audit(
      [
        {
          organizationId: access.organization.id,
          action,
          actorId: access.userId,
          targetUserId,
          targetEmail: target?.email ?? '',
          ...roles,
          createdAt: subscriptions.now(),
        },
      ],
      tx,
    );
  }

  return {
    /** The one role rule of this area: owner or admin of THIS organization. */
    async access(userId: number, organizationId: number): Promise<OrganizationAccess> {
      const membership = await organizations.membershipOf(userId);
      if (!membership || membership.organization.id !== organizationId) {
        throw notFound(ORGANIZATION_ADMIN_MESSAGES.noOrganization);
      }
      if (!isOrganizationAdmin(membership.role)) throw permissionDenied(ORGANIZATION_ADMIN_MESSAGES.notAdmin);
      return {
        organization: { id: membership.organization.id, name: membership.organization.name },
        userId,
        role: membership.role,
      };
    },

    /** Team-plan §3 billing information (read). */
    async billingInformation(organizationId: number) {
      const profile = await subscriptions.billingProfileOf(subscriberOf(organizationId));
      const names = await namesOf([profile?.billingUpdatedBy ?? null]);
      return {
        customer_name: profile?.customerName ?? null,
        address_line1: profile?.addressLine1 ?? null,
        address_line2: profile?.addressLine2 ?? null,
        country: profile?.country ?? null,
        secondary_location: profile?.secondaryLocation ?? null,
        tax_number: profile?.taxNumber ?? null,
        created_by: profile?.billingUpdatedBy ? (names.get(profile.billingUpdatedBy) ?? null) : null,
        created: profile?.billingUpdatedAt?.toISOString() ?? null,
      };
    },

    /** Team-plan §3 active payment method: the stored card, and who set it when. */
    async activePaymentMethod(organizationId: number) {
      const profile = await subscriptions.billingProfileOf(subscriberOf(organizationId));
      if (!profile?.paymentMethodId) return { spm_info: { data: null }, last_edit_user: null };
      const now = subscriptions.now();
      const year = now.getUTCFullYear();
      const month = now.getUTCMonth() + 1;
      const expired =
        profile.cardExpYear !== null &&
        profile.cardExpMonth !== null &&
        (profile.cardExpYear < year || (profile.cardExpYear === year && profile.cardExpMonth < month));
      const names = await namesOf([profile.cardUpdatedBy]);
      return {
        spm_info: {
          data: {
            id: profile.paymentMethodId,
            created: profile.cardUpdatedAt?.toISOString() ?? null,
            payment_method_details: {
              card: { last_4_digit: profile.cardLast4, brand: profile.cardBrand, expired },
            },
          },
        },
        last_edit_user:
          profile.cardUpdatedBy !== null
            ? {
                name: names.get(profile.cardUpdatedBy) ?? null,
                date: profile.cardUpdatedAt?.toISOString() ?? null,
              }
            : null,
      };
    },

    billingHistory: (organizationId: number, page: { page: number; pageSize: number }) =>
      deps.receipts.historyOf(subscriberOf(organizationId), page, 'en-US'),

    receipt: (organizationId: number, paymentId: number) =>
      deps.receipts.receiptOfSubscriber(subscriberOf(organizationId), paymentId),

    receiptDetails,

    async saveReceiptDetails(
      access: OrganizationAccess,
      details: { name: string; address: string; address2?: string; taxId?: string },
    ) {
      await subscriptions.saveReceiptDetails(
        subscriberOf(access.organization.id),
        {
          name: details.name,
          address: details.address,
          address2: details.address2 || null,
          taxId: details.taxId || null,
        },
        access.userId,
      );
      return receiptDetails(access);
    },

    /** The members, with whether they hold a license and when they were last active. */
    async members(organizationId: number, page: { page: number; pageSize: number }) {
      const { rows, count } = await organizations.members(organizationId, {
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize,
      });
      const ids = rows.map((row) => row.userId);
      const [people, activity, enrollment] = await Promise.all([
        deps.users.contacts(ids),
        deps.sessions.lastActivityOf(ids),
        subscriptions.currentEnrollmentOf(subscriberOf(organizationId)),
      ]);
      const byId = new Map(people.map((person) => [person.id, person]));
      const licensed = !!enrollment && enrollment.status !== 'EXPIRED';
      return {
        count,
        total_pages: Math.max(1, Math.ceil(count / page.pageSize)),
        results: rows.map((row) => {
          const person = byId.get(row.userId);
          return {
            id: row.userId,
            name: person ? fullName(person) : '',
            email: person?.email ?? '',
            role: row.role,
            has_license: licensed,
            last_activity: activity.get(row.userId)?.toISOString() ?? null,
          };
        }),
      };
    },

    /**
     * Changes a member's role as the caller asks: the domain's rules decide against the roles as
     * they are under the members' lock (403 otherwise), the last owner stays (409), and the
     * change is written to the audit log in the same transaction.
     */
    async changeRole(access: OrganizationAccess, userId: number, role: OrganizationRole): Promise<void> {
      const organizationId = access.organization.id;
      await deps.db.transaction(async (tx) => {
        const { before } = await organizations.changeMember(
          { organizationId, actorId: access.userId, userId, role },
          tx,
        );
        if (before === role) return;
        await audit(tx, access, 'role_changed', userId, { roleBefore: before, roleAfter: role });
      });
    },

    /** Removes a member (their license is free again) as the rules allow; never the last owner. */
    async removeMember(access: OrganizationAccess, userId: number): Promise<void> {
      const organizationId = access.organization.id;
      await deps.db.transaction(async (tx) => {
        const { before } = await organizations.changeMember(
          { organizationId, actorId: access.userId, userId, role: null },
          tx,
        );
        await audit(tx, access, 'member_removed', userId, { roleBefore: before, roleAfter: null });
      });
    },

    /**
     * Hands the ownership over (issue 37): an owner, confirming with the organization's name,
     * makes a member the owner and becomes an admin. Both are mailed, and both changes are in
     * the audit log, in the one transaction.
     */
    async transferOwnership(access: OrganizationAccess, memberId: number, confirm: string) {
      if (!confirmsOrganizationName(confirm, access.organization.name)) {
        throw validationError({ confirm: [ORGANIZATION_ADMIN_MESSAGES.confirmTransfer] });
      }
      const organizationId = access.organization.id;
      await deps.db.transaction(async (tx) => {
        const { before } = await organizations.transferOwnership(
          { organizationId, actorId: access.userId, userId: memberId },
          tx,
        );
        const people = await deps.users.contacts([access.userId, memberId], tx);
        const previousOwner = people.find((person) => person.id === access.userId);
        const newOwner = people.find((person) => person.id === memberId);
        await audit(tx, access, 'ownership_transferred', memberId, {
          roleBefore: before,
          roleAfter: 'owner',
        });
        await audit(tx, access, 'role_changed', access.userId, { roleBefore: 'owner', roleAfter: 'admin' });
        const organizationName = access.organization.name;
        const nameOf = (person: typeof newOwner) => (person ? fullName(person) || person.email : '');
        if (newOwner) {
          await deps.mail.enqueue(tx, {
            to: newOwner.email,
            locale: newOwner.locale,
            content: {
              kind: 'organization_ownership_received',
              organizationName,
              previousOwnerName: nameOf(previousOwner),
              manageUrl: MANAGE_USERS_PATH,
            },
          });
        }
        if (previousOwner) {
          await deps.mail.enqueue(tx, {
            to: previousOwner.email,
            locale: previousOwner.locale,
            content: {
              kind: 'organization_ownership_handed_over',
              organizationName,
              newOwnerName: nameOf(newOwner),
              manageUrl: MANAGE_USERS_PATH,
            },
          });
        }
      });
      return {
        new_owner: { id: memberId, role: 'owner' as const },
        previous_owner: { id: access.userId, role: 'admin' as const },
      };
    },

    /**
     * Invites people, each invitation holding one of the plan's licenses: members plus open
     * invitations stay within the plan's license count. All or nothing; the enrollment row is
     * locked while counting and inserting, so concurrent invites cannot overbook.
     */
    async invite(access: OrganizationAccess, emails: string[], role: OrganizationRole) {
      const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
      const organizationId = access.organization.id;
      const [inviter] = await deps.users.contacts([access.userId]);
      return deps.db.transaction(async (tx) => {
        // The rules first, against the inviter's role as it is now (held until the end).
        await requireInvitationRight(tx, access, role);
        const enrollment = await subscriptions.currentEnrollmentOf(subscriberOf(organizationId), tx);
        if (!enrollment || enrollment.status === 'EXPIRED') {
          throw new HttpError(409, 'no_active_plan', ORGANIZATION_ADMIN_MESSAGES.noActivePlan);
        }
        const already = await repository.openFor(organizationId, wanted, tx);
        if (already.length > 0) {
          throw new HttpError(
            409,
            'already_invited',
            `${already.map((row) => row.email).join(', ')} ${already.length === 1 ? 'has' : 'have'} an open invitation already.`,
          );
        }
        const used =
          (await organizations.memberCount(organizationId, tx)) +
          (await repository.openCount(organizationId, tx));
        if (used + wanted.length > enrollment.licenseCount) {
          throw new HttpError(409, 'license_limit_reached', ORGANIZATION_ADMIN_MESSAGES.licenseLimit);
        }
        const tokens = wanted.map(() => randomBytes(32).toString('base64url'));
        const rows = await repository.insert(
          wanted.map((email, index) => ({
            organizationId,
            email,
            role,
            tokenHash: hashToken(tokens[index]!),
            invitedBy: access.userId,
          })),
          tx,
        );
        for (const [index, row] of rows.entries()) {
          await deps.mail.enqueue(tx, {
            to: row.email,
            content: {
              kind: 'organization_invitation',
              organizationName: access.organization.name,
              inviterName: inviter ? fullName(inviter) : access.organization.name,
              acceptUrl: `${INVITATION_ACCEPT_PATH}?token=${tokens[index]}`,
            },
            dedupeKey: `organization_invitation:${row.id}`,
          });
        }
        await repository.audit(
          rows.map((row) => ({
            organizationId,
            action: 'invitation_sent' as const,
            actorId: access.userId,
            targetEmail: row.email,
            roleAfter: row.role,
            invitationId: row.id,
            createdAt: subscriptions.now(),
          })),
          tx,
        );
        return rows.map(invitationView);
      });
    },

    async invitations(organizationId: number): Promise<InvitationView[]> {
      return (await repository.openInvitations(organizationId)).map(invitationView);
    },

    /** Withdraws an open invitation, if the caller may invite with its role (403 otherwise). */
    async revokeInvitation(access: OrganizationAccess, id: number): Promise<void> {
      const organizationId = access.organization.id;
      await deps.db.transaction(async (tx) => {
        const actorRole = await requireMembership(tx, access);
        const invitation = await repository.openById(organizationId, id, tx);
        if (!invitation) throw notFound('There is no open invitation with this id.');
        const refusal = invitationRefusal(actorRole, invitation.role, 'withdraw');
        if (refusal) throw permissionDenied(refusal);
        const at = subscriptions.now();
        await repository.revoke(organizationId, id, at, tx);
        await repository.audit(
          [
            {
              organizationId,
              action: 'invitation_withdrawn',
              actorId: access.userId,
              targetEmail: invitation.email,
              roleBefore: invitation.role,
              invitationId: invitation.id,
              createdAt: at,
            },
          ],
          tx,
        );
      });
    },

    /**
     * What an invitation's landing page names (issue 34): the organization, who invited, the
     * role, whether it may still be accepted, and the plan whose license joining takes. The
     * token is the key, as for accepting: 404 for one that matches no invitation.
     */
    async invitationDetails(token: string): Promise<OrganizationInvitationDetails> {
      const invitation = await repository.findByTokenHash(hashToken(token));
      if (!invitation) throw notFound('There is no such invitation.');
      const [organizationName, inviters, enrollment] = await Promise.all([
        organizations.nameOf(invitation.organizationId),
        deps.users.contacts(invitation.invitedBy === null ? [] : [invitation.invitedBy]),
        subscriptions.currentEnrollmentOf(subscriberOf(invitation.organizationId)),
      ]);
      if (organizationName === null) throw notFound('There is no such invitation.');
      const inviterName = inviters[0] ? fullName(inviters[0]) : '';
      return {
        organization: { name: organizationName },
        inviter: inviterName ? { name: inviterName } : null,
        role: invitation.role,
        status: invitation.acceptedAt ? 'accepted' : invitation.revokedAt ? 'revoked' : 'open',
        plan_name:
          enrollment && enrollment.status !== 'EXPIRED'
            ? await subscriptions.billing.planName(enrollment.priceOptionId)
            : null,
      };
    },

    /**
     * Joins the signed-in user to the organization that invited their e-mail address, with the
     * invited role: the token must be unused and not revoked, and the user in no organization.
     * Answers the organization (with its name, for the accept page) and the role.
     */
    async accept(
      userId: number,
      token: string,
    ): Promise<{ organization: { id: number; name: string }; role: OrganizationRole }> {
      const user = await deps.users.findById(userId);
      if (!user) throw notFound('There is no such invitation.');
      const accepted = await deps.db.transaction(async (tx) => {
        const invitation = await repository.byTokenHash(hashToken(token), tx);
        if (!invitation) throw notFound('There is no such invitation.');
        if (invitation.revokedAt) {
          throw new HttpError(409, 'invitation_revoked', 'This invitation was withdrawn.');
        }
        if (invitation.acceptedAt) {
          throw new HttpError(409, 'invitation_used', 'This invitation was accepted already.');
        }
        if (invitation.email !== user.email.toLowerCase()) {
          throw permissionDenied(
            'This invitation was sent to another e-mail address; sign in with that address to accept it.',
          );
        }
        // An owner's or admin's invitation holds only while its inviter may still send it: one sent
        // by an admin before the roles' rules, or by an owner demoted since, gives no such role.
        const inviterRole = invitation.invitedBy
          ? await organizations.sharedRoleOf(invitation.organizationId, invitation.invitedBy, tx)
          : null;
        if (!invitationStillHolds(inviterRole, invitation.role)) {
          throw new HttpError(409, 'invitation_invalid', ORGANIZATION_ADMIN_MESSAGES.invitationNoLongerValid);
        }
        // The invitation's license becomes the member's: counted under the same lock as invites.
        await subscriptions.currentEnrollmentOf(subscriberOf(invitation.organizationId), tx);
        const joined = await organizations.joinIfFree(invitation.organizationId, userId, invitation.role, tx);
        if (!joined) {
          throw new HttpError(
            409,
            'already_in_organization',
            'You already belong to an organization; leave it before joining another.',
          );
        }
        const at = subscriptions.now();
        await repository.markAccepted(invitation.id, at, tx);
        await repository.audit(
          [
            {
              organizationId: invitation.organizationId,
              action: 'invitation_accepted',
              actorId: userId,
              targetUserId: userId,
              targetEmail: invitation.email,
              roleAfter: invitation.role,
              invitationId: invitation.id,
              createdAt: at,
            },
          ],
          tx,
        );
        return { organizationId: invitation.organizationId, role: invitation.role };
      });
      const membership = await organizations.membershipOf(userId);
      return {
        organization: { id: accepted.organizationId, name: membership?.organization.name ?? '' },
        role: accepted.role,
      };
    },
  };
}

export type OrganizationAdminService = ReturnType<typeof createOrganizationAdminService>;
