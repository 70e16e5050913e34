import { and, asc, count, desc, eq, inArray, lte, max, sql } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import {
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEndpoints,
  webhookEvents,
} from './webhooks.tables.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;

/** A delivery with its event and its latest attempt, as lists show it. */
export interface DeliveryListRow {
  delivery: DeliveryRow;
  event: Pick<EventRow, 'publicId' | 'type' | 'createdAt'>;
  lastAttempt: AttemptRow | null;
}

/** A claimed delivery: what its attempt sends, and the attempt row it records into. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  attemptId: number;
  endpoint: EndpointRow;
  event: EventRow;
}

export interface EndpointFigures {
  pending: number;
  failedRecently: number;
  last: { at: Date; status: string } | null;
}

/** The outgoing webhooks' tables (private to this module). */
export function createWebhooksRepository(db: Database) {
  async function lastAttempts(deliveryIds: number[], writer: Writer = db): Promise<Map<number, AttemptRow>> {
    if (deliveryIds.length === 0) return new Map();
    const rows = await writer
      .selectDistinctOn([webhookDeliveryAttempts.deliveryId])
      .from(webhookDeliveryAttempts)
      .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
      .orderBy(webhookDeliveryAttempts.deliveryId, desc(webhookDeliveryAttempts.number));
    return new Map(rows.map((row) => [row.deliveryId, row]));
  }

  return {
    async endpoints(): Promise<EndpointRow[]> {
      return db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
    },

    async endpoint(id: number, writer: Writer = db, lock = false): Promise<EndpointRow | null> {
      const query = writer.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async endpointCount(writer: Writer): Promise<number> {
      const [row] = await writer.select({ value: count() }).from(webhookEndpoints);
      return row?.value ?? 0;
    },

    /** Each endpoint's waiting deliveries, failures since `since` and latest delivery. */
    async figures(endpointIds: number[], since: Date): Promise<Map<number, EndpointFigures>> {
      if (endpointIds.length === 0) return new Map();
      const d = webhookDeliveries;
      const [counts, latest] = await Promise.all([
        db
          .select({
            endpointId: d.endpointId,
            pending: sql<number>`count(*) filter (where ${d.status} = 'pending')`.mapWith(Number),
            failed:
              sql<number>`count(*) filter (where ${d.status} = 'failed' and ${d.completedAt} >= ${since})`.mapWith(
                Number,
              ),
            lastId: max(d.id),
          })
          .from(d)
          .where(inArray(d.endpointId, endpointIds))
          .groupBy(d.endpointId),
        db
          .selectDistinctOn([d.endpointId], {
            endpointId: d.endpointId,
            status: d.status,
            at: sql<Date>`coalesce(${d.completedAt}, ${d.createdAt})`.mapWith(d.createdAt),
          })
          .from(d)
          .where(inArray(d.endpointId, endpointIds))
          .orderBy(d.endpointId, desc(d.id)),
      ]);
      const lastOf = new Map(latest.map((row) => [row.endpointId, row]));
      return new Map(
        counts.map((row) => {
          const last = lastOf.get(row.endpointId);
          return [
            row.endpointId,
            {
              pending: row.pending,
              failedRecently: row.failed,
              last: last ? { at: last.at, status: last.status } : null,
            },
          ];
        }),
      );
    },

    async insertEndpoint(writer: Writer, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
      const [row] = await writer.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    async updateEndpoint(
      writer: Writer,
      id: number,
      values: Partial<typeof webhookEndpoints.$inferInsert>,
    ): Promise<EndpointRow> {
      const [row] = await writer
        .update(webhookEndpoints)
        .set(values)
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row!;
    },

    async deleteEndpoint(writer: Writer, id: number): Promise<void> {
      await writer.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },

    /** An endpoint's deliveries, newest first, with their events and latest attempts. */
    async deliveries(
      endpointId: number,
      filter: { status?: string; eventType?: string },
      page: { limit: number; offset: number },
    ): Promise<{ count: number; rows: DeliveryListRow[] }> {
      const d = webhookDeliveries;
      const e = webhookEvents;
      const where = and(
        eq(d.endpointId, endpointId),
        filter.status ? eq(d.status, filter.status) : undefined,
        filter.eventType ? eq(e.type, filter.eventType) : undefined,
      );
      const [total, rows] = await Promise.all([
        db.select({ value: count() }).from(d).innerJoin(e, eq(e.id, d.eventId)).where(where),
        db
          .select({ delivery: d, event: { publicId: e.publicId, type: e.type, createdAt: e.createdAt } })
          .from(d)
          .innerJoin(e, eq(e.id, d.eventId))
          .where(where)
          .orderBy(desc(d.id))
          .limit(page.limit)
          .offset(page.offset),
      ]);
      const attempts = await lastAttempts(rows.map((row) => row.delivery.id));
      return {
        count: total[0]?.value ?? 0,
        rows: rows.map((row) => ({ ...row, lastAttempt: attempts.get(row.delivery.id) ?? null })),
      };
    },

    async delivery(
      id: number,
      writer: Writer = db,
    ): Promise<{ delivery: DeliveryRow; event: EventRow; endpoint: EndpointRow } | null> {
      const [row] = await writer
        .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, id));
      return row ?? null;
    },

    async attempts(deliveryId: number): Promise<AttemptRow[]> {
      return db
        .select()
        .from(webhookDeliveryAttempts)
        .where(eq(webhookDeliveryAttempts.deliveryId, deliveryId))
        .orderBy(asc(webhookDeliveryAttempts.number));
    },

    lastAttempts,

    /** Makes a pending delivery due now (a staff member's "resend" of one waiting for its retry). */
    async dueNow(writer: Writer, id: number, at: Date): Promise<void> {
      await writer
        .update(webhookDeliveries)
        .set({ nextAttemptAt: at })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
    },

    /** A new delivery of a delivered (or failed) event to the same endpoint, behind its queue. */
    async insertResend(writer: Writer, original: DeliveryRow, at: Date): Promise<DeliveryRow> {
      const [row] = await writer
        .insert(webhookDeliveries)
        .values({
          endpointId: original.endpointId,
          eventId: original.eventId,
          status: 'pending',
          nextAttemptAt: at,
          createdAt: at,
          resendOf: original.id,
        })
        .returning();
      return row!;
    },

    /**
     * Claims up to `limit` deliveries, each the lowest pending one of its enabled endpoint, due by
     * `now` (the server's clock) and not held by a live claim (a lease by the database's time).
     * SKIP LOCKED lets instances claim side by side; the outer conditions are checked again on
     * the locked row, so a delivery another instance claimed meanwhile is not taken twice. Each
     * claimed delivery's attempt is recorded as started in the same transaction.
     */
    async claim(now: Date, limit: number, token: string, leaseMs: number): Promise<ClaimedDelivery[]> {
      return db.transaction(async (tx) => {
        const free = sql`(${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} <= now())`;
        const claimed = await tx
          .update(webhookDeliveries)
          .set({
            lockToken: token,
            lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
            attempts: sql`${webhookDeliveries.attempts} + 1`,
          })
          .where(
            and(
              eq(webhookDeliveries.status, 'pending'),
              sql`${webhookDeliveries.id} in (
                select candidate.id from webhook_deliveries candidate
                where candidate.id in (
                  select distinct on (head.endpoint_id) head.id
                  from webhook_deliveries head
                  join webhook_endpoints endpoint on endpoint.id = head.endpoint_id and endpoint.enabled
                  where head.status = 'pending'
                  order by head.endpoint_id, head.id
                )
                and candidate.next_attempt_at <= ${now.toISOString()}::timestamptz
                and (candidate.locked_until is null or candidate.locked_until <= now())
                order by candidate.next_attempt_at, candidate.id
                limit ${limit}
                for update skip locked
              )`,
              free,
            ),
          )
          .returning();
        if (claimed.length === 0) return [];
        const attempts = await tx
          .insert(webhookDeliveryAttempts)
          .values(claimed.map((row) => ({ deliveryId: row.id, number: row.attempts, startedAt: now })))
          .returning({ id: webhookDeliveryAttempts.id, deliveryId: webhookDeliveryAttempts.deliveryId });
        const attemptOf = new Map(attempts.map((row) => [row.deliveryId, row.id]));
        const [endpoints, events] = await Promise.all([
          tx
            .select()
            .from(webhookEndpoints)
            .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))])),
          tx
            .select()
            .from(webhookEvents)
            .where(inArray(webhookEvents.id, [...new Set(claimed.map((row) => row.eventId))])),
        ]);
        const endpointOf = new Map(endpoints.map((row) => [row.id, row]));
        const eventOf = new Map(events.map((row) => [row.id, row]));
        return claimed.map((delivery) => ({
          delivery,
          attemptId: attemptOf.get(delivery.id)!,
          endpoint: endpointOf.get(delivery.endpointId)!,
          event: eventOf.get(delivery.eventId)!,
        }));
      });
    },

    /**
     * An attempt's answer, and the delivery's next state when this sender still holds it (a
     * claim that ran out and was taken over leaves the delivery to its new holder).
     */
    async record(
      attempt: {
        id: number;
        durationMs: number;
        status: number | null;
        body: string | null;
        error: string | null;
      },
      delivery: { id: number; token: string; next: Partial<typeof webhookDeliveries.$inferInsert> },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx
          .update(webhookDeliveryAttempts)
          .set({
            durationMs: attempt.durationMs,
            responseStatus: attempt.status,
            responseBody: attempt.body,
            error: attempt.error,
          })
          .where(eq(webhookDeliveryAttempts.id, attempt.id));
        const updated = await tx
          .update(webhookDeliveries)
          .set({ ...delivery.next, lockToken: null, lockedUntil: null })
          .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.lockToken, delivery.token)))
          .returning({ id: webhookDeliveries.id });
        return updated.length > 0;
      });
    },

    /** Events older than `before` whose deliveries are all finished (their attempts go with them). */
    async purge(before: Date): Promise<number> {
      const removed = await db
        .delete(webhookEvents)
        .where(
          and(
            lte(webhookEvents.createdAt, before),
            sql`not exists (select 1 from webhook_deliveries d where d.event_id = ${webhookEvents.id} and d.status = 'pending')`,
          ),
        )
        .returning({ id: webhookEvents.id });
      return removed.length;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
