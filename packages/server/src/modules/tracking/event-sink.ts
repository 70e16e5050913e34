import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { prepareSql } from '../../platform/db/prepared-sql.js';

/** The valid events of one collector request, as the collector hands them on. */
export interface TrackingEventBatch {
  clientKey: string;
  clientVersion: string;
  /** From the session, never from an event; null for a visitor. */
  userId: number | null;
  /** The events, each checked against the domain's schema registry, in batch order. */
  events: readonly Record<string, unknown>[];
  /**
   * `events` as one JSON list. The request body itself when every event of it was valid, so
   * the common case is never serialized again.
   */
  json: string;
}

/**
 * Where the collector puts valid events. The default writes them to PostgreSQL; at scale a
 * stream platform (Kafka, Kinesis, …) can replace it behind the same interface. `write`
 * resolves once the events are durable, and must store an `eventId` at most once, since
 * clients retry whole batches.
 */
export interface EventSink {
  write(batch: TrackingEventBatch): Promise<void>;
}

/**
 * The PostgreSQL sink: one prepared statement per batch, whatever its length. The events
 * travel as one jsonb parameter (the body's own text) that PostgreSQL splits into rows, and
 * their client times as one array (read by JavaScript's `Date.parse`, the same reading the
 * domain's check used). A repeated event id, from a retry or twice in one batch, is skipped.
 * Measured against a multi-row `insert … values` built per batch (9 parameters per event):
 * see the bench's collector scenario.
 */
export function createPostgresEventSink(db: Database): EventSink {
  const insertBatch = prepareSql(
    db,
    'tracking_events_insert_batch',
    sql`insert into tracking_events
          (event_id, type, client_key, client_version, user_id, visitor_uuid, client_timestamp, payload)
        select event->>'eventId', event->>'type', ${sql.placeholder('clientKey')},
               ${sql.placeholder('clientVersion')}, ${sql.placeholder('userId')}::integer,
               event->>'visitorUuid', to_timestamp(client_ms / 1000), event
        from rows from (
          jsonb_array_elements(${sql.placeholder('events')}::jsonb),
          unnest(${sql.placeholder('clientTimes')}::float8[])
        ) as batch (event, client_ms)
        on conflict (visitor_uuid, event_id) do nothing`,
  );
  return {
    async write(batch) {
      if (batch.events.length === 0) return;
      await insertBatch.execute({
        clientKey: batch.clientKey,
        clientVersion: batch.clientVersion,
        userId: batch.userId,
        events: batch.json,
        clientTimes: batch.events.map((event) => Date.parse(event.clientTimestamp as string)),
      });
    },
  };
}
