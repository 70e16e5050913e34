import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orders } from '../orders/orders.tables.js';
import { users } from '../users/users.tables.js';
import type { CheckoutQuote } from './checkout-quote.js';

/** Design §4: the payment attempt state machine. */
export const paymentAttemptStatus = pgEnum('payment_attempt_status', [
  'created',
  'processing',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
]);

/**
 * One purchase attempt: what was priced (the quote, fixed at submit), how it is paid and where
 * it stands. One per user and browser-drawn `checkout_ref`, so a repeated submit finds it again;
 * `order_id` is set exactly once, by the fulfilment transaction.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkoutRef: varchar('checkout_ref', { length: 64 }).notNull(),
    status: paymentAttemptStatus('status').notNull().default('created'),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** What the provider charges, minor units (0 for free and full-credit orders). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    quote: jsonb('quote').$type<CheckoutQuote>().notNull(),
    methodId: integer('method_id').notNull(),
    vendor: varchar('vendor', { length: 32 }).notNull(),
    methodType: varchar('method_type', { length: 64 }).notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    gatewayPaymentId: varchar('gateway_payment_id', { length: 255 }),
    gatewayPaymentMethodId: varchar('gateway_payment_method_id', { length: 255 }),
    errorCode: varchar('error_code', { length: 100 }),
    orderId: integer('order_id').references(() => orders.id),
    /** The provider customer of the fulfilled payment (checked against the buyer's first). */
    gatewayCustomerId: varchar('gateway_customer_id', { length: 255 }),
    /** Set when the charge was refunded because it could not become an order. */
    gatewayRefundId: varchar('gateway_refund_id', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_attempts_user_ref_key').on(table.userId, table.checkoutRef),
    index('payment_attempts_gateway_payment_idx').on(table.gatewayPaymentId),
    // The reconciliation job's scan: open attempts by age.
    index('payment_attempts_open_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('created', 'processing', 'requires_action')`),
  ],
);

/**
 * What an open attempt holds so that no other attempt of the same buyer can take it (design
 * §4): each buyable it buys. The partial unique index lets one live hold per buyer and buyable
 * exist, so concurrent checkouts of one course are serialized before any money moves. A hold
 * is released when its attempt fails or is abandoned, and kept once it succeeded (the buyer
 * owns the course; a refund releases it).
 */
export const paymentAttemptHolds = pgTable(
  'payment_attempt_holds',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    buyableType: varchar('buyable_type', { length: 40 }).notNull(),
    buyableId: integer('buyable_id').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.buyableType, table.buyableId] }),
    uniqueIndex('payment_attempt_holds_live_key')
      .on(table.userId, table.buyableType, table.buyableId)
      .where(sql`${table.releasedAt} is null`),
  ],
);

/**
 * A provider object that did not match its attempt (id, amount, currency, customer), kept for
 * an operator: such a payment is never fulfilled as it stands.
 */
export const paymentDiscrepancies = pgTable(
  'payment_discrepancies',
  {
    id: serial('id').primaryKey(),
    attemptId: uuid('attempt_id'),
    gatewayPaymentId: varchar('gateway_payment_id', { length: 255 }),
    /** Where it was seen: `answer`, `webhook` or `reconciliation`. */
    source: varchar('source', { length: 20 }).notNull(),
    /** What differed, each as {field, expected, actual}. */
    differences: jsonb('differences')
      .$type<{ field: string; expected: string; actual: string }[]>()
      .notNull(),
    /** What was done about it (refunded, ignored). */
    action: varchar('action', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_discrepancies_open_idx')
      .on(table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
  ],
);
