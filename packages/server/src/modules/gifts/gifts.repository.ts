import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { gifts } from './gifts.tables.js';

export type GiftRow = typeof gifts.$inferSelect;

/** A new gift of an order's gift line, with its link's hash. */
export interface NewGift {
  courseId: number;
  recipientEmail: string;
  recipientName: string | null;
  message: string | null;
  deliverOn: string | null;
  deliverAt: Date;
  codeHash: string;
}

export function createGiftsRepository(db: Database) {
  return {
    /**
     * Inside the fulfilment transaction: one gift per gift line of the order (matched by
     * course: an order has at most one gift of a course). Answers each gift's id and course.
     */
    async insertForOrder(
      tx: Database,
      orderId: number,
      buyerId: number,
      items: readonly NewGift[],
    ): Promise<{ id: number; courseId: number }[]> {
      const column = <K extends keyof NewGift>(key: K) =>
        sql.param(
          items.map((item) => (item[key] instanceof Date ? (item[key] as Date).toISOString() : item[key])),
        );
      const result = await tx.execute(sql`
        insert into ${gifts} (order_id, order_line_id, buyer_id, course_id, recipient_email,
          recipient_name, message, deliver_on, deliver_at, code_hash)
        select ${orderId}, line.id, ${buyerId}, x.course_id, x.email, x.name, x.message, x.deliver_on,
          x.deliver_at, x.code_hash
        from unnest(${column('courseId')}::int[], ${column('recipientEmail')}::varchar[],
          ${column('recipientName')}::varchar[], ${column('message')}::text[], ${column('deliverOn')}::date[],
          ${column('deliverAt')}::timestamptz[], ${column('codeHash')}::varchar[])
          as x(course_id, email, name, message, deliver_on, deliver_at, code_hash)
        join order_lines line
          on line.order_id = ${orderId} and line.course_id = x.course_id and line.buyable_type = 'gift'
        returning id, course_id`);
      return rowsOf<{ id: number; course_id: number }>(result).map((row) => ({
        id: Number(row.id),
        courseId: Number(row.course_id),
      }));
    },

    /** A gift by its link's hash. */
    async findByCodeHash(codeHash: string): Promise<GiftRow | null> {
      const [row] = await db.select().from(gifts).where(eq(gifts.codeHash, codeHash));
      return row ?? null;
    },

    /** Inside `tx`: the gift, locked until the transaction ends (one redeem at a time). */
    async lockByCodeHash(tx: Database, codeHash: string): Promise<GiftRow | null> {
      const [row] = await tx.select().from(gifts).where(eq(gifts.codeHash, codeHash)).for('update');
      return row ?? null;
    },

    async markRedeemed(tx: Database, giftId: number, userId: number, at: Date): Promise<void> {
      await tx.update(gifts).set({ redeemedBy: userId, redeemedAt: at }).where(eq(gifts.id, giftId));
    },

    /** The gifts of these order lines (purchase history, refunds). */
    async ofLines(lineIds: readonly number[], executor: Database = db): Promise<GiftRow[]> {
      if (lineIds.length === 0) return [];
      return executor
        .select()
        .from(gifts)
        .where(inArray(gifts.orderLineId, [...lineIds]));
    },

    /** Inside `tx`: voids an unredeemed gift for its refund; null when it was redeemed meanwhile. */
    async markRefunded(tx: Database, lineId: number, at: Date): Promise<GiftRow | null> {
      const [row] = await tx
        .update(gifts)
        .set({ refundedAt: at })
        .where(and(eq(gifts.orderLineId, lineId), isNull(gifts.redeemedAt)))
        .returning();
      return row ?? null;
    },

    /** Inside `tx`: the gift is live again (its refund failed). */
    async clearRefunded(tx: Database, lineId: number): Promise<GiftRow | null> {
      const [row] = await tx
        .update(gifts)
        .set({ refundedAt: null })
        .where(eq(gifts.orderLineId, lineId))
        .returning();
      return row ?? null;
    },
  };
}
