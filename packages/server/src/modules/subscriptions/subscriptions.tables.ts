import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';
import type { TaxLine } from '../tax/tax-lines.js';

/** Who holds a subscription: an organization (Team Plan) or a learner (Personal Plan). */
export const subscriberType = pgEnum('subscriber_type', ['organization', 'user']);
export const enrollmentStatus = pgEnum('subscription_enrollment_status', [
  'TRIAL',
  'ACTIVE',
  'CANCELED',
  'EXPIRED',
  'FUTURE',
  /** A renewal (or the first charge after a trial) failed and is being retried; access is kept. */
  'PAST_DUE',
]);
export const intervalType = pgEnum('interval_type', ['DAY', 'WEEK', 'MONTH', 'YEAR']);

/** Team-plan §3 subscription plans. */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: serial('id').primaryKey(),
  productType: varchar('product_type', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 120 }).notNull(),
  urlLearnMore: varchar('url_learn_more', { length: 255 }),
  urlExpressCheckout: varchar('url_express_checkout', { length: 255 }),
});

/**
 * A plan's price options (monthly, annual, …): the price of one license (or of the plan, for
 * a personal plan) per renewal interval in each currency the catalog prices it in.
 */
export const subscriptionPriceOptions = pgTable('subscription_price_options', {
  id: varchar('id', { length: 64 }).primaryKey(),
  planId: integer('plan_id')
    .notNull()
    .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  renewalType: intervalType('renewal_type').notNull(),
  renewalCount: integer('renewal_count').notNull().default(1),
  trialDays: integer('trial_days').notNull().default(0),
  /** Minor units per currency code: `{"USD": 36000, "EUR": 33000}`. */
  unitPrices: jsonb('unit_prices').$type<Record<string, number>>().notNull(),
  /** Null for plans that are not sold per license. */
  defaultLicenses: integer('default_licenses'),
  minimumLicenses: integer('minimum_licenses'),
  maximumLicenses: integer('maximum_licenses'),
});

/**
 * Team-plan §3 subscription enrollments; the id is the purchase context id of the checkout
 * reference. A subscriber has at most one current (not expired) enrollment.
 */
export const subscriptionEnrollments = pgTable(
  'subscription_enrollments',
  {
    id: serial('id').primaryKey(),
    subscriberType: subscriberType('subscriber_type').notNull(),
    subscriberId: integer('subscriber_id').notNull(),
    priceOptionId: varchar('price_option_id', { length: 64 })
      .notNull()
      .references(() => subscriptionPriceOptions.id),
    status: enrollmentStatus('status').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    licenseCount: integer('license_count').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Price of one license per period, minor units. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    /** What the next renewal charges for all licenses, and its tax (team-plan §3 billing). */
    chargeAmount: bigint('charge_amount', { mode: 'number' }).notNull(),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull(),
    taxRate: numeric('tax_rate', { precision: 9, scale: 6 }).notNull(),
    taxMode: varchar('tax_mode', { length: 16 }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelDate: timestamp('cancel_date', { withTimezone: true }),
    /** When the free trial ends (null without one); a reactivated plan is TRIAL again before it. */
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    /** The user who bought it. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_enrollments_current_key')
      .on(table.subscriberType, table.subscriberId)
      .where(sql`${table.status} <> 'EXPIRED'`),
    index('subscription_enrollments_subscriber_idx').on(table.subscriberType, table.subscriberId),
    // The lifecycle sweep: plans whose period (or trial) has ended.
    index('subscription_enrollments_period_end_idx')
      .on(table.currentPeriodEnd)
      .where(sql`${table.status} <> 'EXPIRED'`),
    // The back office's analytics: trials that ended in a period.
    index('subscription_enrollments_trial_end_idx')
      .on(table.trialEnd)
      .where(sql`${table.trialEnd} is not null`),
  ],
);

/**
 * Team-plan §3: a subscriber's one stored card and billing information, and its provider
 * customer. The last edits say who changed what when (billing overview footers).
 */
export const subscriptionBillingProfiles = pgTable(
  'subscription_billing_profiles',
  {
    subscriberType: subscriberType('subscriber_type').notNull(),
    subscriberId: integer('subscriber_id').notNull(),
    /** Created on the first card (a profile may hold billing information before any card). */
    gatewayCustomerId: varchar('gateway_customer_id', { length: 255 }),
    paymentMethodId: varchar('payment_method_id', { length: 255 }),
    cardBrand: varchar('card_brand', { length: 32 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    cardUpdatedBy: integer('card_updated_by').references(() => users.id, { onDelete: 'set null' }),
    cardUpdatedAt: timestamp('card_updated_at', { withTimezone: true }),
    customerName: varchar('customer_name', { length: 256 }),
    addressLine1: varchar('address_line1', { length: 256 }),
    addressLine2: varchar('address_line2', { length: 256 }),
    country: varchar('country', { length: 2 }),
    secondaryLocation: varchar('secondary_location', { length: 10 }),
    /** Normalized VAT/GST number (the spec's 10 characters are too short: decision 0024). */
    taxNumber: varchar('tax_number', { length: 32 }),
    billingUpdatedBy: integer('billing_updated_by').references(() => users.id, { onDelete: 'set null' }),
    billingUpdatedAt: timestamp('billing_updated_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.subscriberType, table.subscriberId] })],
);

export const subscriptionCheckoutStatus = pgEnum('subscription_checkout_status', [
  'processing',
  'requires_action',
  'succeeded',
  'failed',
]);

/** What a subscription checkout decided at submit, fixed for its whole life. */
export interface SubscriptionCheckoutQuote {
  priceOptionId: string;
  licenses: number;
  currency: string;
  unitPrice: number;
  /** Due now (0 with a trial or a trial upsell). */
  subtotal: number;
  tax: number;
  total: number;
  /** The whole plan at its next charge (all licenses). */
  nextCharge: number;
  nextTax: number;
  /** The taxes of what is due now (GST and QST…), adding up to `tax`; absent in older quotes. */
  taxLines?: TaxLine[];
  /** A business subscriber's reverse-charge note (0% tax); absent or null otherwise. */
  taxNote?: string | null;
  taxRate: number;
  taxMode: 'tax_exclusive' | 'tax_inclusive';
  country: string;
  secondaryLocation: string | null;
  trialDays: number;
}

/**
 * One subscription checkout (checkout §4 Subscription events): a new plan, an upsell, a
 * resubscribe, a card update or a billing update. One per user and browser-drawn
 * `checkout_ref`, so a repeated submit finds it; its effect on the enrollment is applied once,
 * by the transaction that moves it to `succeeded`. Open upsells hold their licenses against
 * the ceiling.
 */
export const subscriptionCheckouts = pgTable(
  'subscription_checkouts',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkoutRef: varchar('checkout_ref', { length: 64 }).notNull(),
    event: varchar('event', { length: 32 }).notNull(),
    subscriberType: subscriberType('subscriber_type').notNull(),
    subscriberId: integer('subscriber_id').notNull(),
    /** The enrollment acted on (upsell, update) or created (new plan, resubscribe). */
    enrollmentId: integer('enrollment_id').references(() => subscriptionEnrollments.id),
    status: subscriptionCheckoutStatus('status').notNull(),
    quote: jsonb('quote').$type<SubscriptionCheckoutQuote>().notNull(),
    /** Billing information sent with the submit, stored on success. */
    billing: jsonb('billing').$type<Record<string, string | null>>(),
    gatewaySetupId: varchar('gateway_setup_id', { length: 255 }),
    gatewayPaymentId: varchar('gateway_payment_id', { length: 255 }),
    paymentMethodId: varchar('payment_method_id', { length: 255 }),
    errorCode: varchar('error_code', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_checkouts_user_ref_key').on(table.userId, table.checkoutRef),
    index('subscription_checkouts_enrollment_open_idx')
      .on(table.enrollmentId)
      .where(sql`${table.status} in ('processing', 'requires_action')`),
    index('subscription_checkouts_gateway_payment_idx').on(table.gatewayPaymentId),
  ],
);

/** Receipt numbers: increasing and never reused (a rolled-back charge leaves a hole, never a repeat). */
export const subscriptionReceiptNumbers = pgSequence('subscription_receipt_number_seq', { startWith: 1000 });

/**
 * Every charge of a subscription (the first period, prorated licenses, renewals) and every
 * failed renewal attempt: the billing history. A succeeded charge is a receipt (team-plan §3)
 * and carries its number.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => subscriptionEnrollments.id),
    checkoutId: uuid('checkout_id').references(() => subscriptionCheckouts.id),
    invoiceId: integer('invoice_id').references(() => subscriptionInvoices.id),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** `succeeded` (a receipt) or `failed` (a declined renewal attempt). */
    status: varchar('status', { length: 16 }).notNull().default('succeeded'),
    receiptNumber: bigint('receipt_number', { mode: 'number' }).unique(),
    licenses: integer('licenses').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Price of one license for the charged period (null: prorated, see the amount). */
    unitPrice: bigint('unit_price', { mode: 'number' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull(),
    /** The taxes that make up `tax_amount` (null: charged before tax lines were kept). */
    taxLines: jsonb('tax_lines').$type<TaxLine[]>(),
    /** A reverse-charged business charge's legal note, printed on its invoice. */
    taxNote: text('tax_note'),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    gatewayPaymentId: varchar('gateway_payment_id', { length: 255 }),
    cardBrand: varchar('card_brand', { length: 32 }),
    cardLast4: varchar('card_last4', { length: 4 }),
    failureCode: varchar('failure_code', { length: 64 }),
    /**
     * The shop's base currency and what one unit of `currency` was worth in it on the day this
     * was written (set by a trigger from `exchange_rates`; null when no rate was known).
     */
    baseCurrency: varchar('base_currency', { length: 3 }),
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
    /**
     * The subscriber's billing country when this was written (set by a trigger from the billing
     * profile, migration 0025), as an order keeps its own: sales by country do not move when a
     * profile moves later.
     */
    country: varchar('country', { length: 2 }),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscription_charges_enrollment_idx').on(table.enrollmentId, table.createdAt),
    // The back office's analytics: the charges of the days not summed yet.
    index('subscription_charges_created_idx').on(table.createdAt),
    // One receipt per provider payment, whichever path records it first.
    uniqueIndex('subscription_charges_payment_key')
      .on(table.gatewayPaymentId)
      .where(sql`${table.status} = 'succeeded'`),
  ],
);

/**
 * What a subscription owes for one period after a trial or at a renewal (an invoice): one per
 * enrollment and period start, whatever crashes or duplicate jobs happen. Its attempts are
 * numbered; the provider's idempotency key names the attempt, so an attempt interrupted by a
 * crash is repeated with the same key and charges at most once.
 */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => subscriptionEnrollments.id),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** open → paid, or void when the plan expires unpaid; `action_required` waits for the customer. */
    status: varchar('status', { length: 16 }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    licenses: integer('licenses').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull(),
    taxRate: numeric('tax_rate', { precision: 9, scale: 6 }).notNull(),
    taxMode: varchar('tax_mode', { length: 16 }).notNull(),
    /** The taxes that make up `tax_amount` (null: the plan's agreed rate, no breakdown). */
    taxLines: jsonb('tax_lines').$type<TaxLine[]>(),
    /** A reverse-charged business renewal's legal note. */
    taxNote: text('tax_note'),
    /** Attempts started; the last one is in flight while `charging`. */
    attempts: integer('attempts').notNull().default(0),
    charging: boolean('charging').notNull().default(false),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    gatewayPaymentId: varchar('gateway_payment_id', { length: 255 }),
    failureCode: varchar('failure_code', { length: 64 }),
    failureMessage: text('failure_message'),
    /**
     * When its first attempt failed (null: none has): set by a trigger on failed charges
     * (migration 0025), for the dashboard's recovery rate (paid after a failure).
     */
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_invoices_period_key').on(table.enrollmentId, table.periodStart),
    index('subscription_invoices_payment_idx').on(table.gatewayPaymentId),
    // The back office's analytics: trials that were paid for, and invoices paid after a failure.
    index('subscription_invoices_first_paid_idx')
      .on(table.enrollmentId)
      .where(sql`${table.kind} = 'first_period' and ${table.status} = 'paid'`),
    index('subscription_invoices_first_failed_idx')
      .on(table.firstFailedAt, table.status)
      .where(sql`${table.firstFailedAt} is not null`),
  ],
);

/** Cards (by provider fingerprint) that started a free trial, and for which account. */
export const subscriptionTrialCards = pgTable('subscription_trial_cards', {
  fingerprint: varchar('fingerprint', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `POST /payment/skip-free-trial/`: a buyer who wants to pay now instead of a trial. */
export const subscriptionTrialSkips = pgTable(
  'subscription_trial_skips',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.planId] })],
);

/**
 * Issue 19 (decision 0029): a retention offer a Personal Plan subscriber accepted instead of
 * cancelling, at most one per enrollment ever. Renewal periods starting in [starts_at, ends_at)
 * are charged `percent_off` less (tax on the discounted price); the usual price returns after.
 */
export const subscriptionRetentionOffers = pgTable('subscription_retention_offers', {
  id: serial('id').primaryKey(),
  enrollmentId: integer('enrollment_id')
    .notNull()
    .unique('subscription_retention_offers_enrollment_key')
    .references(() => subscriptionEnrollments.id),
  /** The offer's id (domain `RETENTION_OFFERS`), as the page sent it. */
  offerId: varchar('offer_id', { length: 64 }).notNull(),
  /** Percent off in hundredths of a percent (5000 is 50%): exact, like the offers are written. */
  percentOffHundredths: integer('percent_off_hundredths').notNull(),
  periods: integer('periods').notNull(),
  /** Start of the first discounted period (the plan's period end when accepted). */
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  /** When the usual price returns: the end of the last discounted period. */
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** What one discounted period was quoted at, tax included, and the usual price then (minor units). */
  currency: varchar('currency', { length: 3 }).notNull(),
  discountedAmount: bigint('discounted_amount', { mode: 'number' }).notNull(),
  regularAmount: bigint('regular_amount', { mode: 'number' }).notNull(),
  acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
});
