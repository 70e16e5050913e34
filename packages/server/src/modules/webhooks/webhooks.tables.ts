import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  json,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * An endpoint the staff registered: where the events it subscribes to are posted, signed with
 * its secret. The secret is kept as is (signing needs it); answers show only its last four
 * characters. After a roll the previous secret signs too until `previous_secret_expires_at`, so
 * receivers can switch without losing a delivery.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: varchar('url', { length: 2048 }).notNull(),
  description: varchar('description', { length: 500 }).notNull().default(''),
  /** Event types (`order.paid`, …), in the domain's order. */
  events: text('events').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  secret: varchar('secret', { length: 100 }).notNull(),
  previousSecret: varchar('previous_secret', { length: 100 }),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One thing that happened, as endpoints receive it: written by triggers on the changed tables in
 * the transaction of the change (migration 0024), only when an enabled endpoint subscribes.
 * `data` is the event's `data.object`.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    /** `evt_` and 32 hex digits: what receivers deduplicate on. */
    publicId: varchar('public_id', { length: 40 }).notNull().unique('webhook_events_public_id_key'),
    type: varchar('type', { length: 64 }).notNull(),
    data: json('data').notNull(),
    /** By the server's clock (movable outside production). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webhook_events_created_idx').on(table.createdAt)],
);

/**
 * An event on its way to one endpoint. An endpoint's deliveries go one at a time in id order:
 * only the lowest pending one is sent, and the next waits until it succeeded or failed for good.
 * A sender claims it by setting `lock_token` and `locked_until` (a lease by the database's time);
 * a crashed sender's claim runs out and another takes it over.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** `pending`, `succeeded` or `failed`. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be sent next (the server's clock); null once finished. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockToken: uuid('lock_token'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The delivery a staff member re-sent (null: the event's own delivery). */
    resendOf: integer('resend_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    // The senders' "lowest pending delivery of each endpoint".
    index('webhook_deliveries_pending_idx')
      .on(table.endpointId, table.id)
      .where(sql`${table.status} = 'pending'`),
    // An endpoint's deliveries, newest first (the back office).
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.id),
    index('webhook_deliveries_event_idx').on(table.eventId),
    check('webhook_deliveries_status', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** Every attempt at a delivery: written when it starts, completed with the answer (or the error). */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms'),
    responseStatus: integer('response_status'),
    /** The first 4 KB of the answer's body. */
    responseBody: text('response_body'),
    error: text('error'),
  },
  (table) => [index('webhook_delivery_attempts_delivery_idx').on(table.deliveryId, table.number)],
);
