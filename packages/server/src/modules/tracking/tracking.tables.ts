import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Events accepted by the collector (platform §7), one row per visitor and `eventId`: a retried
 * batch finds its events already there and stores nothing twice, and one visitor cannot
 * suppress another's events by reusing their ids. Kept for a retention period, then purged. No foreign key to users: events
 * are an append-only log that outlives accounts and must not slow the insert.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    eventId: varchar('event_id', { length: 64 }).notNull(),
    type: varchar('type', { length: 200 }).notNull(),
    clientKey: varchar('client_key', { length: 64 }).notNull(),
    clientVersion: varchar('client_version', { length: 64 }).notNull(),
    /** From the session, never from the event. */
    userId: integer('user_id'),
    visitorUuid: varchar('visitor_uuid', { length: 64 }).notNull(),
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The whole event as sent. */
    payload: jsonb('payload').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.visitorUuid, table.eventId] }),
    index('tracking_events_type_received_idx').on(table.type, table.receivedAt),
    index('tracking_events_received_idx').on(table.receivedAt),
  ],
);
