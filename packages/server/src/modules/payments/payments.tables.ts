import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Every webhook event from the payment provider, stored once (unique provider event id)
 * before it is handed to the subscribers. `processed_at` is set once every subscriber ran;
 * `claimed_at` keeps two deliveries of the same event from running it at the same time.
 */
export const paymentGatewayEvents = pgTable(
  'payment_gateway_events',
  {
    id: serial('id').primaryKey(),
    eventId: varchar('event_id', { length: 255 }).notNull().unique(),
    /** The provider's type (`payment_intent.succeeded`). */
    gatewayType: varchar('gateway_type', { length: 100 }).notNull(),
    /** Our type (`payment.succeeded`), or `ignored`. */
    type: varchar('type', { length: 100 }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('payment_gateway_events_type_idx').on(table.type),
    // The events of one provider payment (the back office's order detail): a payment's events
    // name it as their object, a charge's and a refund's as their `payment_intent`.
    index('payment_gateway_events_payment_idx').on(
      sql`(coalesce(${table.payload} #>> '{data,object,payment_intent}', ${table.payload} #>> '{data,object,id}'))`,
    ),
  ],
);

/**
 * The provider customer of each user, created once (the first remembered card) and reused,
 * so saved cards stay together on one customer.
 */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gatewayCustomerId: varchar('gateway_customer_id', { length: 255 }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
