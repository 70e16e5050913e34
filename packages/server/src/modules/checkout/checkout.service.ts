import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  formatMoney,
  money,
  paymentErrorCodeOf,
  secondaryLocationError,
  type BnplInfoResponse,
  type CheckoutInfoRequest,
  type CheckoutInfoResponse,
  type CheckoutReceipt,
  type CheckoutResult,
  type CheckoutResultRequest,
  type CheckoutSubmitRequest,
  type PaymentMethodConfig,
} from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createAttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import type { Database } from '../../platform/db/database.js';
import { NO_FAULTS, type FaultPoints } from '../../platform/faults/fault-points.js';
import { HttpError, notFound, validationError } from '../../platform/http/http-error.js';
import type { CartsService } from '../carts/carts.service.js';
import type { CouponsService } from '../coupons/coupons.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import { GatewayError, type GatewayPayment } from '../payments/payment-gateway.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import type { PricingContext } from '../user-context/user-context.service.js';
import { bnplMethodPlugins } from './bnpl-methods.js';
import { cardMethods, enteredCardMethod, expressMethods, localCardMethods } from './card-methods.js';
import {
  chargeCurrencyOf,
  createMethodRegistry,
  type CheckoutBuyer,
  type CheckoutMethodPlugin,
  type MethodMarket,
} from './checkout-methods.js';
import { createRefundedPurchases } from './refunded-purchases.js';
import { createCheckoutFulfilment, holdsOf, type GiftsBought } from './checkout-fulfilment.js';
import { withGiftDetails } from './checkout-gifts.js';
import { FINAL_ATTEMPT_STATUSES, pendingPaymentOf, receiptOf } from './checkout-receipt.js';
import { bnplInfoOf } from './bnpl-methods.js';
import { createCheckoutQuotes, type CheckoutQuote, type GuestQuoteBuyer } from './checkout-quote.js';
import { createCheckoutReconciliation, RECONCILIATION } from './checkout-reconciliation.js';
import {
  answer,
  creditDoesNotCover,
  pendingAnswer,
  succeededAnswer,
  successUrl,
  tooManyFailedAttempts,
} from './checkout-answers.js';
import { createCheckoutRepository, type AttemptRow, type HoldConflict } from './checkout.repository.js';
import { hostedMethodPlugins } from './hosted-methods.js';
import { createStoredCards } from './stored-cards.js';
import { createProviderFacts } from './provider-facts.js';
import { createCheckoutInfo } from './checkout-info.js';

export type { CheckoutBuyer } from './checkout-methods.js';

/** Every payment method of the checkout, in the order they are offered (checkout §1). */
export const CHECKOUT_METHOD_PLUGINS: readonly CheckoutMethodPlugin[] = [
  expressMethods,
  cardMethods,
  localCardMethods,
  ...bnplMethodPlugins,
  ...hostedMethodPlugins,
];

/** Card-testing defence (design §6): failed card attempts per user before a cool-down. */
export const FAILED_PAYMENT_ATTEMPTS = { max: 5, windowMs: 15 * 60 * 1000 };
/** How long a repeated submit waits for the first one, still talking to the provider. */
const IN_FLIGHT_WAIT_MS = 15_000;
const IN_FLIGHT_POLL_MS = 50;

/**
 * How long an attempt holds its coupon uses: a card or wallet payment is decided within the
 * hour (3-D Secure included); banks, debits and vouchers may take days. Credit and courses are
 * held until the attempt ends, whenever that is (reconciliation ends abandoned ones).
 */
const COUPON_HOLD_MS = { prompt: 60 * 60 * 1000, delayed: 7 * 24 * 60 * 60 * 1000 };

const key = (attempt: AttemptRow, step: string) => `checkout:${attempt.id}:${step}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The price the buyer saw differs from the server's: nothing was charged (design §4). */
const priceChanged = (quote: CheckoutQuote, seen: { amount: number; currency: string }, locale: string) => {
  const now = formatMoney(money(quote.total, quote.currency), locale);
  return new HttpError(
    409,
    'price_changed',
    seen.currency.toUpperCase() === quote.currency
      ? `The total of your order changed from ${formatMoney(money(seen.amount, quote.currency), locale)} to ${now}. Please review it and submit again; nothing was charged.`
      : `The total of your order is now ${now}. Please review it and submit again; nothing was charged.`,
  );
};

/** Another live attempt of the buyer holds a course of this one (two tabs, a retry). */
const heldElsewhere = (conflicts: HoldConflict[], quote: CheckoutQuote) => {
  const titles = conflicts.map(
    (conflict) => quote.lines.find((line) => line.courseId === conflict.buyableId)?.title ?? 'this course',
  );
  const owned = conflicts.some((conflict) => conflict.status === 'succeeded');
  return new HttpError(
    409,
    owned ? 'already_owned' : 'purchase_in_progress',
    owned
      ? `You already own “${titles[0]}”, so it cannot be bought again.`
      : `“${titles[0]}” is already being paid for in another checkout. Finish or close that one first; nothing was charged here.`,
  );
};

/**
 * Checkout (checkout §4, §7; design §3, §4): prices a purchase on the server, offers its
 * payment methods, runs payment attempts as a persisted state machine and fulfils each paid
 * attempt exactly once, whether the provider's answer or its webhook comes first.
 */
export function createCheckoutService(deps: {
  db: Database;
  carts: CartsService;
  coupons: CouponsService;
  credit: CreditService;
  orders: OrdersService;
  payments: PaymentsService;
  tax: TaxProvider;
  log: FastifyBaseLogger;
  /** How long the provider's method statuses are reused; default STATUS_CACHE_MS (provider-facts.ts). */
  methodStatusCacheMs?: number;
  /** This site's origin: where providers send buyers back to. */
  publicUrl: string;
  /**
   * The server's one clock (platform/clock): orders, gifts, tax dates and receipts are dated by
   * it, as the refund window that reads them is. How long an attempt has been open stays
   * wall-clock time (its rows are stamped by the database).
   */
  now?: () => Date;
  /** Test-only crash points (crash tests); none by default. */
  faults?: FaultPoints;
  /** How old an open attempt must be before reconciliation looks at it (default 5 minutes). */
  reconcileAfterMs?: number;
  /** Told inside the fulfilment transaction of each new order (its invoice is queued there). */
  onOrderRecorded?: (tx: Database, orderId: number) => Promise<void>;
  /** Makes an order's gifts inside its fulfilment transaction (modules/gifts). */
  onGiftsBought?: (tx: Database, order: GiftsBought) => Promise<void>;
}) {
  const { carts, coupons, credit, orders, payments, log } = deps;
  const gateway = payments.gateway;
  const now = deps.now ?? (() => new Date());
  const faults = deps.faults ?? NO_FAULTS;
  const repository = createCheckoutRepository(deps.db);
  const registry = createMethodRegistry(CHECKOUT_METHOD_PLUGINS);
  /** The course checkout is the only checkout product sold here so far. */
  const marketOf = (quote: CheckoutQuote): MethodMarket => ({ country: quote.country, product: 'course' });
  const returnUrlOf = (row: AttemptRow) => `${deps.publicUrl}${successUrl(row.id)}`;
  const flowOf = (row: AttemptRow) => registry.pluginFor(row.vendor, row.methodType)?.flow ?? 'card';
  // Card testing (design §6): failed card attempts per buyer, shared by every instance.
  const failures = createAttemptLimiter(deps.db, {
    name: 'checkout.card_failures',
    ...FAILED_PAYMENT_ATTEMPTS,
  });
  const fulfilment = createCheckoutFulfilment({
    repository,
    carts,
    coupons,
    credit,
    orders,
    payments,
    log,
    now,
    faults,
    onOrderRecorded: deps.onOrderRecorded,
    onGiftsBought: deps.onGiftsBought,
  });
  const quotes = createCheckoutQuotes({
    db: deps.db,
    carts,
    credit,
    orders,
    tax: deps.tax,
    now,
  });
  const { quoteFor, watchBuyerFacts } = quotes;
  const reconciliation = createCheckoutReconciliation({
    repository,
    gateway,
    fulfilment,
    flowOf: (row) => flowOf(row),
    log,
    afterMs: deps.reconcileAfterMs,
  });
  const storedCards = createStoredCards(payments);
  const providerFacts = createProviderFacts({ gateway, log, statusCacheMs: deps.methodStatusCacheMs });
  const { methodStatuses, encryptionKey } = providerFacts;
  // ---- results -------------------------------------------------------------------------

  /** The answer for an attempt as it stands, asking the provider when an action is pending. */
  async function resultOf(row: AttemptRow): Promise<CheckoutResult> {
    if (row.status === 'succeeded') return succeededAnswer(row);
    if (row.status === 'failed' || row.status === 'canceled') return answer(row, 'failed');
    if (row.status === 'requires_action' && row.gatewayPaymentId) {
      return afterPayment(row, await gateway.retrievePayment(row.gatewayPaymentId));
    }
    return pendingAnswer(row);
  }

  /** A repeated submit: waits while the first request is still talking to the provider. */
  async function settle(row: AttemptRow): Promise<CheckoutResult> {
    const open = (attempt: AttemptRow) => attempt.status === 'created' || attempt.status === 'processing';
    // Left open by a crash or a lost answer long ago (no request lasts this long): the
    // provider's truth now, rather than a wait. Wall-clock time, as the attempt's stamps are.
    const stale = (attempt: AttemptRow) =>
      Date.now() - attempt.updatedAt.getTime() > (deps.reconcileAfterMs ?? RECONCILIATION.afterMs);
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    let current = row;
    while (open(current) && !stale(current) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
      current = (await repository.find(row.id)) ?? current;
    }
    if (open(current) && stale(current)) {
      await reconciliation.reconcile(current);
      current = (await repository.find(row.id)) ?? current;
    }
    return resultOf(current);
  }

  // ---- state changes -------------------------------------------------------------------

  /** Ends an open attempt as failed with its answer; a card decline counts towards the cool-down. */
  async function fail(
    row: AttemptRow,
    errorCode: string,
    extra: {
      gatewayPaymentId?: string | null;
      countsAsCardFailure?: boolean;
      status?: 'failed' | 'canceled';
    } = {},
  ): Promise<CheckoutResult> {
    const failed = await fulfilment.fail(row, errorCode, extra);
    if (!failed) return resultOf((await repository.find(row.id)) ?? row);
    if (extra.countsAsCardFailure ?? true) await failures.record(`user:${row.userId}`);
    return answer(failed, 'failed');
  }

  /** Moves the attempt on from what the provider says of its payment. */
  async function afterPayment(row: AttemptRow, payment: GatewayPayment): Promise<CheckoutResult> {
    const common = { gatewayPaymentId: payment.id, gatewayPaymentMethodId: payment.paymentMethodId };
    switch (payment.status) {
      case 'succeeded': {
        const done = await fulfilment.fulfil(row, payment, 'answer');
        return done ? resultOf(done) : pendingAnswer(row);
      }
      case 'requires_action':
      case 'requires_confirmation': {
        const moved =
          (await repository.transition(row.id, ['processing', 'requires_action'], {
            status: 'requires_action',
            ...common,
          })) ?? (await repository.find(row.id));
        if (!moved || moved.status !== 'requires_action') return resultOf(moved ?? row);
        const action = payment.nextAction;
        const flow = flowOf(moved);
        if (flow === 'confirm' && payment.status === 'requires_confirmation') {
          // Buy now, pay later: the browser confirms, then the provider's approval page follows.
          return answer(moved, 'action_required', {
            client_secret: payment.clientSecret,
            payment_method_id: payment.paymentMethodId,
            authentication_type: 'payment',
            action_data: { type: 'confirm_payment' },
            return_url: returnUrlOf(moved),
          });
        }
        // A voucher to pay later: the success page shows it and follows the attempt.
        if (action?.type === 'display_voucher') return pendingAnswer(moved);
        if (flow !== 'card' && action?.type === 'redirect_to_url') {
          return answer(moved, 'redirect', { return_url: action.url });
        }
        return answer(moved, 'action_required', {
          client_secret: payment.clientSecret,
          payment_method_id: payment.paymentMethodId,
          authentication_type: 'payment',
          action_data:
            action?.type === 'redirect_to_url'
              ? { type: 'redirect_to_url', url: action.url }
              : { type: 'use_sdk', ...(action?.type === 'use_sdk' && action.url ? { url: action.url } : {}) },
        });
      }
      case 'processing': {
        const moved = await repository.transition(row.id, ['processing', 'requires_action'], {
          status: 'processing',
          ...common,
        });
        return pendingAnswer(moved ?? row);
      }
      case 'requires_payment_method':
        return fail(row, payment.lastError ? paymentErrorCodeOf(payment.lastError) : 'card_declined', {
          gatewayPaymentId: payment.id,
        });
      case 'canceled':
        return fail(row, 'card_declined', { gatewayPaymentId: payment.id, status: 'canceled' });
    }
  }

  /** Pays a claimed attempt with its method's plugin; a decline is an answer, not an error. */
  async function charge(
    row: AttemptRow,
    buyer: CheckoutBuyer,
    info: CheckoutSubmitRequest['payment_info'],
    plugin: CheckoutMethodPlugin,
  ): Promise<CheckoutResult> {
    try {
      const paid = await plugin.pay({
        attempt: row,
        buyer,
        info,
        amount: money(row.amount, row.quote.currency),
        gateway,
        customer: () => payments.ensureCustomer(buyer.id, { email: buyer.email, name: buyer.name }),
        idempotencyKey: (step) => key(row, step),
        returnUrl: returnUrlOf(row),
        market: marketOf(row.quote),
      });
      if ('refused' in paid) return fail(row, paid.refused, { countsAsCardFailure: plugin.flow === 'card' });
      faults.reach('checkout.after_charge');
      return await afterPayment(row, paid);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn({ err: error, attempt: row.id, kind: error.kind }, 'payment failed at the provider');
      if (error.kind === 'card_declined') {
        return fail(
          row,
          paymentErrorCodeOf({
            type: 'card_error',
            code: error.details.code ?? 'card_declined',
            declineCode: error.details.declineCode ?? null,
          }),
        );
      }
      if (error.kind === 'invalid_request' || error.kind === 'not_found') {
        return fail(
          row,
          paymentErrorCodeOf({
            type: 'invalid_request_error',
            code: error.details.code ?? 'invalid_request',
            declineCode: null,
          }),
          { countsAsCardFailure: plugin.flow === 'card' },
        );
      }
      if (
        error.kind === 'unavailable' ||
        error.kind === 'protocol' ||
        error.kind === 'idempotency_conflict'
      ) {
        // The outcome is unknown (no answer, a 5xx): the charge may have happened. The attempt
        // keeps its reservations and stays open; the webhook or reconciliation ends it, and
        // the success page follows it meanwhile. Failing it here could let a retry pay twice.
        return pendingAnswer(row);
      }
      // The provider refused the request outright: nothing was charged.
      return fail(row, 'card_error:processing_error', { countsAsCardFailure: false });
    }
  }

  async function ownAttempt(userId: number, attemptId: string): Promise<AttemptRow> {
    const row = UUID.test(attemptId) ? await repository.find(attemptId) : null;
    // Another user's attempt is answered exactly like a missing one.
    if (!row || row.userId !== userId) throw notFound('There is no payment attempt with this id.');
    return row;
  }

  // The provider's webhooks: the same fulfilment as the answer path, whichever comes first.
  const attemptOfPayment = async (payment: GatewayPayment) => {
    // A subscription's payment (a plan checkout, a renewal) is never a course order's.
    if (payment.metadata.subscription_checkout_id || payment.metadata.subscription_invoice_id) return null;
    const attemptId = payment.metadata.payment_attempt_id;
    // A malformed id in the metadata must not make the event fail forever: look it up by payment.
    if (attemptId && UUID.test(attemptId)) return repository.find(attemptId);
    return repository.findByGatewayPayment(payment.id);
  };
  payments.events.on('payment.succeeded', async (payment) => {
    const row = await attemptOfPayment(payment);
    // Most often the answer path fulfilled it already: no transaction needed to see that.
    if (row && row.orderId === null && row.gatewayRefundId === null) {
      await fulfilment.fulfil(row, payment, 'webhook');
    }
  });
  payments.events.on('payment.failed', async (payment) => {
    const row = await attemptOfPayment(payment);
    if (row && !FINAL_ATTEMPT_STATUSES.has(row.status)) {
      await fail(row, payment.lastError ? paymentErrorCodeOf(payment.lastError) : 'card_declined', {
        gatewayPaymentId: payment.id,
      });
    }
  });

  const infoFor = createCheckoutInfo({ quotes, registry, gateway, providerFacts, storedCards, marketOf });

  return {
    /** `POST /payment/checkout-info/` (checkout §7). */
    info(
      buyer: CheckoutBuyer,
      pricing: PricingContext,
      request: CheckoutInfoRequest,
    ): Promise<CheckoutInfoResponse> {
      return infoFor(buyer.id, pricing, request);
    },

    /** `POST /payment/checkout-bnpl-info/`: the order priced as the page shows it, and its instalment plans. */
    async bnplInfo(
      buyer: CheckoutBuyer,
      pricing: PricingContext,
      request: Pick<CheckoutInfoRequest, 'shopping_info' | 'billing_address'>,
    ): Promise<BnplInfoResponse> {
      const { quote } = await quoteFor(
        buyer.id,
        pricing,
        request.shopping_info.items,
        request.billing_address,
        'display',
      );
      return bnplInfoOf(quote);
    },

    /**
     * `POST /payment/dac-checkout-info/` (team-plan §6): the same answer for a visitor who has no
     * account yet, priced with their cart's codes; no credit and no stored cards.
     */
    guestInfo(
      guest: GuestQuoteBuyer,
      pricing: PricingContext,
      request: CheckoutInfoRequest,
    ): Promise<CheckoutInfoResponse> {
      return infoFor(guest, pricing, request);
    },

    /**
     * `POST /payment/checkout-submit/`: one attempt per (user, checkout_ref). A repeat finds
     * the attempt and answers its state; only the request that claims it calls the provider,
     * with idempotency keys derived from the attempt, and never inside a transaction.
     */
    async submit(
      buyer: CheckoutBuyer,
      pricing: PricingContext,
      request: CheckoutSubmitRequest,
    ): Promise<CheckoutResult> {
      // Priced while the repeat check runs; a repeat answers its attempt, whatever pricing says
      // now (its courses are owned once it succeeded).
      const pricing$ = quoteFor(
        buyer.id,
        pricing,
        request.shopping_info.items,
        request.billing_address,
        'charge',
      );
      pricing$.catch(() => {});
      const existing = await repository.findByRef(buyer.id, request.checkout_ref);
      if (existing) return settle(existing);
      try {
        await failures.assertAllowed(`user:${buyer.id}`);
      } catch (error) {
        const retryAfter = error instanceof HttpError ? Number(error.headers?.['retry-after'] ?? 60) : 60;
        throw tooManyFailedAttempts(retryAfter);
      }

      const priced = await pricing$;
      const { taxError, locationMissing } = priced;
      let quote = priced.quote;
      const info = request.payment_info;
      const plugin = registry.pluginFor(info.payment_vendor, info.payment_method);
      // Sent as paid by credit alone, priced now beyond the credit (another order may have
      // spent it first): the reason, not "this method is not offered".
      if (info.payment_vendor === 'Credit' && !quote.isFree && !quote.isFullyPaidByCredit) {
        throw creditDoesNotCover();
      }
      if (!quote.isFree) {
        if (locationMissing || taxError) {
          throw validationError({
            'billing_address.secondary_location_info': [
              taxError ?? secondaryLocationError(quote.country, null) ?? CHECKOUT_MESSAGES.billingRequired,
            ],
          });
        }
      }
      // The buyer agreed to the total they saw: any other price is theirs to review first.
      const seen = request.expected_total;
      if (seen && (seen.amount !== quote.total || seen.currency.toUpperCase() !== quote.currency)) {
        throw priceChanged(quote, seen, pricing.intlLocale);
      }
      const expected = quote.isFree ? 'Free' : quote.isFullyPaidByCredit ? 'Credit' : null;
      const market = marketOf(quote);
      let methodErrors: Record<string, string[]> | null = null;
      if (expected !== null) {
        if (info.payment_vendor !== expected) {
          methodErrors = {
            'payment_info.payment_vendor': [
              `This order is paid with the ${expected === 'Free' ? 'free' : 'credit'} method.`,
            ],
          };
        }
      } else if (!plugin || !plugin.offeredIn(market)) {
        methodErrors = {
          'payment_info.payment_vendor': ['This payment method is not offered for this order.'],
        };
      } else if (plugin.gatewayStatus(await methodStatuses(), info.payment_method) === 'down') {
        // Checkout §4/§5: a method whose provider is down is rejected.
        methodErrors = { 'payment_info.payment_vendor': [CHECKOUT_MESSAGES.selectAvailableMethod] };
      } else {
        methodErrors = plugin.credentialsError(info, market);
      }
      if (methodErrors) throw validationError(methodErrors);
      const chargeCurrency =
        plugin && expected === null ? chargeCurrencyOf(plugin, quote.currency) : quote.currency;
      if (chargeCurrency !== quote.currency) {
        // The method's provider cannot charge the display currency: the representment's amount.
        quote = (
          await quoteFor(
            buyer.id,
            pricing,
            request.shopping_info.items,
            request.billing_address,
            'charge',
            chargeCurrency,
          )
        ).quote;
      }

      // Who each gift is for, frozen with the attempt (a 400 naming the fields when missing or wrong).
      quote = withGiftDetails(quote, request.shopping_info.items, buyer, now());

      // Inserting claims it (a concurrent identical submit finds it processing and waits) and,
      // in the same transaction, reserves what it consumes: its courses against the buyer's
      // other attempts, its credit and its coupon uses. A refusal stores nothing.
      const couponHoldMs = plugin?.flow === 'redirect' ? COUPON_HOLD_MS.delayed : COUPON_HOLD_MS.prompt;
      const inserted = await repository.insertHeld(
        {
          id: randomUUID(),
          userId: buyer.id,
          checkoutRef: request.checkout_ref,
          currency: quote.currency,
          amount: quote.total,
          quote,
          methodId: info.method_id,
          vendor: info.payment_vendor,
          methodType: info.payment_method,
          rememberMe: info.remember_me === true,
          status: 'processing',
        },
        holdsOf(quote),
        (row, tx) => fulfilment.reserve(row, tx, couponHoldMs),
      );
      // Lost the race to an identical submit: answer what that one does.
      if (!inserted) return settle((await repository.findByRef(buyer.id, request.checkout_ref))!);
      if ('conflicts' in inserted) throw heldElsewhere(inserted.conflicts, quote);
      faults.reach('checkout.after_reserve');
      if (expected === null && plugin) return charge(inserted, buyer, info, plugin);
      // Free and full-credit orders have nothing to charge: fulfilled now.
      const done = await fulfilment.fulfil(inserted, null, 'answer');
      return resultOf(done ?? inserted);
    },

    /** `PATCH /payment/checkout-submit/{id}/`: after the action (3-D Secure) in the browser. */
    async result(userId: number, attemptId: string, request: CheckoutResultRequest): Promise<CheckoutResult> {
      const row = await ownAttempt(userId, attemptId);
      const credentials = request.payment_info.credentials;
      const intentId = 'payment_intent_id' in credentials ? credentials.payment_intent_id : null;
      if (row.status === 'succeeded' && row.gatewayPaymentId && intentId === row.gatewayPaymentId) {
        // The provider's event often records the order first, and it names only the card's id:
        // the buyer's return brings the payment with its card to complete the order.
        return afterPayment(row, await gateway.retrievePayment(row.gatewayPaymentId));
      }
      if (FINAL_ATTEMPT_STATUSES.has(row.status)) return resultOf(row);
      if (!row.gatewayPaymentId || intentId !== row.gatewayPaymentId) {
        throw validationError({
          'payment_info.credentials.payment_intent_id': ['This is not the payment of this attempt.'],
        });
      }
      let payment = await gateway.retrievePayment(row.gatewayPaymentId);
      // Cards authenticated by 3-D Secure wait for the server's confirmation; a BNPL payment
      // in this state is still the browser's to confirm.
      if (payment.status === 'requires_confirmation' && flowOf(row) === 'card') {
        payment = await gateway.confirmPayment(payment.id, {}, { idempotencyKey: key(row, 'confirm') });
      }
      return afterPayment(row, payment);
    },

    /** `GET /payment/checkout-submit/{id}/`: the attempt's current result. */
    async attempt(userId: number, attemptId: string): Promise<CheckoutResult> {
      return resultOf(await ownAttempt(userId, attemptId));
    },

    /** `GET /payment/checkout-result/?payment_attempt_id=`: what the success page shows. */
    async receipt(userId: number, attemptId: string, locale: string): Promise<CheckoutReceipt> {
      const row = await ownAttempt(userId, attemptId);
      const pending = FINAL_ATTEMPT_STATUSES.has(row.status) ? null : await pendingPaymentOf(row, gateway);
      return receiptOf(row, pending, locale, now());
    },

    /** `GET /payment-vendor/stored-payment-method/` */
    storedMethods: storedCards.list,
    /** `DELETE /payment-vendor/stored-payment-method/{id}/` */
    deleteStoredMethod: storedCards.remove,

    /** The card form's method with the provider's current status and key (subscription checkouts). */
    async cardMethod(): Promise<PaymentMethodConfig> {
      const [statuses, key] = await Promise.all([methodStatuses(), encryptionKey()]);
      return {
        ...enteredCardMethod({
          statuses,
          encryptionKey: key,
          publishableKey: gateway.publishableKey,
          sdkUrl: gateway.browserSdkUrl,
        }),
        selected: true,
      };
    },

    /** The amounts a quote would charge, for tests and tools. */
    quoteFor,

    /** The reconciliation job: finishes open attempts older than the window (design §4). */
    reconcileOpenAttempts: reconciliation.run,

    /** Lets the checkout page reuse buyers' facts while their changes reach this instance. */
    watchBuyerFacts,

    /** What a refunded course's checkout gives back (its hold, its codes' uses). */
    refundedPurchases: createRefundedPurchases({ repository, coupons }),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
