import {
  couponUseReleased,
  linePaidAmount,
  money,
  PAGE_ROUTES,
  REFUND_REFUSAL_MESSAGES,
  refundDeadline,
  refundRefusalOf,
  refundSplitsOf,
  STAFF_REFUND_MESSAGES,
  STAFF_REFUND_REASON_CODE,
  STAFF_REFUND_REFUSAL_MESSAGES,
  staffRefundLines,
  type CurrencyCode,
  type Money,
  type RefundReason,
  type RefundRefusal,
  type RefundSplit,
} from '@lectern/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database } from '../../platform/db/database.js';
import { HttpError, notFound, validationError } from '../../platform/http/http-error.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { RefundedPurchases } from '../checkout/refunded-purchases.js';
import type { CreditService } from '../credit/credit.service.js';
import type { GiftsService } from '../gifts/gifts.service.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { Order, OrdersService } from '../orders/orders.service.js';
import { GatewayError, type GatewayRefund, type PaymentGateway } from '../payments/payment-gateway.js';
import type { UsersService } from '../users/users.service.js';
import { createRefundsRepository, type RefundRow } from './refunds.repository.js';
import { refundProviderKeyOf, refundSubmitJobKeyOf, REFUND_SUBMIT_JOB_KIND } from './refund-keys.js';

export type { RefundRow } from './refunds.repository.js';
export { refundProviderKeyOf, refundSubmitJobKeyOf, REFUND_SUBMIT_JOB_KIND } from './refund-keys.js';

/** Advisory-lock space of an order's refunds (what is still kept decides a code's use). */
const ORDER_REFUNDS_LOCK_SPACE = 7_314;
/** The queued submit runs this long after the request, in case the request's own try was lost. */
const SAFETY_NET_DELAY_MS = 30_000;
/** Provider errors that will not change on a retry: the refund fails and the course comes back. */
const FINAL_GATEWAY_ERRORS = new Set(['invalid_request', 'not_found', 'card_declined']);

/** A bought course as a refund sees it: its order, its line and its share of what was paid. */
export interface RefundableLine {
  order: Order;
  line: Order['lines'][number];
  paid: number;
  split: RefundSplit;
  refusal: RefundRefusal | null;
  deadline: Date;
  providerLabel: string;
}

/**
 * Course refunds (issue 16): a buyer asks for one bought course back within the refund
 * window; the course is taken away at once and the money goes back where it came from —
 * through the provider to the original method, credit to credit — exactly once, whatever
 * retries, crashes and provider webhooks happen. The provider call runs outside any
 * transaction, under an idempotency key that names the refund, from a keyed job that is
 * retried with back-off until the provider answers.
 */
export function createRefundsService(deps: {
  db: Database;
  orders: OrdersService;
  credit: CreditService;
  refundedPurchases: RefundedPurchases;
  gateway: PaymentGateway;
  queue: JobQueue;
  clock: Clock;
  mail: MailOutbox;
  users: UsersService;
  courseTitles: (courseIds: number[]) => Promise<Map<number, string>>;
  /** A gift line's refund voids its gift instead of taking a course away. */
  gifts: GiftsService;
  log: FastifyBaseLogger;
  /** Told inside the transaction that completes a refund (its credit note is queued there). */
  onRefunded?: (tx: Database, refundId: number) => Promise<void>;
}) {
  const { db, orders, credit, refundedPurchases, gateway, queue, clock, mail, users, gifts, log } = deps;
  const repository = createRefundsRepository(db);

  const submitJobs = queue.define<{ refundId: number }>({
    kind: REFUND_SUBMIT_JOB_KIND,
    run: ({ refundId }) => submit(refundId),
    // The provider may be down for a while: keep trying for about a day.
    maxAttempts: 12,
  });

  /** One of the user's bought courses with what a refund of it would be; null when it is not theirs. */
  async function refundableLine(
    userId: number,
    lineId: number,
    /** Inside a transaction: the line's order, found before it (PGlite runs one statement at a time). */
    within?: { tx: Database; orderId: number },
  ): Promise<RefundableLine | null> {
    const orderId = within ? within.orderId : await orders.orderIdOfLine(lineId, userId);
    if (orderId === null) return null;
    const executor = within?.tx ?? db;
    const order = await orders.order(orderId, userId, executor);
    const refunds = await repository.ofOrder(executor, orderId);
    if (!order) return null;
    const requested = new Set(refunds.map((refund) => refund.orderLineId));
    const redeemed = await redeemedGiftLines(order, executor);
    return (
      refundableLinesOf(order, requested, clock.now(), redeemed).find((line) => line.line.id === lineId) ??
      null
    );
  }

  /** The order's gift lines whose gift its recipient has redeemed. */
  async function redeemedGiftLines(order: Order, executor: Database): Promise<Set<number>> {
    const giftLines = order.lines.filter((line) => line.buyableType === 'gift').map((line) => line.id);
    if (giftLines.length === 0) return new Set();
    const found = await gifts.ofLines(giftLines, executor);
    return new Set(
      [...found.values()].filter((gift) => gift.status === 'redeemed').map((gift) => gift.lineId),
    );
  }

  /** Asks the provider for the refund, once; a refund with no provider part completes at once. */
  async function submit(refundId: number): Promise<void> {
    const row = await repository.find(refundId);
    if (!row || row.status !== 'pending') return;
    if (row.providerAmount === 0) {
      await complete(row.id, null);
      return;
    }
    const order = await orders.order(row.orderId, row.userId);
    const paymentId = order?.payment.gatewayPaymentId;
    if (!paymentId) {
      await fail(
        row.id,
        'payment_not_found',
        'the original payment could not be found at the payment provider.',
      );
      return;
    }
    let refunded: GatewayRefund;
    try {
      refunded = await gateway.refund(
        {
          paymentId,
          amount: money(row.providerAmount, row.currency as CurrencyCode),
          reason: 'requested_by_customer',
          metadata: { course_refund_id: String(row.id), order_id: String(row.orderId) },
        },
        // One key per round: a retried job asks again under it, so the provider refunds once.
        { idempotencyKey: refundProviderKeyOf(row) },
      );
    } catch (error) {
      if (error instanceof GatewayError && FINAL_GATEWAY_ERRORS.has(error.kind)) {
        await fail(
          row.id,
          error.details.code ?? error.kind,
          `the payment provider refused it (${error.message})`,
        );
        return;
      }
      throw error; // unknown outcome: the job retries with the same idempotency key
    }
    await settle(row.id, refunded);
  }

  /** Applies the provider's word on a refund (its answer or its webhook). */
  async function settle(refundId: number, refunded: GatewayRefund): Promise<void> {
    if (refunded.status === 'succeeded') await complete(refundId, refunded.id);
    else if (refunded.status === 'pending') await repository.setGatewayRefund(refundId, refunded.id);
    else
      await fail(refundId, `refund_${refunded.status}`, 'the payment provider could not return the money.');
  }

  /**
   * Done: in one transaction the refund is marked refunded (the claim), the credit part goes
   * back to account credit, the checkout's hold on the course and — once nothing bought with
   * it is kept — the code's use are given back, and the buyer is told.
   */
  async function complete(refundId: number, gatewayRefundId: string | null): Promise<void> {
    const told = await recipientOf(refundId);
    await db.transaction(async (tx) => {
      const pending = await repository.find(refundId, tx);
      if (!pending || pending.status !== 'pending') return;
      await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_REFUNDS_LOCK_SPACE}, ${pending.orderId})`);
      const done = await repository.transition(tx, refundId, 'pending', {
        status: 'refunded',
        gatewayRefundId,
        completedAt: clock.now(),
      });
      if (!done) return;
      const currency = done.currency as CurrencyCode;
      if (done.creditAmount > 0) {
        await credit.refund(
          done.userId,
          money(done.creditAmount, currency),
          `Refund of order #${done.orderId}`,
          done.orderId,
          tx,
        );
      }
      const order = await orders.order(done.orderId, null, tx);
      const refunds = await repository.ofOrder(tx, done.orderId);
      if (order?.payment.attemptId) {
        const refunded = new Set(refunds.filter((r) => r.status === 'refunded').map((r) => r.orderLineId));
        const code = order.lines.find((line) => line.id === done.orderLineId)?.couponCode ?? null;
        const withCode = order.lines.filter((line) => code !== null && line.couponCode === code);
        const line = order.lines.find((candidate) => candidate.id === done.orderLineId);
        await refundedPurchases.release(tx, {
          attemptId: order.payment.attemptId,
          buyableType: line?.buyableType ?? 'course',
          courseId: done.courseId,
          codesToReturn:
            code !== null && couponUseReleased(withCode.map((line) => ({ refunded: refunded.has(line.id) })))
              ? [code]
              : [],
        });
      }
      await deps.onRefunded?.(tx, done.id);
      if (told) await tell(tx, done, told, 'refund_completed');
    });
  }

  /** Failed for good: the buyer gets the course back and is told why; nothing else changed. */
  async function fail(refundId: number, code: string, message: string): Promise<void> {
    const told = await recipientOf(refundId);
    await db.transaction(async (tx) => {
      const failed = await repository.transition(tx, refundId, 'pending', {
        status: 'failed',
        failureCode: code.slice(0, 64),
        failureMessage: message,
        completedAt: clock.now(),
      });
      if (!failed) return;
      // A gift's line gets its gift back; a course's, the course.
      if (!(await gifts.restoreAfterFailedRefund(tx, failed.orderLineId))) {
        await orders.restoreEnrollment(tx, failed.userId, failed.courseId, failed.orderId, clock.now());
      }
      if (told) await tell(tx, failed, told, 'refund_failed');
    });
    log.warn({ refund: refundId, code }, 'course refund failed');
  }

  /** Who a refund's mail goes to and what it names, read before its transaction (reads inside wait on PGlite). */
  async function recipientOf(refundId: number) {
    const row = await repository.find(refundId);
    if (!row) return null;
    const [buyer, titles] = await Promise.all([
      users.findById(row.userId),
      deps.courseTitles([row.courseId]),
    ]);
    return buyer ? { buyer, courseTitle: titles.get(row.courseId) ?? `Course #${row.courseId}` } : null;
  }

  async function tell(
    tx: Database,
    row: RefundRow,
    { buyer, courseTitle }: NonNullable<Awaited<ReturnType<typeof recipientOf>>>,
    kind: 'refund_completed' | 'refund_failed',
  ) {
    const currency = row.currency as CurrencyCode;
    const historyUrl = `${PAGE_ROUTES.purchaseHistory}?tab=refunds`;
    await mail.enqueue(tx, {
      to: buyer.email,
      locale: buyer.locale,
      timeZone: buyer.timeZone ?? undefined,
      // A staff retry's outcome is told again (the first round's mail is kept once).
      dedupeKey: row.retries > 0 ? `${kind}:${row.id}:retry-${row.retries}` : `${kind}:${row.id}`,
      content:
        kind === 'refund_completed'
          ? {
              kind,
              courseTitle,
              amount: money(row.amount, currency),
              destinations: destinationsOf(row).map((part) => ({
                label: part.label,
                amount: money(part.amount, currency),
              })),
              historyUrl,
            }
          : {
              kind,
              courseTitle,
              amount: money(row.amount, currency),
              reason: row.failureMessage ?? 'the payment provider could not return the money.',
              historyUrl,
            },
    });
  }

  return {
    refundableLine,

    /**
     * Asks for a refund of one bought course: refused (409, nothing stored) outside the
     * window, for a second request or when nothing was paid; else stored as pending with the
     * course taken away and the provider asked at once (a failure there is retried by the
     * job, never lost). Another user's purchase is a 404.
     */
    async request(
      userId: number,
      lineId: number,
      input: { reason: RefundReason; comment: string | null },
    ): Promise<RefundRow> {
      const orderId = await orders.orderIdOfLine(lineId, userId);
      if (orderId === null) throw notFound('There is no such purchase.');
      const created = await db.transaction(async (tx) => {
        const refundable = await refundableLine(userId, lineId, { tx, orderId });
        if (!refundable) throw notFound('There is no such purchase.');
        if (refundable.refusal) {
          throw new HttpError(409, refundable.refusal, REFUND_REFUSAL_MESSAGES[refundable.refusal]);
        }
        const { order, line, split } = refundable;
        const row = await repository.insert(tx, {
          userId,
          orderId: order.id,
          orderLineId: line.id,
          courseId: line.courseId,
          currency: order.currency,
          amount: split.provider + split.credit,
          providerAmount: split.provider,
          creditAmount: split.credit,
          providerLabel: split.provider > 0 ? refundable.providerLabel.slice(0, 64) : null,
          reason: input.reason,
          comment: input.comment,
          requestedAt: clock.now(),
        });
        // A concurrent request for the same line won.
        if (!row) throw new HttpError(409, 'already_refunded', REFUND_REFUSAL_MESSAGES.already_refunded);
        if (line.buyableType === 'gift') {
          // Redeemed between the check above and now: it is the recipient's.
          if (!(await gifts.voidForRefund(tx, line.id))) {
            throw new HttpError(409, 'gift_redeemed', REFUND_REFUSAL_MESSAGES.gift_redeemed);
          }
        } else {
          await orders.revokeEnrollment(tx, userId, line.courseId, order.id);
        }
        await submitJobs.enqueue(
          tx,
          refundSubmitJobKeyOf(row),
          { refundId: row.id },
          new Date(clock.now().getTime() + SAFETY_NET_DELAY_MS),
        );
        return row;
      });
      // Try now, so the buyer usually sees it refunded; the queued job is the safety net.
      await submit(created.id).catch((error: unknown) =>
        log.warn({ err: error, refund: created.id }, 'refund not submitted yet; the job retries it'),
      );
      return (await repository.find(created.id)) ?? created;
    },

    /**
     * A refund made by staff in the back office (issue 32): the whole order (`'all'`: every line
     * still refundable) or the chosen lines, by the same rule as the buyer's own refund — one
     * refund per line (the unique index on the line decides a race), the course taken away or
     * the gift voided at once, the money back where it came from through the same submit job
     * and provider idempotency key — with the staff member and their reason stored on each.
     * Staff may pass over the 30-day window (`allowOutsideWindow`), nothing else: a line
     * already refunded, free, or whose gift was redeemed is refused (409, nothing stored).
     * `authorize` sees the refund's total before anything is stored (the support limit) and
     * `onRequested` runs for each stored refund in the same transaction (the audit log).
     */
    async staffRefund(input: {
      orderId: number;
      staffId: number;
      lineIds: readonly number[] | 'all';
      reason: string;
      allowOutsideWindow: boolean;
      authorize?: (total: Money) => void | Promise<void>;
      onRequested?: (
        tx: Database,
        row: RefundRow,
        line: RefundableLine & { outsideWindow: boolean },
      ) => Promise<void>;
    }): Promise<RefundRow[]> {
      if (!(await orders.order(input.orderId, null))) throw notFound('There is no such order.');
      const created = await db.transaction(async (tx) => {
        // Two staff refunds of one order wait for each other: the second sees the first's lines.
        await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_REFUNDS_LOCK_SPACE}, ${input.orderId})`);
        const order = await orders.order(input.orderId, null, tx);
        if (!order) throw notFound('There is no such order.');
        const requested = new Set(
          (await repository.ofOrder(tx, order.id)).map((refund) => refund.orderLineId),
        );
        const lines = refundableLinesOf(order, requested, clock.now(), await redeemedGiftLines(order, tx));
        const chosen = staffRefundLines(
          lines.map((line) => ({ lineId: line.line.id, refusal: line.refusal })),
          input.lineIds,
          input.allowOutsideWindow,
        );
        if ('refusal' in chosen) {
          if (chosen.refusal === 'unknown_line') {
            throw validationError({ line_ids: [STAFF_REFUND_MESSAGES.unknown_line] });
          }
          throw new HttpError(409, chosen.refusal, STAFF_REFUND_REFUSAL_MESSAGES[chosen.refusal]);
        }
        const taken = lines.filter((line) => chosen.lineIds.includes(line.line.id));
        const total = taken.reduce((sum, line) => sum + line.split.provider + line.split.credit, 0);
        await input.authorize?.(money(total, order.currency));
        const rows: RefundRow[] = [];
        for (const refundable of taken) {
          const { line, split } = refundable;
          const row = await repository.insert(tx, {
            userId: order.userId,
            orderId: order.id,
            orderLineId: line.id,
            courseId: line.courseId,
            currency: order.currency,
            amount: split.provider + split.credit,
            providerAmount: split.provider,
            creditAmount: split.credit,
            providerLabel: split.provider > 0 ? refundable.providerLabel.slice(0, 64) : null,
            reason: STAFF_REFUND_REASON_CODE,
            comment: input.reason,
            staffId: input.staffId,
            requestedAt: clock.now(),
          });
          // The buyer's own request for the same line won meanwhile: nothing of this one is kept.
          if (!row)
            throw new HttpError(409, 'already_refunded', STAFF_REFUND_REFUSAL_MESSAGES.already_refunded);
          if (line.buyableType === 'gift') {
            if (!(await gifts.voidForRefund(tx, line.id))) {
              throw new HttpError(409, 'gift_redeemed', STAFF_REFUND_REFUSAL_MESSAGES.gift_redeemed);
            }
          } else {
            await orders.revokeEnrollment(tx, order.userId, line.courseId, order.id);
          }
          await submitJobs.enqueue(
            tx,
            refundSubmitJobKeyOf(row),
            { refundId: row.id },
            new Date(clock.now().getTime() + SAFETY_NET_DELAY_MS),
          );
          await input.onRequested?.(tx, row, {
            ...refundable,
            outsideWindow: refundable.refusal === 'refund_window_closed',
          });
          rows.push(row);
        }
        return rows;
      });
      // As the buyer's: tried now, one after the other; the queued jobs are the safety net.
      for (const row of created) {
        await submit(row.id).catch((error: unknown) =>
          log.warn({ err: error, refund: row.id }, 'refund not submitted yet; the job retries it'),
        );
      }
      return Promise.all(created.map(async (row) => (await repository.find(row.id)) ?? row));
    },

    /**
     * A staff retry of a refund (issue 32). What it does depends on where the refund stands:
     *
     * - `failed` (the provider refused it for good; the buyer got the course back): re-opened as
     *   pending — failure cleared, the course taken away again (a gift voided again; refused
     *   with 409 `gift_redeemed` if its recipient redeemed it meanwhile) — and sent again under a
     *   NEW provider idempotency key (`course-refund:<id>:retry-<n>`), since the old key would
     *   only replay the refusal. The 30-day window is not checked again: the refund was granted.
     * - `pending` whose submit job ran out of attempts (its outcome unknown, e.g. the provider
     *   was down for a day): a new submit job under the SAME provider key, so a refund the
     *   provider did make is answered again instead of made twice.
     * - `pending` whose job is still queued or running: 409 `refund_in_progress`; `refunded`:
     *   409 `already_refunded`.
     *
     * Each retry counts (`retries`) and gets its own job (`refund:<id>:retry-<n>`), tried at once
     * and kept as the safety net; the claim is a compare-and-set on the refund's state, so two
     * staff retrying at once make one retry (the other gets 409). `onRetried` runs in the same
     * transaction (the audit log).
     */
    async retry(
      refundId: number,
      input: {
        onRetried?: (tx: Database, before: RefundRow, after: RefundRow) => Promise<void>;
      } = {},
    ): Promise<RefundRow> {
      const found = await repository.find(refundId);
      if (!found) throw notFound('There is no such refund.');
      const order = await orders.order(found.orderId, null);
      await db.transaction(async (tx) => {
        const before = await repository.find(refundId, tx);
        if (!before) throw notFound('There is no such refund.');
        if (before.status === 'refunded') {
          throw new HttpError(409, 'already_refunded', 'This refund is done; there is nothing to retry.');
        }
        const retries = before.retries + 1;
        let after: RefundRow | null;
        if (before.status === 'failed') {
          after = await repository.transition(tx, refundId, 'failed', {
            status: 'pending',
            failureCode: null,
            failureMessage: null,
            completedAt: null,
            gatewayRefundId: null,
            retries,
            providerKey: `course-refund:${refundId}:retry-${retries}`,
          });
          if (!after)
            throw new HttpError(409, 'refund_not_retryable', STAFF_REFUND_MESSAGES.refund_not_retryable);
          const line = order?.lines.find((candidate) => candidate.id === after!.orderLineId);
          if (line?.buyableType === 'gift') {
            if (!(await gifts.voidForRefund(tx, line.id))) {
              throw new HttpError(409, 'gift_redeemed', STAFF_REFUND_REFUSAL_MESSAGES.gift_redeemed);
            }
          } else {
            await orders.revokeEnrollment(tx, after.userId, after.courseId, after.orderId);
          }
        } else {
          const job = await repository.jobStatus(tx, REFUND_SUBMIT_JOB_KIND, refundSubmitJobKeyOf(before));
          if (job === 'queued' || job === 'running') {
            throw new HttpError(409, 'refund_in_progress', STAFF_REFUND_MESSAGES.refund_in_progress);
          }
          after = await repository.transitionRetries(tx, refundId, before.retries, retries);
          if (!after)
            throw new HttpError(409, 'refund_not_retryable', STAFF_REFUND_MESSAGES.refund_not_retryable);
        }
        await submitJobs.enqueue(
          tx,
          refundSubmitJobKeyOf(after),
          { refundId },
          new Date(clock.now().getTime() + SAFETY_NET_DELAY_MS),
        );
        await input.onRetried?.(tx, before, after);
      });
      await submit(refundId).catch((error: unknown) =>
        log.warn({ err: error, refund: refundId }, 'refund retry not submitted yet; the job retries it'),
      );
      return (await repository.find(refundId)) ?? found;
    },

    /** The provider's webhook about a refund: the same settlement as its answer. */
    async onGatewayRefund(refunded: GatewayRefund): Promise<void> {
      // It names the refund it was made for; an older one is found by the id stored while pending.
      const named = Number(refunded.metadata.course_refund_id);
      const row =
        Number.isSafeInteger(named) && named > 0
          ? await repository.find(named)
          : await repository.findByGatewayRefund(refunded.id);
      if (row?.status !== 'pending' || row.providerAmount !== refunded.amount.amount) return;
      await settle(row.id, refunded);
    },

    /** A page of the user's refunds, newest first. */
    async pageOf(userId: number, page: { number: number; size: number }) {
      return repository.pageOf(userId, page.size, (page.number - 1) * page.size);
    },

    /** The refunds of these order lines. */
    ofLines: (lineIds: readonly number[]) => repository.ofLines(lineIds),

    /** One refund; with `userId`, only that user's (null: none, or another's). */
    async refundOf(userId: number | null, refundId: number): Promise<RefundRow | null> {
      const row = await repository.find(refundId);
      return row && (userId === null || row.userId === userId) ? row : null;
    },

    /** Runs the provider submission of a refund now (tests, tools); the job does it otherwise. */
    submit,
  };
}

/**
 * Every line of an order with what a refund of it would be (checkout §9's rule, decided in
 * the domain): what it cost, where its money would go back, and whether it may be asked for.
 * `requested`: the lines that already have a refund.
 */
export function refundableLinesOf(
  order: Order,
  requested: ReadonlySet<number>,
  now: Date,
  /** The gift lines whose gift was redeemed (no longer the buyer's to refund). */
  redeemedGifts: ReadonlySet<number> = new Set(),
): RefundableLine[] {
  const linePaid = order.lines.map((line) => linePaidAmount(line, order.taxAddedOnTop));
  const splits = refundSplitsOf({
    currency: order.currency,
    linePaid,
    providerAmount: order.total,
    creditAmount: order.credit,
  });
  const providerLabel = order.paymentLabel;
  return order.lines.map((line, index) => ({
    order,
    line,
    paid: linePaid[index]!,
    split: splits[index]!,
    refusal: refundRefusalOf({
      purchasedAt: order.completedAt,
      paid: linePaid[index]!,
      refundRequested: requested.has(line.id),
      orderCompleted: true,
      giftRedeemed: redeemedGifts.has(line.id),
      now,
    }),
    deadline: refundDeadline(order.completedAt),
    providerLabel,
  }));
}

/** Where a refund's money goes, each part with its amount (minor units). */
export function destinationsOf(
  row: Pick<RefundRow, 'providerAmount' | 'creditAmount' | 'providerLabel'>,
): { kind: 'original_method' | 'account_credit'; label: string; amount: number }[] {
  return [
    ...(row.providerAmount > 0
      ? [
          {
            kind: 'original_method' as const,
            label: row.providerLabel ?? 'Original payment method',
            amount: row.providerAmount,
          },
        ]
      : []),
    ...(row.creditAmount > 0
      ? [{ kind: 'account_credit' as const, label: 'Account credit', amount: row.creditAmount }]
      : []),
  ];
}

export type RefundsService = ReturnType<typeof createRefundsService>;
