import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { staffRole } from '../staff/staff.tables.js';
import { users } from '../users/users.tables.js';

/**
 * Every change a staff member makes in the back office (issue 32): who, when, what, and the
 * object before and after. Append-only: the migration installs a trigger that refuses UPDATE
 * and DELETE, so not even a bug in the server can rewrite the log.
 */
export const adminAuditEvents = pgTable(
  'admin_audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as it was at the time: the log outlives the account. */
    actorEmail: varchar('actor_email', { length: 254 }).notNull(),
    actorRole: staffRole('actor_role'),
    /** `<object type>.<verb>`, e.g. `course.published`, `order.refunded`, `staff.role_changed`. */
    action: varchar('action', { length: 64 }).notNull(),
    objectType: varchar('object_type', { length: 32 }).notNull(),
    objectId: varchar('object_id', { length: 64 }).notNull(),
    /** One line a person reads in the list ("Published “Rust for the web”"). */
    summary: text('summary').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_events_object_idx').on(table.objectType, table.objectId, table.createdAt),
    index('admin_audit_events_created_idx').on(table.createdAt),
    index('admin_audit_events_actor_idx').on(table.actorId, table.createdAt),
  ],
);
