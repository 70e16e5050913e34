import { money } from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database.js';
import type { FaultPoints } from '../../platform/faults/fault-points.js';
import { HttpError } from '../../platform/http/http-error.js';
import type { CartsService } from '../carts/carts.service.js';
import type { CouponsService } from '../coupons/coupons.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { OrderPayment, OrdersService } from '../orders/orders.service.js';
import type { GatewayPayment } from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { legacyTaxLines } from '../tax/tax-lines.js';
import { creditNoLongerCovers } from './checkout-answers.js';
import type { FrozenGift } from './checkout-gifts.js';
import type { CheckoutQuote } from './checkout-quote.js';
import {
  OPEN_ATTEMPT_STATUSES,
  type AttemptHold,
  type AttemptRow,
  type createCheckoutRepository,
  type Discrepancy,
} from './checkout.repository.js';

type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

/** Where a provider's word about a payment reached us. */
export type PaymentSource = Discrepancy['source'];

/** The reference of an attempt's use of one coupon, and of its credit. */
export const couponReference = (attemptId: string, code: string) => `${attemptId}:${code}`;
export const creditReference = (attemptId: string) => `checkout:${attemptId}`;
export const couponCodesOf = (quote: CheckoutQuote) =>
  [...new Set(quote.lines.map((line) => line.couponCode))].filter((code) => code !== null);
/** What an attempt holds against the buyer's other attempts: each course it buys. */
export const holdsOf = (quote: CheckoutQuote): AttemptHold[] =>
  quote.lines.map((line) => ({ buyableType: line.buyableType, buyableId: line.courseId }));

const OPEN: ReadonlySet<string> = new Set(OPEN_ATTEMPT_STATUSES);

/** How the order was paid: the provider's method (and card) when it charged, else credit or nothing. */
function orderPaymentOf(row: AttemptRow, payment: GatewayPayment | null): OrderPayment {
  const card = payment?.paymentMethod?.card ?? null;
  const type = payment
    ? (payment.paymentMethod?.type ?? row.methodType)
    : row.quote.isFree
      ? 'free'
      : 'account_credit';
  return {
    type,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    gatewayPaymentId: payment?.id ?? row.gatewayPaymentId,
    attemptId: row.id,
  };
}

/** An order's gift lines, each with the recipient frozen at submit. */
export interface GiftsBought {
  orderId: number;
  buyerId: number;
  lines: (CheckoutQuote['lines'][number] & { gift: FrozenGift })[];
}

/** What the locked part of fulfilment decided: done (or nothing to do), or a provider object to refuse. */
type LockedOutcome =
  { done: AttemptRow | null } | { mismatched: AttemptRow; differences: Discrepancy['differences'] };

/** Why a paid attempt cannot become an order: the whole fulfilment is rolled back. */
class Unfulfillable extends Error {
  constructor(readonly reason: 'already_owned' | 'insufficient_credit' | 'held_elsewhere') {
    super(reason);
  }
}

/**
 * What an attempt consumes and how it ends (design §4): its reservations (courses held
 * against the buyer's other attempts, credit, coupon uses) taken with the attempt and given
 * back when it fails; the exactly-once fulfilment; the provider's object checked against the
 * attempt; and the automatic refund of a charge that cannot become an order.
 */
export function createCheckoutFulfilment(deps: {
  repository: CheckoutRepository;
  carts: CartsService;
  coupons: CouponsService;
  credit: CreditService;
  orders: OrdersService;
  payments: PaymentsService;
  log: FastifyBaseLogger;
  now: () => Date;
  faults: FaultPoints;
  /** Told inside the fulfilment transaction of each new order (its invoice is queued there). */
  onOrderRecorded?: (tx: Database, orderId: number) => Promise<void>;
  /** Told inside the fulfilment transaction of an order with gift lines: the gifts are made there. */
  onGiftsBought?: (tx: Database, order: GiftsBought) => Promise<void>;
}) {
  const { repository, carts, coupons, credit, orders, payments, log, now, faults } = deps;
  const gateway = payments.gateway;

  /**
   * Takes an attempt's credit and coupon uses inside its creating transaction; a refusal
   * throws (409 with the reason) and rolls the attempt back, so nothing is stored.
   */
  async function reserve(row: AttemptRow, tx: Database, couponTtlMs: number): Promise<void> {
    const quote = row.quote;
    if (quote.creditUsed > 0) {
      const used = money(quote.creditUsed, quote.currency);
      try {
        await credit.reserve(row.userId, used, creditReference(row.id), tx);
      } catch (error) {
        if (!(error instanceof HttpError) || error.code !== 'insufficient_credit') throw error;
        // Another checkout took the credit after this one was priced.
        throw creditNoLongerCovers(used);
      }
    }
    for (const code of couponCodesOf(quote)) {
      const reserved = await coupons.reserve(
        code,
        row.userId,
        couponReference(row.id, code),
        couponTtlMs,
        tx,
      );
      if (!reserved.ok) throw new HttpError(409, 'coupon_unavailable', reserved.detail);
    }
  }

  /** Gives back everything the attempt held; idempotent. */
  async function release(row: AttemptRow): Promise<void> {
    await Promise.all([
      repository.releaseHolds(row.id),
      credit.releaseReservation(creditReference(row.id)),
      ...couponCodesOf(row.quote).map((code) => coupons.release(couponReference(row.id, code))),
    ]);
  }

  /** How the provider's payment differs from what the attempt charges (empty: it matches). */
  function differencesOf(
    row: AttemptRow,
    payment: GatewayPayment,
    /** The buyer's provider customer, when the payment names one. */
    customer: string | null,
  ): Discrepancy['differences'] {
    const differences: Discrepancy['differences'] = [];
    const differ = (field: string, expected: string, actual: string) => {
      if (expected !== actual) differences.push({ field, expected, actual });
    };
    if (row.gatewayPaymentId) differ('id', row.gatewayPaymentId, payment.id);
    const named = payment.metadata.payment_attempt_id;
    if (named !== undefined) differ('metadata.payment_attempt_id', row.id, named);
    differ('amount', String(row.amount), String(payment.amount.amount));
    differ('currency', row.currency.toUpperCase(), payment.amount.currency.toUpperCase());
    if (payment.status === 'succeeded')
      differ('amount_received', String(row.amount), String(payment.amountReceived));
    if (payment.customerId !== null) differ('customer', customer ?? '(none)', payment.customerId);
    return differences;
  }

  /**
   * A payment that does not match its attempt is never fulfilled. When it is this attempt's
   * own charge, it is refunded and the attempt fails; a foreign payment naming the attempt is
   * only recorded. Either way an operator finds it in `payment_discrepancies`.
   */
  async function refuseMismatch(
    row: AttemptRow,
    payment: GatewayPayment,
    differences: Discrepancy['differences'],
    source: PaymentSource,
  ): Promise<AttemptRow> {
    const own = row.gatewayPaymentId === null || row.gatewayPaymentId === payment.id;
    const refundable = own && payment.status === 'succeeded' && payment.amountReceived > 0;
    log.error(
      { attempt: row.id, payment: payment.id, differences, source },
      'payment does not match its attempt',
    );
    let ended = row;
    if (refundable) {
      ended = await refund(row, payment, 'payment_mismatch');
    } else if (own && OPEN.has(row.status)) {
      ended = (await fail(row, 'payment_mismatch', { gatewayPaymentId: payment.id })) ?? row;
    }
    await repository.recordDiscrepancy({
      attemptId: row.id,
      gatewayPaymentId: payment.id,
      source,
      differences,
      action: refundable ? 'refunded' : own ? 'failed' : 'ignored',
    });
    return ended;
  }

  /** Refunds a charge that cannot become an order and ends the attempt saying so. */
  async function refund(
    row: AttemptRow,
    payment: GatewayPayment,
    errorCode: 'payment_refunded' | 'payment_mismatch',
    reason: 'duplicate' | null = null,
  ): Promise<AttemptRow> {
    const refunded = await gateway.refund(
      {
        paymentId: payment.id,
        ...(reason ? { reason } : {}),
        metadata: { payment_attempt_id: row.id },
      },
      { idempotencyKey: `checkout:${row.id}:refund` },
    );
    const ended =
      (await repository.transition(row.id, [...OPEN_ATTEMPT_STATUSES, 'failed', 'canceled'], {
        status: 'failed',
        errorCode,
        gatewayPaymentId: payment.id,
        gatewayRefundId: refunded.id,
      })) ?? row;
    await release(ended);
    log.warn({ attempt: row.id, payment: payment.id, refund: refunded.id, errorCode }, 'charge refunded');
    return ended;
  }

  /**
   * Ends an open attempt as failed (or canceled) and gives back what it held; null when it
   * had already ended (another request, the webhook or reconciliation was first).
   */
  async function fail(
    row: AttemptRow,
    errorCode: string,
    extra: { gatewayPaymentId?: string | null; status?: 'failed' | 'canceled' } = {},
  ): Promise<AttemptRow | null> {
    const failed = await repository.transition(row.id, [...OPEN_ATTEMPT_STATUSES], {
      status: extra.status ?? 'failed',
      errorCode,
      ...(extra.gatewayPaymentId ? { gatewayPaymentId: extra.gatewayPaymentId } : {}),
    });
    if (failed) await release(failed);
    return failed;
  }

  /**
   * Fulfilment, exactly once (design §4): under the attempt's row lock, in one transaction,
   * the order with its lines and enrollments, the credit spend, the coupon uses, the bought
   * courses off the cart, and the attempt marked succeeded with its order. A second call
   * finds the order and does nothing. `payment` is the provider's succeeded payment (null
   * for free and full-credit orders): it must match the attempt. A paid attempt that cannot
   * become an order (the course is owned meanwhile, its credit is gone after it had expired)
   * is refunded in full and fails with `payment_refunded`.
   */
  async function fulfil(
    attempt: AttemptRow,
    payment: GatewayPayment | null,
    source: PaymentSource,
  ): Promise<AttemptRow | null> {
    // Read before the lock (no other read runs inside it): an attempt's buyer never changes.
    const customer = payment?.customerId ? await payments.customerOf(attempt.userId) : null;
    try {
      const outcome = await repository.withAttemptLock(
        attempt.id,
        async (row, tx): Promise<LockedOutcome> => {
          if (!row || row.orderId !== null || row.gatewayRefundId !== null) {
            // A webhook's payment names only its method: whoever comes later with the card completes the order.
            const card = payment?.paymentMethod?.card;
            if (row?.orderId && card) await orders.fillOrderCard(tx, row.orderId, card);
            return { done: row };
          }
          // The provider's object is checked against the attempt as it stands under the lock.
          const differences = payment ? differencesOf(row, payment, customer) : [];
          if (differences.length > 0) return { mismatched: row, differences };
          const quote = row.quote;
          // An attempt that had ended gave its holds back: a late success takes them again.
          if (!OPEN.has(row.status) && !(await repository.retakeHolds(tx, row, holdsOf(quote)))) {
            throw new Unfulfillable('held_elsewhere');
          }
          const { orderId, enrolled } = await orders.recordPurchase(tx, {
            userId: row.userId,
            currency: quote.currency,
            subtotal: quote.subtotal,
            discount: quote.discount,
            tax: quote.tax,
            credit: quote.creditUsed,
            total: quote.total,
            country: quote.country,
            taxRate: quote.taxRate,
            taxMode: quote.taxMode,
            // Attempts priced before tax lines existed have none: their single rate is one line.
            taxLines: quote.taxLines ?? legacyTaxLines(quote.tax, quote.taxRate, quote.country),
            taxNote: quote.taxNote ?? null,
            taxNumber: quote.taxNumber ?? null,
            payment: orderPaymentOf(row, payment),
            lines: quote.lines,
            completedAt: now(),
          });
          const courseLines = quote.lines.filter((line) => line.buyableType !== 'gift');
          if (enrolled < courseLines.length) throw new Unfulfillable('already_owned');
          await deps.onOrderRecorded?.(tx, orderId);
          const giftLines = quote.lines.filter((line) => line.buyableType === 'gift');
          if (giftLines.length > 0) {
            if (!deps.onGiftsBought || giftLines.some((line) => !line.gift)) {
              throw new Error(`attempt ${row.id} has gift lines and nothing to make the gifts with`);
            }
            await deps.onGiftsBought(tx, {
              orderId,
              buyerId: row.userId,
              lines: giftLines as GiftsBought['lines'],
            });
            // A gift is not owned: the buyer may give the same course again.
            await repository.releaseHoldsOf(tx, row.id, 'gift');
          }
          if (quote.creditUsed > 0) {
            try {
              await credit.consumeReservation(
                creditReference(row.id),
                {
                  userId: row.userId,
                  amount: money(quote.creditUsed, quote.currency),
                  reason: `Order #${orderId}`,
                  orderId,
                },
                tx,
              );
            } catch (error) {
              if (error instanceof HttpError && error.code === 'insufficient_credit') {
                throw new Unfulfillable('insufficient_credit');
              }
              throw error;
            }
          }
          for (const code of couponCodesOf(quote)) {
            // The buyer paid the discounted price: a use that lapsed meanwhile is still honoured.
            const consumed = await coupons.consume(couponReference(row.id, code), tx);
            if (!consumed.ok)
              log.warn({ attempt: row.id, code, status: consumed.status }, 'coupon use not consumed');
          }
          await carts.removePurchased(
            tx,
            row.userId,
            quote.lines.map((line) => ({ buyableType: line.buyableType, courseId: line.courseId })),
          );
          const done = await repository.markFulfilled(
            tx,
            row.id,
            orderId,
            payment?.id ?? row.gatewayPaymentId,
            payment?.customerId ?? null,
          );
          faults.reach('checkout.before_fulfil_commit');
          return { done };
        },
      );
      if ('done' in outcome) return outcome.done;
      // Refunded (a provider call) only once the lock is released.
      return await refuseMismatch(outcome.mismatched, payment!, outcome.differences, source);
    } catch (error) {
      if (!(error instanceof Unfulfillable)) throw error;
      const row = await repository.find(attempt.id);
      if (!row) return null;
      log.warn({ attempt: attempt.id, reason: error.reason }, 'paid attempt cannot become an order');
      if (payment) {
        return refund(
          row,
          payment,
          'payment_refunded',
          error.reason === 'insufficient_credit' ? null : 'duplicate',
        );
      }
      const code = error.reason === 'insufficient_credit' ? 'insufficient_credit' : 'already_owned';
      return (await fail(row, code)) ?? row;
    }
  }

  return { reserve, release, fail, fulfil };
}

export type CheckoutFulfilment = ReturnType<typeof createCheckoutFulfilment>;
