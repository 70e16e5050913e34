import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '@lectern/domain';
import { users } from '../users/users.tables.js';

// Listed here rather than imported: drizzle-kit loads table files without the workspace's packages.
const ROLES = ['owner', 'catalog', 'support', 'finance', 'read_only'] as const satisfies readonly StaffRole[];
export const staffRole = pgEnum('staff_role', ROLES);

/** The marketplace's staff: who may open the back office, and with which role (issue 32). */
export const staffMembers = pgTable(
  'staff_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: staffRole('role').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_members_role_idx').on(table.role)],
);

/**
 * An invitation to join the staff, mailed to `email` with a one-time link; only the token's
 * SHA-256 is stored. Accepted once by a signed-in account with that e-mail, before it expires.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    role: staffRole('role').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_invitations_token_key').on(table.tokenHash),
    // One open invitation per address: inviting again replaces it.
    uniqueIndex('staff_invitations_open_email_key')
      .on(table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    check('staff_invitations_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
);

/** The back office's own settings: one row (id 1), changed by owners only. */
export const backOfficeSettings = pgTable(
  'back_office_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The most a `support` member may refund at once, per currency (minor units); others: none. */
    supportRefundLimits: jsonb('support_refund_limits').$type<Record<string, number>>().notNull().default({}),
    /** The currency revenue figures are reported in; sales store their rate to it (`exchange_rates`). */
    baseCurrency: varchar('base_currency', { length: 3 }).notNull().default('USD'),
    // Where the subscription pages send people to sales (issue 34); null: the shop's default
    // (the seller's SUPPORT_EMAIL, the support page).
    salesEmail: varchar('sales_email', { length: 254 }),
    requestDemoUrl: varchar('request_demo_url', { length: 2000 }),
    enterpriseUpgradeUrl: varchar('enterprise_upgrade_url', { length: 2000 }),
    comparePlansUrl: varchar('compare_plans_url', { length: 2000 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('back_office_settings_single_row', sql`${table.id} = 1`)],
);
