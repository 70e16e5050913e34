import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import { courseRefunds } from './refunds.tables.js';

export type RefundRow = typeof courseRefunds.$inferSelect;
export type RefundStatusValue = RefundRow['status'];

export function createRefundsRepository(db: Database) {
  return {
    /** Stores a refund request; null when the line already has one (the unique index decides). */
    async insert(executor: Database, values: typeof courseRefunds.$inferInsert): Promise<RefundRow | null> {
      const [row] = await executor
        .insert(courseRefunds)
        .values(values)
        .onConflictDoNothing({ target: courseRefunds.orderLineId })
        .returning();
      return row ?? null;
    },

    async find(id: number, executor: Database = db): Promise<RefundRow | null> {
      const [row] = await executor.select().from(courseRefunds).where(eq(courseRefunds.id, id));
      return row ?? null;
    },

    async findByGatewayRefund(gatewayRefundId: string): Promise<RefundRow | null> {
      const [row] = await db
        .select()
        .from(courseRefunds)
        .where(eq(courseRefunds.gatewayRefundId, gatewayRefundId));
      return row ?? null;
    },

    /** The refunds of the given order lines (one at most each). */
    async ofLines(lineIds: readonly number[]): Promise<RefundRow[]> {
      if (lineIds.length === 0) return [];
      return db
        .select()
        .from(courseRefunds)
        .where(inArray(courseRefunds.orderLineId, [...lineIds]));
    },

    /** Every refund of an order, in the caller's transaction (what is left to give back). */
    async ofOrder(executor: Database, orderId: number): Promise<RefundRow[]> {
      return executor.select().from(courseRefunds).where(eq(courseRefunds.orderId, orderId));
    },

    /** A page of the user's refunds, newest first. */
    async pageOf(userId: number, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(courseRefunds)
          .where(eq(courseRefunds.userId, userId))
          .orderBy(desc(courseRefunds.requestedAt), desc(courseRefunds.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(courseRefunds).where(eq(courseRefunds.userId, userId)),
      ]);
      return { count: total?.value ?? 0, rows };
    },

    /**
     * Moves a refund on only from `from`: the update is the claim, so of two paths finishing
     * the same refund (the answer, the webhook, a retried job) exactly one does. Null when it
     * had already moved on.
     */
    async transition(
      executor: Database,
      id: number,
      from: RefundStatusValue,
      set: Partial<typeof courseRefunds.$inferInsert>,
    ): Promise<RefundRow | null> {
      const [row] = await executor
        .update(courseRefunds)
        .set(set)
        .where(and(eq(courseRefunds.id, id), eq(courseRefunds.status, from)))
        .returning();
      return row ?? null;
    },

    /**
     * A staff retry of a pending refund: counts it, only if nobody retried it since `from`
     * (the claim). Null when someone did, or it is no longer pending.
     */
    async transitionRetries(
      executor: Database,
      id: number,
      from: number,
      to: number,
    ): Promise<RefundRow | null> {
      const [row] = await executor
        .update(courseRefunds)
        .set({ retries: to })
        .where(
          and(eq(courseRefunds.id, id), eq(courseRefunds.status, 'pending'), eq(courseRefunds.retries, from)),
        )
        .returning();
      return row ?? null;
    },

    /** Where a submit job stands (`queued`, `running`, `succeeded`, `failed`); null when there is none. */
    async jobStatus(executor: Database, kind: string, key: string): Promise<string | null> {
      const [row] = await executor
        .select({ status: jobs.status })
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
      return row?.status ?? null;
    },

    /** Remembers the provider's refund while it is pending (its webhook names it). */
    async setGatewayRefund(id: number, gatewayRefundId: string): Promise<void> {
      await db
        .update(courseRefunds)
        .set({ gatewayRefundId })
        .where(and(eq(courseRefunds.id, id), eq(courseRefunds.status, 'pending')));
    },
  };
}

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
