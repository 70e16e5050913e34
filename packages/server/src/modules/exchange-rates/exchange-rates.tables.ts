import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What one unit of `currency` is worth in the shop's base currency (`BASE_CURRENCY`) from
 * `effective_on` until the next row of the currency (issue 33). Every sale, refund and plan
 * charge stores the rate of its day when it is written (a trigger), so revenue figures in the
 * base currency never move when a rate is corrected later.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    baseCurrency: varchar('base_currency', { length: 3 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    effectiveOn: date('effective_on').notNull(),
    /** Base-currency units per one unit of `currency` (major units both sides). */
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.baseCurrency, table.currency, table.effectiveOn] }),
    check('exchange_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);
