import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
