import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { categories, courses, priceTiers } from '../catalog/catalog.tables.js';
import { users } from '../users/users.tables.js';

export const couponDiscountKind = pgEnum('coupon_discount_kind', [
  'percentage',
  'fixed_amount',
  'target_price',
]);
/** `all`: every course; `courses`: the courses listed in `coupon_courses` (one or several). */
/** `category`: every course of `category_id` (its subcategories' courses included). */
export const couponScope = pgEnum('coupon_scope', ['all', 'courses', 'category']);
export const couponRedemptionStatus = pgEnum('coupon_redemption_status', [
  'reserved',
  'consumed',
  'released',
]);

/**
 * A discount code (platform §5: stored upper-cased). Exactly one discount is described,
 * by `kind`: a percentage (in hundredths of a percent, so 12.5% is exact), a fixed amount
 * in one currency, or a target price tier whose amount in the item's currency becomes the price.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 255 }).notNull(),
    /** Shown with public coupons in the cart ("10% off everything"). */
    description: text('description').notNull().default(''),
    /** Public coupons are offered in the cart's `available_coupon_info`. */
    isPublic: boolean('is_public').notNull().default(false),
    scope: couponScope('scope').notNull().default('all'),
    kind: couponDiscountKind('kind').notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    amount: bigint('amount', { mode: 'number' }),
    currency: varchar('currency', { length: 3 }),
    targetTierId: integer('target_tier_id').references(() => priceTiers.id),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Uses allowed in total (consumed plus unexpired reservations); null for unlimited. */
    usageLimit: integer('usage_limit'),
    /** Uses allowed per buyer (a one-use code: usage_limit 1); null for unlimited. */
    perBuyerLimit: integer('per_buyer_limit'),
    categoryId: integer('category_id').references(() => categories.id),
    /** The bulk generator's campaign name: its codes are listed and downloaded together. */
    campaign: varchar('campaign', { length: 80 }),
    /** Set when staff deactivate the code: it stops applying at once; its uses stay. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_code_key').on(table.code),
    check('coupons_code_uppercase', sql`${table.code} = upper(${table.code})`),
    index('coupons_campaign_idx').on(table.campaign),
    check(
      'coupons_per_buyer_limit_positive',
      sql`${table.perBuyerLimit} is null or ${table.perBuyerLimit} >= 1`,
    ),
    check('coupons_usage_limit_positive', sql`${table.usageLimit} is null or ${table.usageLimit} >= 0`),
    check(
      'coupons_discount_shape',
      sql`(${table.kind} = 'percentage' and ${table.percentBasisPoints} between 1 and 10000)
        or (${table.kind} = 'fixed_amount' and ${table.amount} > 0 and ${table.currency} is not null)
        or (${table.kind} = 'target_price' and ${table.targetTierId} is not null)`,
    ),
  ],
);

/** The courses of a coupon whose scope is `courses`. */
export const couponCourses = pgTable(
  'coupon_courses',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.couponId, table.courseId] })],
);

/**
 * One use of a coupon by a checkout: reserved when the checkout starts (with an expiry),
 * consumed when it is paid, released when it fails. The usage limit counts consumed uses
 * plus reservations that have not expired.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The checkout's own id for this use (e.g. a payment attempt); one redemption each. */
    reference: varchar('reference', { length: 120 }).notNull(),
    status: couponRedemptionStatus('status').notNull().default('reserved'),
    /** When a reservation stops counting; null once consumed or released. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('coupon_redemptions_reference_key').on(table.reference),
    index('coupon_redemptions_coupon_status_idx').on(table.couponId, table.status),
  ],
);
