import type { CurrencyCode, Money } from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import type { ReadPart } from '../../platform/db/combined-read.js';
import { createOrdersRepository, enrolledAmongRead, purchaseSummaryRead } from './orders.repository.js';

export interface PurchaseSummary {
  hasMadePaidPurchase: boolean;
  numberOfCoursesPurchased: number;
}

export function createOrdersService(db: Database) {
  const repository = createOrdersRepository(db);
  return {
    /** Facts for a combined read (`prepareCombinedRead`): owned courses among `courseIds` (`userId`). */
    reads: {
      enrolledAmong: enrolledAmongRead,
      /** For the user context (`userId`). */
      purchaseSummary: {
        sql: purchaseSummaryRead.sql,
        parse: (value) => {
          const summary = purchaseSummaryRead.parse(value);
          return {
            hasMadePaidPurchase: summary.paidOrders > 0,
            numberOfCoursesPurchased: summary.purchasedCourses,
          };
        },
      } satisfies ReadPart<PurchaseSummary>,
    },

    /**
     * Records a purchase that was paid elsewhere (the demo seed; the checkout issue adds
     * the payment flow in front of it). Enrolls the user in each course.
     */
    async recordCompletedPurchase(
      userId: number,
      lines: { courseId: number; listPrice: Money; purchasePrice: Money }[],
      completedAt: Date,
    ): Promise<number> {
      const currency = lines[0]?.purchasePrice.currency;
      if (!currency) throw new RangeError('An order needs at least one line');
      return repository.insertCompletedOrder({
        userId,
        currency,
        completedAt,
        lines: lines.map((line) => ({
          courseId: line.courseId,
          listPriceAmount: line.listPrice.amount,
          purchasePriceAmount: line.purchasePrice.amount,
        })),
      });
    },

    /**
     * Writes a checkout's order (lines with their price, tax share and coupon) and enrolls
     * the user, inside the fulfilment transaction `within`. Returns the order id and how many
     * enrollments it made (fewer than its lines when the user already owned some).
     */
    recordPurchase(
      within: Database,
      input: {
        userId: number;
        currency: CurrencyCode;
        /** After discounts, before tax and credit. */
        subtotal: number;
        discount: number;
        tax: number;
        credit: number;
        total: number;
        lines: {
          courseId: number;
          listPrice: number;
          price: number;
          tax: number;
          couponCode: string | null;
        }[];
        completedAt: Date;
      },
    ): Promise<{ orderId: number; enrolled: number }> {
      return repository.insertPurchase(within, {
        userId: input.userId,
        currency: input.currency,
        subtotalAmount: input.subtotal,
        discountAmount: input.discount,
        taxAmount: input.tax,
        creditAmount: input.credit,
        totalAmount: input.total,
        source: input.subtotal === 0 ? 'free' : 'purchase',
        completedAt: input.completedAt,
        lines: input.lines.map((line) => ({
          courseId: line.courseId,
          listPriceAmount: line.listPrice,
          purchasePriceAmount: line.price,
          taxAmount: line.tax,
          couponCode: line.couponCode,
        })),
      });
    },

    /** The courses among `courseIds` that the user owns (one query, whatever the number). */
    async enrolledCourseIds(userId: number, courseIds: readonly number[]): Promise<Set<number>> {
      if (courseIds.length === 0) return new Set();
      return new Set(await repository.enrolledAmong(userId, [...new Set(courseIds)]));
    },

    /** A page of the user's enrollments, newest first. */
    async enrollmentsOf(
      userId: number,
      page: { number: number; size: number },
    ): Promise<{ count: number; results: { courseId: number; enrolledAt: Date }[] }> {
      const { count, rows } = await repository.enrollmentsOf(
        userId,
        page.size,
        (page.number - 1) * page.size,
      );
      return { count, results: rows.map((row) => ({ courseId: row.courseId, enrolledAt: row.createdAt })) };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
