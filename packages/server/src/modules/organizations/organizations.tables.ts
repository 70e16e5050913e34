import { integer, pgEnum, pgTable, primaryKey, serial, timestamp, varchar, index } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

export const organizationType = pgEnum('organization_type', ['Team', 'Enterprise']);
export const organizationRole = pgEnum('organization_role', ['owner', 'admin', 'group_admin', 'student']);

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  type: organizationType('type').notNull().default('Team'),
  /** The trial-extension referral the business sign-up came with (team-plan §2), if any. */
  referral: varchar('referral', { length: 64 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user belongs to at most one organization (the primary key is the user). */
export const organizationMembers = pgTable(
  'organization_members',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: organizationRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId] }),
    index('organization_members_org_idx').on(table.organizationId),
  ],
);
