import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { paymentAttempts } from './checkout.tables.js';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type AttemptStatus = AttemptRow['status'];

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

    /** Null when the user already has an attempt with this checkout_ref (a repeated submit). */
    async insert(values: typeof paymentAttempts.$inferInsert): Promise<AttemptRow | null> {
      const [row] = await db
        .insert(paymentAttempts)
        .values(values)
        .onConflictDoNothing({ target: [paymentAttempts.userId, paymentAttempts.checkoutRef] })
        .returning();
      return row ?? null;
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
    ): Promise<AttemptRow> {
      const [row] = await tx
        .update(paymentAttempts)
        .set({ status: 'succeeded', orderId, gatewayPaymentId, errorCode: null, updatedAt: sql`now()` })
        .where(eq(paymentAttempts.id, id))
        .returning();
      return row!;
    },
  };
}
