import type { AuditedActivityKind } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizationRole, organizations } from '../organizations/organizations.tables.js';
import { users } from '../users/users.tables.js';

/**
 * Invitations to join an organization (team-plan §2 organization admin area). An open one
 * (neither accepted nor revoked) holds one of the plan's licenses. Only the SHA-256 of the
 * token is stored: the mail carries the token itself.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role: organizationRole('role').notNull().default('student'),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('organization_invitations_token_hash_key').on(table.tokenHash),
    index('organization_invitations_org_idx').on(table.organizationId),
    check('organization_invitations_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
);

// Spelled out (not imported) so drizzle-kit reads this file without the domain's build; the
// type keeps it to the domain's AUDITED_ACTIVITY_KINDS.
export const organizationAuditAction = pgEnum('organization_audit_action', [
  'invitation_sent',
  'invitation_accepted',
  'invitation_withdrawn',
  'role_changed',
  'member_removed',
  'ownership_transferred',
] as const satisfies readonly AuditedActivityKind[]);

/**
 * The organization's audit log (issue 37): every change of its people (invitation sent,
 * accepted or withdrawn, role changed, member removed, ownership handed over), written in the
 * transaction of the change. Who did it, when, to whom, and the role before and after; the
 * target's address is kept as it was, so a line still reads after they left. Rows are only
 * ever added.
 */
export const organizationAuditEvents = pgTable(
  'organization_audit_events',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    action: organizationAuditAction('action').notNull(),
    /** Who did it; null once their account is deleted (or unknown, for lines from before the log). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The member concerned; null for an invitation not accepted (the address says who). */
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetEmail: varchar('target_email', { length: 254 }).notNull(),
    /** The role before: null when they were not a member yet. */
    roleBefore: organizationRole('role_before'),
    /** The role after: null when they are no longer one (removed, invitation withdrawn). */
    roleAfter: organizationRole('role_after'),
    invitationId: integer('invitation_id').references(() => organizationInvitations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organization_audit_events_org_created_idx').on(table.organizationId, table.createdAt)],
);
