import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { paymentAttemptHolds, paymentAttempts, paymentDiscrepancies } from './checkout.tables.js';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type AttemptStatus = AttemptRow['status'];
export const OPEN_ATTEMPT_STATUSES = ['created', 'processing', 'requires_action'] as const;

/** A buyable an attempt buys, held against every other attempt of the same buyer. */
export interface AttemptHold {
  buyableType: string;
  buyableId: number;
}

/** A live hold of another attempt that stood in the way. */
export interface HoldConflict extends AttemptHold {
  attemptId: string;
  status: AttemptStatus;
}

export interface Discrepancy {
  attemptId: string | null;
  gatewayPaymentId: string | null;
  source: 'answer' | 'webhook' | 'reconciliation';
  differences: { field: string; expected: string; actual: string }[];
  action: string;
}

export function createCheckoutRepository(db: Database) {
  const byId = db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, sql.placeholder('id')))
    .prepare('checkout_attempt_by_id');

  return {
    async find(id: string): Promise<AttemptRow | null> {
      const [row] = await byId.execute({ id });
      return row ?? null;
    },

    async findByRef(userId: number, checkoutRef: string): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.userId, userId), eq(paymentAttempts.checkoutRef, checkoutRef)));
      return row ?? null;
    },

    async findByGatewayPayment(paymentId: string): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.gatewayPaymentId, paymentId));
      return row ?? null;
    },

    /**
     * Creates the attempt and, in the same transaction, holds its buyables and runs `reserve`
     * (credit, coupon uses): all of it or nothing. Null when the user already has an attempt
     * with this checkout_ref (a repeated submit); `{ conflicts }` when another live attempt of
     * the same buyer holds one of the buyables (nothing is written). `reserve` refuses by
     * throwing, which rolls everything back.
     */
    async insertHeld(
      values: typeof paymentAttempts.$inferInsert,
      holds: readonly AttemptHold[],
      reserve: (row: AttemptRow, tx: Database) => Promise<void>,
    ): Promise<AttemptRow | { conflicts: HoldConflict[] } | null> {
      class Conflicted extends Error {
        constructor(readonly conflicts: HoldConflict[]) {
          super('held by another attempt');
        }
      }
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(paymentAttempts)
            .values(values)
            .onConflictDoNothing({ target: [paymentAttempts.userId, paymentAttempts.checkoutRef] })
            .returning();
          if (!row) return null;
          if (holds.length > 0) {
            // The partial unique index admits one live hold per buyer and buyable.
            const held = await tx
              .insert(paymentAttemptHolds)
              .values(holds.map((hold) => ({ attemptId: row.id, userId: row.userId, ...hold })))
              .onConflictDoNothing()
              .returning({ buyableId: paymentAttemptHolds.buyableId });
            if (held.length < holds.length) {
              const conflicts = await tx
                .select({
                  attemptId: paymentAttemptHolds.attemptId,
                  buyableType: paymentAttemptHolds.buyableType,
                  buyableId: paymentAttemptHolds.buyableId,
                  status: paymentAttempts.status,
                })
                .from(paymentAttemptHolds)
                .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentAttemptHolds.attemptId))
                .where(
                  and(
                    eq(paymentAttemptHolds.userId, row.userId),
                    isNull(paymentAttemptHolds.releasedAt),
                    sql`${paymentAttemptHolds.attemptId} <> ${row.id}`,
                    inArray(
                      paymentAttemptHolds.buyableId,
                      holds.map((hold) => hold.buyableId),
                    ),
                  ),
                );
              throw new Conflicted(conflicts);
            }
          }
          await reserve(row, tx);
          return row;
        });
      } catch (error) {
        if (error instanceof Conflicted) return { conflicts: error.conflicts };
        throw error;
      }
    },

    /** Ends the attempt's holds (it failed or was abandoned); idempotent. */
    async releaseHolds(attemptId: string): Promise<void> {
      await db
        .update(paymentAttemptHolds)
        .set({ releasedAt: sql`now()` })
        .where(and(eq(paymentAttemptHolds.attemptId, attemptId), isNull(paymentAttemptHolds.releasedAt)));
    },

    /**
     * Inside `executor`'s transaction: ends the attempt's holds of one buyable type (its gifts,
     * once bought), or of one buyable (a course whose purchase was refunded).
     */
    async releaseHoldsOf(
      executor: Database,
      attemptId: string,
      buyableType: string,
      buyableId?: number,
    ): Promise<void> {
      await executor
        .update(paymentAttemptHolds)
        .set({ releasedAt: sql`now()` })
        .where(
          and(
            eq(paymentAttemptHolds.attemptId, attemptId),
            eq(paymentAttemptHolds.buyableType, buyableType),
            buyableId === undefined ? undefined : eq(paymentAttemptHolds.buyableId, buyableId),
            isNull(paymentAttemptHolds.releasedAt),
          ),
        );
    },

    /**
     * Takes the attempt's holds again inside the fulfilment transaction (a payment that
     * succeeded after its attempt had ended); false when another attempt holds one meanwhile.
     */
    async retakeHolds(tx: Database, row: AttemptRow, holds: readonly AttemptHold[]): Promise<boolean> {
      if (holds.length === 0) return true;
      await tx.delete(paymentAttemptHolds).where(eq(paymentAttemptHolds.attemptId, row.id));
      const held = await tx
        .insert(paymentAttemptHolds)
        .values(holds.map((hold) => ({ attemptId: row.id, userId: row.userId, ...hold })))
        .onConflictDoNothing()
        .returning({ buyableId: paymentAttemptHolds.buyableId });
      return held.length === holds.length;
    },

    /** Attempts still open whose last change is older than `olderThanMs` (oldest first). */
    async openAttemptsOlderThan(olderThanMs: number, limit: number): Promise<AttemptRow[]> {
      return db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            inArray(paymentAttempts.status, [...OPEN_ATTEMPT_STATUSES]),
            lt(paymentAttempts.updatedAt, sql`now() - ${`${olderThanMs} milliseconds`}::interval`),
          ),
        )
        .orderBy(asc(paymentAttempts.updatedAt))
        .limit(limit);
    },

    /** Keeps a provider object that did not match its attempt, for an operator. */
    async recordDiscrepancy(discrepancy: Discrepancy): Promise<void> {
      await db.insert(paymentDiscrepancies).values(discrepancy);
    },

    /**
     * Moves the attempt on only from one of the `from` states (compare-and-set), so two
     * requests or a request and a webhook never both take the same step. Null when it had moved.
     */
    async transition(
      id: string,
      from: readonly AttemptStatus[],
      values: Partial<typeof paymentAttempts.$inferInsert>,
    ): Promise<AttemptRow | null> {
      const [row] = await db
        .update(paymentAttempts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, [...from])))
        .returning();
      return row ?? null;
    },

    /**
     * Runs the fulfilment in one transaction holding the attempt's row lock; `work` gets the
     * locked row (null when missing) and the transaction to write in.
     */
    withAttemptLock<T>(id: string, work: (row: AttemptRow | null, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
        return work(row ?? null, tx);
      });
    },

    async markFulfilled(
      tx: Database,
      id: string,
      orderId: number,
      gatewayPaymentId: string | null,
      /** The provider customer the payment was checked against (null without one). */
      gatewayCustomerId: string | null,
    ): Promise<AttemptRow> {
      const [row] = await tx
        .update(paymentAttempts)
        .set({
          status: 'succeeded',
          orderId,
          gatewayPaymentId,
          gatewayCustomerId,
          errorCode: null,
          updatedAt: sql`now()`,
        })
        .where(eq(paymentAttempts.id, id))
        .returning();
      return row!;
    },
  };
}
