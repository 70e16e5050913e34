import { createHash, randomBytes } from 'node:crypto';
import { isOrganizationAdmin, PAGE_ROUTES, type OrganizationRole } from '@lectern/domain';
import type { SessionStore } from '../../platform/auth/session-store.js';
import type { Database } from '../../platform/db/database.js';
import { HttpError, notFound, permissionDenied } from '../../platform/http/http-error.js';
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
} as const;

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

    changeRole: (organizationId: number, userId: number, role: OrganizationRole) =>
      organizations.changeMember(organizationId, userId, role),

    /** Removes a member (their license is free again); never the last owner. */
    removeMember: (organizationId: number, userId: number) =>
      organizations.changeMember(organizationId, userId, null),

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
        return rows.map(invitationView);
      });
    },

    async invitations(organizationId: number): Promise<InvitationView[]> {
      return (await repository.openInvitations(organizationId)).map(invitationView);
    },

    async revokeInvitation(organizationId: number, id: number): Promise<void> {
      const row = await repository.revoke(organizationId, id, subscriptions.now());
      if (!row) throw notFound('There is no open invitation with this id.');
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
        await repository.markAccepted(invitation.id, subscriptions.now(), tx);
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
