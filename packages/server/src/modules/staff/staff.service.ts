import { createHash, randomBytes } from 'node:crypto';
import {
  adminPageOffset,
  keepsAStaffOwner,
  PAGE_ROUTES,
  STAFF_INVITATION_TTL_DAYS,
  STAFF_ROLE_LABELS,
  STAFF_ROLE_PERMISSIONS,
  staffMay,
  type AdminMe,
  type AdminPage,
  type AdminSort,
  type AdminStaffInvitation,
  type AdminStaffMember,
  type BackOfficeSettings,
  type BackOfficeSettingsInput,
  type SalesContactSettings,
  type StaffInvitationAccepted,
  type StaffRole,
  type StaffSortField,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database, Writer } from '../../platform/db/database.js';
import { HttpError, notFound, permissionDenied } from '../../platform/http/http-error.js';
import type { AdminAudit } from '../admin-audit/admin-audit.service.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { UsersService } from '../users/users.service.js';
import type { SalesContact } from './sales-contact.js';
import type { StaffMember } from './staff-access.js';
import { createStaffRepository, type StaffMemberRow } from './staff.repository.js';

/** Where the staff invitation mail leads (the web app's accept page), `?token=<token>`. */
export const STAFF_INVITATION_ACCEPT_PATH = PAGE_ROUTES.adminInvitationAccept;
const INVITATION_TTL_MS = STAFF_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

export const STAFF_MESSAGES = {
  notOnStaff: 'This person is not on the staff.',
  lastOwner: 'The marketplace must keep at least one owner: make another staff member an owner first.',
  noLongerOwner: 'Your staff role changed meanwhile: only owners manage the staff.',
  invitationInvalid: 'This invitation link is not valid. Ask an owner of the marketplace for a new one.',
  invitationRevoked: 'This invitation was withdrawn. Ask an owner of the marketplace for a new one.',
  invitationUsed: 'This invitation was accepted already.',
  noSuchInvitation: 'There is no open invitation with this id.',
} as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const fullName = (person: { name: string; surname: string }) =>
  [person.name, person.surname].filter(Boolean).join(' ');
const roleLabel = (role: StaffRole) => STAFF_ROLE_LABELS[role];
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** A member with who they are (their account's e-mail and name). */
type StaffPerson = StaffMemberRow & { email: string; name: string; surname: string };

const memberView = (row: StaffPerson): AdminStaffMember => ({
  user_id: row.userId,
  email: row.email,
  name: fullName(row),
  role: row.role,
  since: row.createdAt.toISOString(),
});

/** Whether `text` contains `q`, ignoring case. */
const contains = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());

/**
 * The marketplace's staff (issue 32): who is on it and with which role, invitations by e-mail,
 * and the back office's settings. Every change is audited in its own transaction, and every
 * change of roles runs under the staff lock, so the marketplace never loses its last owner.
 */
export function createStaffService(deps: {
  db: Database;
  users: UsersService;
  audit: AdminAudit;
  outbox: Pick<MailOutbox, 'enqueue'>;
  clock: Clock;
  salesContact: Pick<SalesContact, 'defaults' | 'forget'>;
}) {
  const repository = createStaffRepository(deps.db);
  const { audit, clock } = deps;

  /** Members with their accounts' e-mail and name (read with `writer` inside a transaction). */
  async function withPeople(rows: StaffMemberRow[], writer?: Writer): Promise<StaffPerson[]> {
    const people = new Map(
      (
        await deps.users.contacts(
          rows.map((row) => row.userId),
          writer as Database | undefined,
        )
      ).map((person) => [person.id, person]),
    );
    return rows.flatMap((row) => {
      const person = people.get(row.userId);
      return person ? [{ ...row, email: person.email, name: person.name, surname: person.surname }] : [];
    });
  }

  async function person(userId: number, writer: Writer): Promise<StaffPerson | null> {
    const row = await repository.member(userId, writer);
    return row ? ((await withPeople([row], writer))[0] ?? null) : null;
  }

  async function readSettings(): Promise<BackOfficeSettings> {
    const row = await repository.settings();
    return {
      support_refund_limits: row.supportRefundLimits,
      sales_contact: {
        sales_email: row.salesEmail,
        request_demo_url: row.requestDemoUrl,
        enterprise_upgrade_url: row.enterpriseUpgradeUrl,
        compare_plans_url: row.comparePlansUrl,
      },
      sales_contact_defaults: deps.salesContact.defaults,
      updated: row.updatedAt.toISOString(),
    };
  }

  /** The actor's role as it is now, under the staff lock: they may still manage the staff. */
  async function requireManager(tx: Writer, actor: StaffMember): Promise<StaffMember> {
    const now = await repository.member(actor.userId, tx);
    if (!now || !staffMay(now.role, 'staff.manage')) throw permissionDenied(STAFF_MESSAGES.noLongerOwner);
    return { ...actor, role: now.role };
  }

  /** The member whose role changes (or who leaves), under the lock; the last owner stays. */
  async function requireChangeable(tx: Writer, userId: number, next: StaffRole | null) {
    const current = await person(userId, tx);
    if (!current) throw notFound(STAFF_MESSAGES.notOnStaff);
    if (!keepsAStaffOwner(await repository.ownerCount(tx), current.role, next)) {
      throw new HttpError(409, 'last_owner', STAFF_MESSAGES.lastOwner);
    }
    return current;
  }

  return {
    repository,

    /** `GET /api-2.0/admin/me/`. */
    async me(member: StaffMember): Promise<AdminMe> {
      const profile = await deps.users.findById(member.userId);
      return {
        user_id: member.userId,
        email: member.email,
        name: profile?.displayName ?? member.email,
        role: member.role,
        permissions: [...STAFF_ROLE_PERMISSIONS[member.role]],
      };
    },

    async list(query: {
      q: string;
      role?: StaffRole;
      sort: AdminSort<StaffSortField>;
      page: number;
      page_size: number;
    }): Promise<AdminPage<AdminStaffMember>> {
      // The staff is a few dozen people: searched, sorted and paged here.
      const everyone = (await withPeople(await repository.members())).filter(
        (row) =>
          (!query.role || row.role === query.role) &&
          (!query.q || contains(row.email, query.q) || contains(fullName(row), query.q)),
      );
      const key = {
        since: (row: StaffPerson) => row.createdAt.toISOString(),
        email: (row: StaffPerson) => row.email,
        role: (row: StaffPerson) => row.role,
      }[query.sort.field];
      const sign = query.sort.descending ? -1 : 1;
      everyone.sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.userId - b.userId));
      const offset = adminPageOffset(query.page, query.page_size);
      return {
        count: everyone.length,
        page: query.page,
        page_size: query.page_size,
        results: everyone.slice(offset, offset + query.page_size).map(memberView),
      };
    },

    /** Gives a member another role; the last owner keeps theirs (409 `last_owner`). */
    async changeRole(actor: StaffMember, userId: number, role: StaffRole): Promise<AdminStaffMember> {
      const changed = await deps.db.transaction(async (tx) => {
        await repository.lock(tx);
        const by = await requireManager(tx, actor);
        const current = await requireChangeable(tx, userId, role);
        if (current.role === role) return current;
        await repository.setRole(userId, role, clock.now(), tx);
        await audit.record(tx, {
          actor: by,
          action: 'staff.role_changed',
          objectType: 'staff',
          objectId: userId,
          summary: `Changed ${current.email}’s role from ${roleLabel(current.role)} to ${roleLabel(role)}`,
          before: { role: current.role },
          after: { role },
        });
        return { ...current, role };
      });
      deps.users.forget(userId);
      return memberView(changed);
    },

    /** Takes a member off the staff (their account stays); the last owner stays (409 `last_owner`). */
    async remove(actor: StaffMember, userId: number): Promise<void> {
      await deps.db.transaction(async (tx) => {
        await repository.lock(tx);
        const by = await requireManager(tx, actor);
        const current = await requireChangeable(tx, userId, null);
        await repository.remove(userId, tx);
        await audit.record(tx, {
          actor: by,
          action: 'staff.removed',
          objectType: 'staff',
          objectId: userId,
          summary: `Removed ${current.email} (${roleLabel(current.role)}) from the staff`,
          before: { email: current.email, role: current.role },
          after: null,
        });
      });
      deps.users.forget(userId);
    },

    /**
     * Invites an address to the staff with a role: a one-time link (only its SHA-256 is kept),
     * valid for 7 days, mailed through the outbox in the same transaction. Inviting an address
     * with an open invitation replaces it; someone already on the staff is a 409.
     */
    async invite(
      actor: StaffMember,
      input: { email: string; role: StaffRole },
    ): Promise<AdminStaffInvitation> {
      const email = input.email.trim().toLowerCase();
      const inviter = await deps.users.findById(actor.userId);
      const inviterName = inviter?.displayName || actor.email;
      return deps.db.transaction(async (tx) => {
        await repository.lock(tx);
        const by = await requireManager(tx, actor);
        // Everything inside reads through `tx` (the embedded database has one connection).
        const member = (await withPeople(await repository.members(tx), tx)).find(
          (row) => row.email === email,
        );
        if (member) {
          throw new HttpError(
            409,
            'already_staff',
            `${email} is already on the staff (${roleLabel(member.role)}). Change their role in the staff list instead.`,
          );
        }
        const now = clock.now();
        const replaced = await repository.openInvitationFor(email, tx);
        if (replaced) await repository.revokeInvitation(replaced.id, now, tx);
        const token = randomBytes(32).toString('base64url');
        const row = await repository.insertInvitation(
          {
            email,
            role: input.role,
            tokenHash: hashToken(token),
            invitedBy: actor.userId,
            expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
            createdAt: now,
          },
          tx,
        );
        await deps.outbox.enqueue(tx, {
          to: email,
          content: {
            kind: 'staff_invitation',
            inviterName,
            roleName: roleLabel(input.role),
            expiresAt: row.expiresAt.toISOString(),
            acceptUrl: `${STAFF_INVITATION_ACCEPT_PATH}?token=${token}`,
          },
          dedupeKey: `staff_invitation:${row.id}`,
        });
        await audit.record(tx, {
          actor: by,
          action: 'staff_invitation.sent',
          objectType: 'staff_invitation',
          objectId: row.id,
          summary: `Invited ${email} to the staff as ${roleLabel(input.role)}${replaced ? ` (replacing invitation #${replaced.id})` : ''}`,
          before: replaced ? { id: replaced.id, email: replaced.email, role: replaced.role } : null,
          after: { email, role: input.role, expires: row.expiresAt.toISOString() },
        });
        return {
          id: row.id,
          email,
          role: row.role,
          invited_by: actor.email,
          created: row.createdAt.toISOString(),
          expires: row.expiresAt.toISOString(),
        };
      });
    },

    /** Open invitations (not accepted, withdrawn or expired), newest first. */
    async invitations(): Promise<AdminStaffInvitation[]> {
      const rows = await repository.openInvitations(clock.now());
      const inviters = new Map(
        (await deps.users.contacts(rows.flatMap((row) => (row.invitedBy ? [row.invitedBy] : [])))).map(
          (inviter) => [inviter.id, inviter.email],
        ),
      );
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        invited_by: row.invitedBy ? (inviters.get(row.invitedBy) ?? null) : null,
        created: row.createdAt.toISOString(),
        expires: row.expiresAt.toISOString(),
      }));
    },

    /** Withdraws an open invitation: its link stops working. */
    async revokeInvitation(actor: StaffMember, id: number): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const by = await requireManager(tx, actor);
        const invitation = await repository.openInvitationById(id, tx);
        if (!invitation) throw notFound(STAFF_MESSAGES.noSuchInvitation);
        await repository.revokeInvitation(id, clock.now(), tx);
        await audit.record(tx, {
          actor: by,
          action: 'staff_invitation.revoked',
          objectType: 'staff_invitation',
          objectId: id,
          summary: `Withdrew the staff invitation of ${invitation.email} (${roleLabel(invitation.role)})`,
          before: { email: invitation.email, role: invitation.role },
          after: null,
        });
      });
    },

    /**
     * The signed-in user joins the staff with the invitation's role. The link must be the one
     * mailed (404 otherwise), not withdrawn (410), not used (409), not expired (410), and the
     * user's e-mail the invited one (403, the other account is told to sign in with it).
     */
    async accept(userId: number, token: string): Promise<StaffInvitationAccepted> {
      const user = await deps.users.findById(userId);
      if (!user) throw notFound(STAFF_MESSAGES.invitationInvalid);
      const accepted = await deps.db.transaction(async (tx) => {
        await repository.lock(tx);
        const invitation = await repository.invitationByTokenHash(hashToken(token), tx);
        if (!invitation) throw notFound(STAFF_MESSAGES.invitationInvalid);
        if (invitation.revokedAt)
          throw new HttpError(410, 'invitation_revoked', STAFF_MESSAGES.invitationRevoked);
        if (invitation.acceptedAt) throw new HttpError(409, 'invitation_used', STAFF_MESSAGES.invitationUsed);
        const now = clock.now();
        if (invitation.expiresAt <= now) {
          throw new HttpError(
            410,
            'invitation_expired',
            `This invitation expired on ${dayOf(invitation.expiresAt)}. Ask an owner of the marketplace to send a new one.`,
          );
        }
        if (invitation.email !== user.email.toLowerCase()) {
          throw permissionDenied(
            `This invitation was sent to another e-mail address, and you are signed in as ${user.email}. Sign out, then sign in with the invited address to accept it.`,
          );
        }
        const member = await repository.member(userId, tx);
        if (member) {
          throw new HttpError(
            409,
            'already_staff',
            `You are already on the staff (${roleLabel(member.role)}). An owner can change your role.`,
          );
        }
        await repository.upsert(
          { userId, role: invitation.role, invitedBy: invitation.invitedBy, at: now },
          tx,
        );
        await repository.markInvitationAccepted(invitation.id, now, tx);
        await audit.record(tx, {
          actor: { userId, email: user.email, role: invitation.role },
          action: 'staff.joined',
          objectType: 'staff',
          objectId: userId,
          summary: `${user.email} accepted invitation #${invitation.id} and joined the staff as ${roleLabel(invitation.role)}`,
          before: null,
          after: { email: user.email, role: invitation.role, invitation_id: invitation.id },
        });
        return { email: user.email, role: invitation.role };
      });
      deps.users.forget(userId);
      return accepted;
    },

    settings: readSettings,

    /** Replaces the sales contacts (issue 34); a null one is the default again. */
    async saveSalesContact(actor: StaffMember, input: SalesContactSettings): Promise<BackOfficeSettings> {
      const at = clock.now();
      await deps.db.transaction(async (tx) => {
        const by = await requireManager(tx, actor);
        const before = await repository.saveSalesContact(input, at, tx);
        await audit.record(tx, {
          actor: by,
          action: 'settings.sales_contact_changed',
          objectType: 'back_office_settings',
          objectId: 1,
          summary: 'Changed the sales links',
          before: { sales_contact: before },
          after: { sales_contact: input },
        });
      });
      deps.salesContact.forget();
      return readSettings();
    },

    /** Replaces the support refund limits (a currency left out: support may not refund in it). */
    async saveSettings(actor: StaffMember, input: BackOfficeSettingsInput): Promise<BackOfficeSettings> {
      const limits = Object.fromEntries(
        Object.entries(input.support_refund_limits).sort(([a], [b]) => a.localeCompare(b)),
      ) as Record<string, number>;
      const at = clock.now();
      await deps.db.transaction(async (tx) => {
        const by = await requireManager(tx, actor);
        const before = await repository.saveSupportRefundLimits(limits, at, tx);
        await audit.record(tx, {
          actor: by,
          action: 'settings.support_refund_limits_changed',
          objectType: 'back_office_settings',
          objectId: 1,
          summary: 'Changed the support refund limits',
          before: { support_refund_limits: before },
          after: { support_refund_limits: limits },
        });
      });
      return readSettings();
    },

    /** Puts an existing account on the staff with `role` (see `appointStaff`). */
    appoint: (userId: number, role: StaffRole) => appointStaff(deps, userId, role),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

/**
 * Puts an existing account on the staff with `role`, or gives a member that role (the
 * `admin:create` command, run by whoever runs the server, so audited as done by the account
 * itself). The last owner keeps their role (409). Answers the role it had before (null: none).
 */
export async function appointStaff(
  deps: { db: Database; users: Pick<UsersService, 'findById' | 'forget'>; audit: AdminAudit; clock: Clock },
  userId: number,
  role: StaffRole,
): Promise<StaffRole | null> {
  const user = await deps.users.findById(userId);
  if (!user) throw notFound('There is no such account.');
  const repository = createStaffRepository(deps.db);
  const previous = await deps.db.transaction(async (tx) => {
    await repository.lock(tx);
    const current = await repository.member(userId, tx);
    if (current?.role === role) return current.role;
    if (current && !keepsAStaffOwner(await repository.ownerCount(tx), current.role, role)) {
      throw new HttpError(409, 'last_owner', STAFF_MESSAGES.lastOwner);
    }
    const before = await repository.upsert({ userId, role, invitedBy: null, at: deps.clock.now() }, tx);
    await deps.audit.record(tx, {
      actor: { userId, email: user.email, role },
      action: before ? 'staff.role_changed' : 'staff.joined',
      objectType: 'staff',
      objectId: userId,
      summary: before
        ? `Made ${user.email} ${roleLabel(role)} (was ${roleLabel(before)}) with the admin:create command`
        : `Made ${user.email} a staff member (${roleLabel(role)}) with the admin:create command`,
      before: before ? { role: before } : null,
      after: { role },
    });
    return before;
  });
  deps.users.forget(userId);
  return previous;
}
