import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { courses } from '../catalog/catalog.tables.js';
import { orderLines, orders } from '../orders/orders.tables.js';
import { users } from '../users/users.tables.js';

export const courseRefundStatus = pgEnum('course_refund_status', ['pending', 'refunded', 'failed']);

/**
 * A refund of one bought course (an order line), asked for by its buyer within the refund
 * window. One per line, whatever its outcome: a second request is refused. What the provider
 * took goes back through the provider (`provider_amount`), what credit paid back to credit
 * (`credit_amount`); both are fixed when it is asked for. `pending` until the provider's
 * refund succeeded (then `refunded`, with the credit given back in the same transaction) or
 * failed for good (`failed`, the course given back to the buyer).
 */
export const courseRefunds = pgTable(
  'course_refunds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** provider_amount + credit_amount. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    providerAmount: bigint('provider_amount', { mode: 'number' }).notNull(),
    creditAmount: bigint('credit_amount', { mode: 'number' }).notNull(),
    /** The method the provider part goes back to, as shown ("Visa ****4242"). */
    providerLabel: varchar('provider_label', { length: 64 }),
    status: courseRefundStatus('status').notNull().default('pending'),
    reason: varchar('reason', { length: 40 }).notNull(),
    comment: text('comment'),
    /** Set when staff made the refund in the back office (null: the buyer asked for it). */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    gatewayRefundId: varchar('gateway_refund_id', { length: 255 }),
    failureCode: varchar('failure_code', { length: 64 }),
    failureMessage: text('failure_message'),
    /**
     * How many times staff retried it (back office): names the submit job of each round
     * (`refund:<id>`, then `refund:<id>:retry-<n>`).
     */
    retries: integer('retries').notNull().default(0),
    /**
     * The provider idempotency key of the current round (null: `course-refund:<id>`). A failed
     * refund retried by staff gets a new one; a pending one keeps its key.
     */
    providerKey: varchar('provider_key', { length: 100 }),
    /**
     * The shop's base currency and what one unit of `currency` was worth in it on the day this
     * was written (set by a trigger from `exchange_rates`; null when no rate was known).
     */
    baseCurrency: varchar('base_currency', { length: 3 }),
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('course_refunds_order_line_key').on(table.orderLineId),
    index('course_refunds_user_idx').on(table.userId, table.requestedAt),
    // An order's refunds (the refund rules, the back office's order list and detail).
    index('course_refunds_order_idx').on(table.orderId),
    index('course_refunds_gateway_refund_idx').on(table.gatewayRefundId),
    index('course_refunds_status_idx').on(table.status, table.requestedAt),
    index('course_refunds_pending_idx')
      .on(table.requestedAt)
      .where(sql`${table.status} = 'pending'`),
    // The back office's analytics: refunds completed on a day.
    index('course_refunds_completed_idx')
      .on(table.completedAt)
      .where(sql`${table.status} = 'refunded'`),
  ],
);
