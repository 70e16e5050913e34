import {
  isCurrencyCode,
  purchasePaymentLabel,
  type BuyableType,
  type CurrencyCode,
  type Money,
} from '@lectern/domain';
import type { Database } from '../../platform/db/database.js';
import { legacyTaxLines, type TaxLine } from '../tax/tax-lines.js';
import type { ReadPart } from '../../platform/db/combined-read.js';
import {
  createOrdersRepository,
  enrolledAmongRead,
  purchaseSummaryRead,
  type OrderLineRow,
  type OrderRow,
} from './orders.repository.js';

export interface PurchaseSummary {
  hasMadePaidPurchase: boolean;
  numberOfCoursesPurchased: number;
}

/** How an order was paid, kept on it (purchase history, documents, refunds). */
export interface OrderPayment {
  /** A provider method type (`card`, `ideal`, …), `account_credit` or `free`. */
  type: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The provider's payment, which refunds go back through (null: nothing was charged). */
  gatewayPaymentId: string | null;
  /** The checkout attempt that made it. */
  attemptId: string | null;
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
     * Completes the card of an order recorded from a provider object that named only the
     * method (a webhook's): the answer path, which has the card, fills it in within `within`.
     */
    fillOrderCard(within: Database, orderId: number, card: { brand: string; last4: string }) {
      return repository.fillCard(within, orderId, card);
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
        country: string;
        taxRate: number;
        taxMode: string;
        taxLines: TaxLine[];
        taxNote: string | null;
        taxNumber: string | null;
        payment: OrderPayment;
        lines: {
          courseId: number;
          /** A gift line enrolls nobody now: its recipient redeems it (modules/gifts). */
          buyableType: BuyableType;
          listPrice: number;
          price: number;
          tax: number;
          couponCode: string | null;
        }[];
        completedAt: Date;
      },
    ): Promise<{ orderId: number; enrolled: number }> {
      const lineTypeOf = (type: BuyableType) => {
        if (type === 'license') throw new RangeError('A license is not sold at the course checkout');
        return type;
      };
      return repository.insertPurchase(within, {
        userId: input.userId,
        currency: input.currency,
        subtotalAmount: input.subtotal,
        discountAmount: input.discount,
        taxAmount: input.tax,
        creditAmount: input.credit,
        totalAmount: input.total,
        country: input.country,
        taxRate: input.taxRate,
        taxMode: input.taxMode,
        taxLines: input.taxLines,
        taxNote: input.taxNote,
        taxNumber: input.taxNumber,
        payment: input.payment,
        source: input.subtotal === 0 ? 'free' : 'purchase',
        completedAt: input.completedAt,
        lines: input.lines.map((line) => ({
          courseId: line.courseId,
          buyableType: lineTypeOf(line.buyableType),
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

    /** A page of the user's completed orders, newest first, each with its lines. */
    async ordersOf(
      userId: number,
      page: { number: number; size: number },
    ): Promise<{ count: number; results: Order[] }> {
      const { count, rows, lines } = await repository.ordersOf(
        userId,
        page.size,
        (page.number - 1) * page.size,
      );
      return {
        count,
        results: rows.map((row) =>
          orderOf(
            row,
            lines.filter((line) => line.orderId === row.id),
          ),
        ),
      };
    },

    /** One order with its lines; with `userId`, only that buyer's (else null). */
    async order(orderId: number, userId: number | null, within?: Database): Promise<Order | null> {
      const found = await repository.orderWithLines(orderId, userId, within);
      return found ? orderOf(found.order, found.lines) : null;
    },

    /** The order of one of the user's bought courses (an order line); null when it is not theirs. */
    orderIdOfLine: (lineId: number, userId: number) => repository.orderIdOfLine(lineId, userId),

    /** Inside the caller's transaction: the learner loses the course bought in that order. */
    revokeEnrollment: (within: Database, userId: number, courseId: number, orderId: number) =>
      repository.revokeEnrollment(within, userId, courseId, orderId),

    /** Inside the caller's transaction: a gift's recipient gets its course (false: they own it already). */
    enrollGift: (within: Database, userId: number, courseId: number, orderId: number, at: Date) =>
      repository.enrollGift(within, userId, courseId, orderId, at),

    /** Inside the caller's transaction: the learner gets the course of that order back. */
    restoreEnrollment: (within: Database, userId: number, courseId: number, orderId: number, at: Date) =>
      repository.restoreEnrollment(within, userId, courseId, orderId, at),
  };
}

/** A completed order as other features read it; amounts in minor units of `currency`. */
export interface Order {
  id: number;
  userId: number;
  currency: CurrencyCode;
  subtotal: number;
  discount: number;
  tax: number;
  credit: number;
  /** What the provider charged. */
  total: number;
  country: string | null;
  taxRatePercent: number;
  /** Tax added on top of the prices (else contained in them). */
  taxAddedOnTop: boolean;
  /** The taxes that make up `tax` (one line of the single rate for orders from before tax lines). */
  taxLines: TaxLine[];
  /** A business sale's reverse-charge note; else null. */
  taxNote: string | null;
  /** The business buyer's VAT/GST number; else null. */
  taxNumber: string | null;
  payment: OrderPayment;
  /** How it was paid, as shown: "Visa ****4242", "iDEAL", "Account credit". */
  paymentLabel: string;
  completedAt: Date;
  lines: {
    id: number;
    courseId: number;
    /** `course`, or `gift`: bought for someone else (the buyer does not learn it). */
    buyableType: BuyableType;
    listPrice: number;
    price: number;
    tax: number;
    couponCode: string | null;
  }[];
}

function orderOf(row: OrderRow, lines: OrderLineRow[]): Order {
  const taxMode =
    row.taxMode ??
    (row.totalAmount + row.creditAmount > row.subtotalAmount ? 'tax_exclusive' : 'tax_inclusive');
  const payment: OrderPayment = {
    type:
      row.paymentType ?? (row.totalAmount > 0 ? 'card' : row.creditAmount > 0 ? 'account_credit' : 'free'),
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    gatewayPaymentId: row.gatewayPaymentId,
    attemptId: row.attemptId,
  };
  return {
    id: row.id,
    userId: row.userId,
    currency: isCurrencyCode(row.currency) ? row.currency : 'USD',
    subtotal: row.subtotalAmount,
    discount: row.discountAmount,
    tax: row.taxAmount,
    credit: row.creditAmount,
    total: row.totalAmount,
    country: row.country,
    taxRatePercent: Number(row.taxRate ?? 0),
    taxAddedOnTop: taxMode === 'tax_exclusive',
    taxLines: row.taxLines ?? legacyTaxLines(row.taxAmount, Number(row.taxRate ?? 0), row.country),
    taxNote: row.taxNote,
    taxNumber: row.taxNumber,
    payment,
    paymentLabel: purchasePaymentLabel({
      type: payment.type,
      brand: payment.cardBrand,
      last4: payment.cardLast4,
    }),
    completedAt: row.completedAt ?? row.createdAt,
    lines: lines.map((line) => ({
      id: line.id,
      courseId: line.courseId,
      buyableType: line.buyableType,
      listPrice: line.listPriceAmount,
      price: line.purchasePriceAmount,
      tax: line.taxAmount,
      couponCode: line.couponCode,
    })),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
