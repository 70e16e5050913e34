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

export const creditEntryKind = pgEnum('credit_entry_kind', ['grant', 'spend', 'refund']);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('credit_entries_user_idx').on(table.userId)],
);
