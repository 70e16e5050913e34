import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { buyableType } from '../carts/carts.tables.js';
import { courses } from '../catalog/catalog.tables.js';
import type { TaxLine } from '../tax/tax-lines.js';
import { users } from '../users/users.tables.js';

export const orderStatus = pgEnum('order_status', ['pending', 'completed', 'failed', 'refunded']);
export const enrollmentSource = pgEnum('enrollment_source', ['purchase', 'free', 'subscription', 'gift']);

/** A purchase; every amount is integer minor units of `currency`. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: orderStatus('status').notNull().default('pending'),
    currency: varchar('currency', { length: 3 }).notNull(),
    subtotalAmount: bigint('subtotal_amount', { mode: 'number' }).notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    creditAmount: bigint('credit_amount', { mode: 'number' }).notNull().default(0),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    /** The billing country and the tax applied (documents print them; refunds split by them). */
    country: varchar('country', { length: 2 }),
    taxRate: numeric('tax_rate', { precision: 9, scale: 6 }),
    /** `tax_exclusive` (tax added on top) or `tax_inclusive`. */
    taxMode: varchar('tax_mode', { length: 16 }),
    /** The taxes that make up `tax_amount` (GST and QST; state and local sales tax). */
    taxLines: jsonb('tax_lines').$type<TaxLine[]>(),
    /** A business sale's reverse-charge note (0% tax), printed on its invoice. */
    taxNote: text('tax_note'),
    /** The business buyer's VAT/GST number. */
    taxNumber: varchar('tax_number', { length: 32 }),
    /** How it was paid: a provider method type (`card`, `ideal`, …), `account_credit` or `free`. */
    paymentType: varchar('payment_type', { length: 40 }),
    cardBrand: varchar('card_brand', { length: 32 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    /** The provider's payment (refunds go back through it) and the checkout attempt that made the order. */
    gatewayPaymentId: varchar('gateway_payment_id', { length: 255 }),
    attemptId: uuid('attempt_id'),
    /**
     * The shop's base currency and what one unit of `currency` was worth in it on the day this
     * was written (set by a trigger from `exchange_rates`; null when no rate was known).
     */
    baseCurrency: varchar('base_currency', { length: 3 }),
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_user_idx').on(table.userId),
    // The back office's order list: newest first, and its searches by card and provider payment.
    index('orders_created_idx').on(table.createdAt, table.id),
    index('orders_card_last4_idx').on(table.cardLast4),
    index('orders_gateway_payment_idx').on(table.gatewayPaymentId),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    /** `course` (the buyer learns it) or `gift` (bought for someone else: see `gifts`). */
    buyableType: buyableType('buyable_type').notNull().default('course'),
    listPriceAmount: bigint('list_price_amount', { mode: 'number' }).notNull(),
    purchasePriceAmount: bigint('purchase_price_amount', { mode: 'number' }).notNull(),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    couponCode: varchar('coupon_code', { length: 255 }),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    // The back office's order list filtered by discount code.
    index('order_lines_coupon_idx')
      .on(table.couponCode)
      .where(sql`${table.couponCode} is not null`),
  ],
);

/** What a learner can take; at most one per user and course. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    orderId: integer('order_id').references(() => orders.id),
    source: enrollmentSource('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('enrollments_user_course_key').on(table.userId, table.courseId)],
);
