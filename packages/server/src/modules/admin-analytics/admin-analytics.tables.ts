import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
  type PgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The dashboard's sums of one closed UTC day of sales, in one base currency (decision 0038):
 * what the live queries would sum over that day's orders, plan charges and refunds, each row
 * converted and rounded on its own first, so a span's figure is the same whether its days are
 * read from here or from the ledger. Written by the analytics repository for days before today;
 * a change to a row of a summed day deletes the day's sums (triggers of migration 0025), and
 * the day is summed again on the next read.
 */
export const analyticsSalesDays = pgTable(
  'analytics_sales_days',
  {
    day: date('day').notNull(),
    baseCurrency: varchar('base_currency', { length: 3 }).notNull(),
    orderGross: bigint('order_gross', { mode: 'number' }).notNull(),
    orders: integer('orders').notNull(),
    orderTax: bigint('order_tax', { mode: 'number' }).notNull(),
    planGross: bigint('plan_gross', { mode: 'number' }).notNull(),
    planTax: bigint('plan_tax', { mode: 'number' }).notNull(),
    planRefunds: bigint('plan_refunds', { mode: 'number' }).notNull(),
    planTaxRefunded: bigint('plan_tax_refunded', { mode: 'number' }).notNull(),
    refunds: bigint('refunds', { mode: 'number' }).notNull(),
    taxRefunded: bigint('tax_refunded', { mode: 'number' }).notNull(),
    /** Orders and plan charges of the day (a day with only free orders is still a point). */
    saleRows: integer('sale_rows').notNull(),
    summedAt: timestamp('summed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'analytics_sales_days_pkey', columns: [table.day, table.baseCurrency] })],
);

/** The detail rows of a summed day go with it. */
const partOfDay = (name: string, table: { day: PgColumn; baseCurrency: PgColumn }) =>
  foreignKey({
    name,
    columns: [table.day, table.baseCurrency],
    foreignColumns: [analyticsSalesDays.day, analyticsSalesDays.baseCurrency],
  }).onDelete('cascade');

/** A summed day's gross sales by billing country (`??` when unknown). */
export const analyticsSalesCountryDays = pgTable(
  'analytics_sales_country_days',
  {
    day: date('day').notNull(),
    baseCurrency: varchar('base_currency', { length: 3 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    orders: integer('orders').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'analytics_sales_country_days_pkey',
      columns: [table.day, table.baseCurrency, table.country],
    }),
    partOfDay('analytics_sales_country_days_day_fk', table),
  ],
);

/** A summed day's course sales: paid lines and their sales without tax. */
export const analyticsSalesCourseDays = pgTable(
  'analytics_sales_course_days',
  {
    day: date('day').notNull(),
    baseCurrency: varchar('base_currency', { length: 3 }).notNull(),
    courseId: integer('course_id').notNull(),
    sales: integer('sales').notNull(),
    netSales: bigint('net_sales', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'analytics_sales_course_days_pkey',
      columns: [table.day, table.baseCurrency, table.courseId],
    }),
    partOfDay('analytics_sales_course_days_day_fk', table),
  ],
);

/** A summed day's sales that could not be converted to the base currency, per sale currency. */
export const analyticsUnconvertedDays = pgTable(
  'analytics_unconverted_days',
  {
    day: date('day').notNull(),
    baseCurrency: varchar('base_currency', { length: 3 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'analytics_unconverted_days_pkey',
      columns: [table.day, table.baseCurrency, table.currency],
    }),
    partOfDay('analytics_unconverted_days_day_fk', table),
  ],
);

/**
 * Each plan's MRR over time as spans of one value (`plan-mrr.ts`, decision 0038): from
 * `valid_from` (included) to `valid_to` (excluded), in minor units of the base currency. Spans
 * without MRR are not stored.
 */
export const analyticsPlanMrr = pgTable(
  'analytics_plan_mrr',
  {
    baseCurrency: varchar('base_currency', { length: 3 }).notNull(),
    enrollmentId: integer('enrollment_id').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    mrr: bigint('mrr', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'analytics_plan_mrr_pkey',
      columns: [table.baseCurrency, table.enrollmentId, table.validFrom],
    }),
    // The spans that began, or ended, between two moments, read from the index alone.
    index('analytics_plan_mrr_from_idx').on(
      table.baseCurrency,
      table.validFrom,
      table.validTo,
      table.enrollmentId,
      table.mrr,
    ),
    index('analytics_plan_mrr_to_idx').on(
      table.baseCurrency,
      table.validTo,
      table.validFrom,
      table.enrollmentId,
      table.mrr,
    ),
  ],
);

/**
 * Plans whose billing changed since their MRR spans were computed. A trigger marks the plan with
 * an upsert, which holds the mark's row lock until the change commits; computing takes marks with
 * `skip locked`, so it never reads a plan halfway through a change.
 */
export const analyticsStalePlans = pgTable('analytics_stale_plans', {
  enrollmentId: integer('enrollment_id').primaryKey(),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});
