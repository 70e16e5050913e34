import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_attempts_user_ref_key').on(table.userId, table.checkoutRef),
    index('payment_attempts_gateway_payment_idx').on(table.gatewayPaymentId),
  ],
);
