import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReadPart } from '../../platform/db/combined-read.js';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import type { OrderPayment } from './orders.service.js';
import type { TaxLine } from '../tax/tax-lines.js';
import { enrollmentSource, enrollments, orderLines, orders } from './orders.tables.js';

/** Which of `courseIds` the user (`userId`) is enrolled in, for a combined read. */
export const enrolledAmongRead: ReadPart<Set<number>> = {
  sql: sql`select coalesce(json_agg(${enrollments.courseId}), '[]'::json) from ${enrollments}
    where ${enrollments.userId} = ${sql.placeholder('userId')}
      and ${enrollments.courseId} = any(${sql.placeholder('courseIds')}::int[])`,
  parse: (value) => new Set(value as number[]),
};

/** The user's (`userId`) completed paid orders and the courses bought in them, for a combined read. */
export const purchaseSummaryRead: ReadPart<{ paidOrders: number; purchasedCourses: number }> = {
  sql: sql`select json_build_object('paidOrders', count(distinct ${orders.id}), 'purchasedCourses', count(${orderLines.id}))
    from ${orders} join ${orderLines} on ${orderLines.orderId} = ${orders.id}
    where ${orders.userId} = ${sql.placeholder('userId')} and ${orders.status} = 'completed' and ${orders.totalAmount} > 0`,
  parse: (value) => value as { paidOrders: number; purchasedCourses: number },
};

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export function createOrdersRepository(db: Database) {
  // Course lists and the cart ask which of a few courses the user owns: one query for all.
  const enrolledAmong = db
    .select({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.userId, sql.placeholder('userId')),
        sql`${enrollments.courseId} = any(${sql.placeholder('courseIds')}::int[])`,
      ),
    )
    .prepare('orders_enrolled_among');

  return {
    async enrolledAmong(userId: number, courseIds: number[]): Promise<number[]> {
      const rows = await enrolledAmong.execute({ userId, courseIds });
      return rows.map((row) => row.courseId);
    },

    async enrollmentsOf(userId: number, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ courseId: enrollments.courseId, createdAt: enrollments.createdAt })
          .from(enrollments)
          .where(eq(enrollments.userId, userId))
          .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(enrollments).where(eq(enrollments.userId, userId)),
      ]);
      return { count: total?.value ?? 0, rows };
    },

    async insertCompletedOrder(input: {
      userId: number;
      currency: string;
      lines: { courseId: number; listPriceAmount: number; purchasePriceAmount: number }[];
      completedAt: Date;
    }): Promise<number> {
      const subtotal = input.lines.reduce((total, line) => total + line.purchasePriceAmount, 0);
      return db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
            userId: input.userId,
            status: 'completed',
            currency: input.currency,
            subtotalAmount: subtotal,
            totalAmount: subtotal,
            // Paid elsewhere, before Lectern kept the payment: shown as a card, untaxed (the demo seed).
            country: 'US',
            taxRate: '0',
            taxMode: 'tax_exclusive',
            paymentType: 'card',
            cardBrand: 'visa',
            cardLast4: '4242',
            createdAt: input.completedAt,
            completedAt: input.completedAt,
          })
          .returning({ id: orders.id });
        if (!order) throw new Error('insert returned no row');
        await tx.insert(orderLines).values(input.lines.map((line) => ({ ...line, orderId: order.id })));
        await tx.insert(enrollments).values(
          input.lines.map((line) => ({
            userId: input.userId,
            courseId: line.courseId,
            orderId: order.id,
            source: 'purchase' as const,
            createdAt: input.completedAt,
          })),
        );
        return order.id;
      });
    },

    /**
     * A paid (or free) purchase inside the caller's transaction: the order, its lines and the
     * enrollments. A course the user came to own meanwhile keeps its first enrollment.
     */
    async insertPurchase(
      executor: Database,
      input: {
        userId: number;
        currency: string;
        subtotalAmount: number;
        discountAmount: number;
        taxAmount: number;
        creditAmount: number;
        totalAmount: number;
        country: string;
        taxRate: number;
        taxMode: string;
        taxLines: TaxLine[];
        taxNote: string | null;
        taxNumber: string | null;
        payment: OrderPayment;
        source: 'purchase' | 'free';
        lines: {
          courseId: number;
          buyableType: 'course' | 'gift';
          listPriceAmount: number;
          purchasePriceAmount: number;
          taxAmount: number;
          couponCode: string | null;
        }[];
        completedAt: Date;
      },
    ): Promise<{ orderId: number; enrolled: number }> {
      // One statement (order, lines, enrollments): fulfilment holds a row lock meanwhile.
      const at = input.completedAt.toISOString();
      const column = <K extends keyof (typeof input.lines)[number]>(key: K) =>
        sql.param(input.lines.map((line) => line[key]));
      const result = await executor.execute(sql`
        with new_order as (
          insert into ${orders} (user_id, status, currency, subtotal_amount, discount_amount,
            tax_amount, credit_amount, total_amount, country, tax_rate, tax_mode, tax_lines, tax_note,
            tax_number, payment_type, card_brand, card_last4, gateway_payment_id, attempt_id,
            created_at, completed_at)
          values (${input.userId}, 'completed', ${input.currency}, ${input.subtotalAmount},
            ${input.discountAmount}, ${input.taxAmount}, ${input.creditAmount}, ${input.totalAmount},
            ${input.country}, ${input.taxRate}, ${input.taxMode}, ${JSON.stringify(input.taxLines)}::jsonb,
            ${input.taxNote}, ${input.taxNumber}, ${input.payment.type},
            ${input.payment.cardBrand}, ${input.payment.cardLast4}, ${input.payment.gatewayPaymentId},
            ${input.payment.attemptId}::uuid, ${at}::timestamptz, ${at}::timestamptz)
          returning id
        ),
        lines as (
          insert into ${orderLines} (order_id, course_id, buyable_type, list_price_amount,
            purchase_price_amount, tax_amount, coupon_code)
          select new_order.id, x.course_id, x.buyable_type::buyable_type, x.list_price,
            x.price, x.tax, x.coupon
          from new_order, unnest(${column('courseId')}::int[], ${column('buyableType')}::text[],
            ${column('listPriceAmount')}::bigint[], ${column('purchasePriceAmount')}::bigint[],
            ${column('taxAmount')}::bigint[], ${column('couponCode')}::varchar[])
            with ordinality as x(course_id, buyable_type, list_price, price, tax, coupon, position)
          order by x.position
        ),
        enrolled as (
          insert into ${enrollments} (user_id, course_id, order_id, source, created_at)
          select ${input.userId}, x.course_id, new_order.id,
            ${input.source}::${sql.raw(enrollmentSource.enumName)}, ${at}::timestamptz
          from new_order, unnest(${column('courseId')}::int[], ${column('buyableType')}::text[])
            as x(course_id, buyable_type)
          where x.buyable_type = 'course'
          on conflict do nothing
          returning 1
        )
        select id, (select count(*) from enrolled) as enrolled from new_order`);
      const [order] = rowsOf<{ id: number; enrolled: number | string }>(result);
      if (!order) throw new Error('insert returned no row');
      return { orderId: Number(order.id), enrolled: Number(order.enrolled) };
    },

    /**
     * Sets the card an order was paid with when it was recorded without it (inside `executor`'s
     * transaction); an order that has its card keeps it.
     */
    async fillCard(executor: Database, orderId: number, card: { brand: string; last4: string }) {
      await executor
        .update(orders)
        .set({ cardBrand: card.brand, cardLast4: card.last4 })
        .where(and(eq(orders.id, orderId), sql`${orders.cardLast4} is null`));
    },

    /** A page of the user's completed orders, newest first, with their lines. */
    async ordersOf(userId: number, limit: number, offset: number) {
      const mine = and(eq(orders.userId, userId), eq(orders.status, 'completed'));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(mine)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(orders).where(mine),
      ]);
      const lines = rows.length
        ? await db
            .select()
            .from(orderLines)
            .where(
              inArray(
                orderLines.orderId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(orderLines.id))
        : [];
      return { count: total?.value ?? 0, rows, lines };
    },

    /** An order with its lines (null when there is none); `userId` limits it to that buyer's. */
    async orderWithLines(
      orderId: number,
      userId: number | null,
      executor: Database = db,
    ): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
      const [order] = await executor
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), userId === null ? undefined : eq(orders.userId, userId)));
      if (!order) return null;
      const lines = await executor
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id));
      return { order, lines };
    },

    /** The order a line belongs to, if the line is the user's. */
    async orderIdOfLine(lineId: number, userId: number): Promise<number | null> {
      const [row] = await db
        .select({ orderId: orderLines.orderId })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orderLines.id, lineId), eq(orders.userId, userId)));
      return row?.orderId ?? null;
    },

    /** Takes the course away from the learner (its refund was asked for); true when it did. */
    async revokeEnrollment(executor: Database, userId: number, courseId: number, orderId: number) {
      const rows = await executor
        .delete(enrollments)
        .where(
          and(
            eq(enrollments.userId, userId),
            eq(enrollments.courseId, courseId),
            eq(enrollments.orderId, orderId),
          ),
        )
        .returning({ id: enrollments.id });
      return rows.length > 0;
    },

    /** Enrolls a gift's recipient; false when they own the course already. */
    async enrollGift(executor: Database, userId: number, courseId: number, orderId: number, at: Date) {
      const rows = await executor
        .insert(enrollments)
        .values({ userId, courseId, orderId, source: 'gift', createdAt: at })
        .onConflictDoNothing()
        .returning({ id: enrollments.id });
      return rows.length > 0;
    },

    /** Gives the course back (its refund failed); a course owned again meanwhile keeps that enrollment. */
    async restoreEnrollment(executor: Database, userId: number, courseId: number, orderId: number, at: Date) {
      await executor
        .insert(enrollments)
        .values({ userId, courseId, orderId, source: 'purchase', createdAt: at })
        .onConflictDoNothing();
    },
  };
}
