import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { paymentCustomers, paymentGatewayEvents } from './payments.tables.js';

/** A claim older than this is considered abandoned (the instance handling it died). */
const CLAIM_TIMEOUT_SECONDS = 120;

export function createPaymentsRepository(db: Database) {
  return {
    async customerOf(userId: number): Promise<string | null> {
      const [row] = await db
        .select({ id: paymentCustomers.gatewayCustomerId })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.userId, userId));
      return row?.id ?? null;
    },

    /** Keeps the first customer stored for the user; returns the one that is stored. */
    async storeCustomer(userId: number, gatewayCustomerId: string): Promise<string> {
      await db.insert(paymentCustomers).values({ userId, gatewayCustomerId }).onConflictDoNothing();
      const [row] = await db
        .select({ id: paymentCustomers.gatewayCustomerId })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.userId, userId));
      return row!.id;
    },

    /**
     * Inserts the event unless its id is already stored; true when this call stored it. `state`
     * `claimed`: stored already taken for processing by this call; `processed`: nothing to run.
     */
    async storeEventOnce(
      values: { eventId: string; gatewayType: string; type: string; payload: unknown },
      state: 'claimed' | 'processed',
    ): Promise<boolean> {
      const rows = await db
        .insert(paymentGatewayEvents)
        .values({
          ...values,
          ...(state === 'claimed' ? { claimedAt: sql`now()`, attempts: 1 } : { processedAt: sql`now()` }),
        })
        .onConflictDoNothing({ target: paymentGatewayEvents.eventId })
        .returning({ id: paymentGatewayEvents.id });
      return rows.length > 0;
    },

    /**
     * Takes the event for processing unless it is processed or being processed elsewhere;
     * the number of this attempt, or null when it was not taken.
     */
    async claimEvent(eventId: string): Promise<number | null> {
      const rows = await db
        .update(paymentGatewayEvents)
        .set({ claimedAt: sql`now()`, attempts: sql`${paymentGatewayEvents.attempts} + 1` })
        .where(
          and(
            eq(paymentGatewayEvents.eventId, eventId),
            isNull(paymentGatewayEvents.processedAt),
            or(
              isNull(paymentGatewayEvents.claimedAt),
              lt(
                paymentGatewayEvents.claimedAt,
                sql`now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})`,
              ),
            ),
          ),
        )
        .returning({ attempts: paymentGatewayEvents.attempts });
      return rows[0]?.attempts ?? null;
    },

    async markProcessed(eventId: string): Promise<void> {
      await db
        .update(paymentGatewayEvents)
        .set({ processedAt: sql`now()`, claimedAt: null, lastError: null })
        .where(eq(paymentGatewayEvents.eventId, eventId));
    },

    /** Stops retrying an event no subscriber can process (kept, with why, for an operator). */
    async giveUp(eventId: string, error: string): Promise<void> {
      await db
        .update(paymentGatewayEvents)
        .set({ processedAt: sql`now()`, claimedAt: null, lastError: `gave up: ${error}`.slice(0, 2000) })
        .where(eq(paymentGatewayEvents.eventId, eventId));
    },

    async releaseFailed(eventId: string, error: string): Promise<void> {
      await db
        .update(paymentGatewayEvents)
        .set({ claimedAt: null, lastError: error.slice(0, 2000) })
        .where(eq(paymentGatewayEvents.eventId, eventId));
    },

    async countEvents(eventId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(paymentGatewayEvents)
        .where(eq(paymentGatewayEvents.eventId, eventId));
      return row?.count ?? 0;
    },

    async findEvent(eventId: string) {
      const [row] = await db
        .select()
        .from(paymentGatewayEvents)
        .where(eq(paymentGatewayEvents.eventId, eventId));
      return row ?? null;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
