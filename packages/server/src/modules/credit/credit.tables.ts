import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

export const creditEntryKind = pgEnum('credit_entry_kind', ['grant', 'spend', 'refund', 'adjustment']);

/**
 * Account credit as an append-only ledger: the balance is the sum of the entries
 * (grants and refunds positive, spends negative), never a mutable column.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: creditEntryKind('kind').notNull(),
    /** Signed integer minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    reason: text('reason').notNull().default(''),
    orderId: integer('order_id'),
    /** The staff member who granted or removed it in the back office (null: the system). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('credit_entries_user_idx').on(table.userId)],
);

export const creditReservationStatus = pgEnum('credit_reservation_status', [
  'reserved',
  'consumed',
  'released',
]);

/**
 * Credit held for an unfinished checkout (design §4): reserved at submit, before any charge,
 * so two checkouts can never both count on the same credit; consumed (a spend entry written)
 * when the order is fulfilled, released when the attempt fails or is abandoned. The available
 * balance is the ledger's sum minus the live reservations.
 */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    /** The checkout's own id for this hold (a payment attempt id). */
    reference: varchar('reference', { length: 120 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Positive minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: creditReservationStatus('status').notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [index('credit_reservations_user_status_idx').on(table.userId, table.status)],
);
