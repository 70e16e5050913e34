import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { courses } from '../catalog/catalog.tables.js';
import { orderLines, orders } from '../orders/orders.tables.js';
import { users } from '../users/users.tables.js';

/**
 * A course bought for someone else: one per gift line of an order. Its link's secret is kept
 * only as a SHA-256 (`code_hash`); the recipient's mail carries the secret. Redeeming enrolls
 * whoever holds the link; a refund (to the buyer) voids it while it is unredeemed.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .unique('gifts_order_line_key')
      .references(() => orderLines.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    recipientEmail: varchar('recipient_email', { length: 320 }).notNull(),
    recipientName: varchar('recipient_name', { length: 100 }),
    message: text('message'),
    /** The date the buyer chose (their time zone); null: at once. */
    deliverOn: date('deliver_on', { mode: 'string' }),
    /** When the recipient's mail goes out (the outbox's `send_after`). */
    deliverAt: timestamp('deliver_at', { withTimezone: true }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull().unique('gifts_code_hash_key'),
    redeemedBy: integer('redeemed_by').references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gifts_buyer_idx').on(table.buyerId),
    check('gifts_redeemed_or_refunded', sql`${table.redeemedAt} is null or ${table.refundedAt} is null`),
  ],
);
