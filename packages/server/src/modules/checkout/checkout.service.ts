import {
  type BnplInfoResponse,
  type CheckoutInfoRequest,
  type CheckoutInfoResponse,
  type PaymentMethodConfig,
} from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createAttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import type { Database } from '../../platform/db/database.js';
import { NO_FAULTS, type FaultPoints } from '../../platform/faults/fault-points.js';
import type { CartsService } from '../carts/carts.service.js';
import type { CouponsService } from '../coupons/coupons.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import type { PricingContext } from '../user-context/user-context.service.js';
import { bnplInfoOf, bnplMethodPlugins } from './bnpl-methods.js';
import { cardMethods, enteredCardMethod, expressMethods, localCardMethods } from './card-methods.js';
import { successUrl } from './checkout-answers.js';
import { createAttemptOutcomes } from './checkout-attempt-outcomes.js';
import { createCheckoutCharge } from './checkout-charge.js';
import {
  createMethodRegistry,
  type CheckoutBuyer,
  type CheckoutMethodPlugin,
  type MethodMarket,
} from './checkout-methods.js';
import { createRefundedPurchases } from './refunded-purchases.js';
import { createCheckoutFulfilment, type GiftsBought } from './checkout-fulfilment.js';
import { createCheckoutQuotes, type CheckoutQuote, type GuestQuoteBuyer } from './checkout-quote.js';
import { createCheckoutReconciliation } from './checkout-reconciliation.js';
import { createCheckoutReturns } from './checkout-returns.js';
import { createCheckoutSubmit } from './checkout-submit.js';
import { listenToPaymentEvents } from './checkout-webhooks.js';
import { createCheckoutRepository, type AttemptRow } from './checkout.repository.js';
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

/**
 * Checkout (checkout §4, §7; design §3, §4): prices a purchase on the server, offers its
 * payment methods, runs payment attempts as a persisted state machine and fulfils each paid
 * attempt exactly once, whether the provider's answer or its webhook comes first.
 *
 * Composed of its parts: pricing (checkout-quote), the page's info (checkout-info), the
 * provider's facts (provider-facts), what an attempt consumes and its exactly-once fulfilment
 * (checkout-fulfilment), the provider's answers applied to an attempt (checkout-attempt-outcomes),
 * the charge (checkout-charge), the submit and its checks (checkout-submit, checkout-submit-checks),
 * the buyer's return to an attempt (checkout-returns), the webhooks (checkout-webhooks) and
 * reconciliation (checkout-reconciliation); the wiring and the public methods are here.
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
  const outcomes = createAttemptOutcomes({ repository, gateway, fulfilment, failures, flowOf, returnUrlOf });
  const { charge } = createCheckoutCharge({
    gateway,
    payments,
    outcomes,
    returnUrlOf,
    marketOf,
    log,
    faults,
  });
  const { submit } = createCheckoutSubmit({
    repository,
    quoteFor,
    registry,
    failures,
    methodStatuses,
    fulfilment,
    reconciliation,
    reconcileAfterMs: deps.reconcileAfterMs,
    outcomes,
    charge,
    marketOf,
    now,
    faults,
  });
  const returns = createCheckoutReturns({ repository, gateway, outcomes, flowOf, now });

  // The provider's webhooks: the same fulfilment as the answer path, whichever comes first.
  listenToPaymentEvents({ events: payments.events, repository, fulfilment, outcomes });

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
    submit,

    /** `PATCH /payment/checkout-submit/{id}/`: after the action (3-D Secure) in the browser. */
    result: returns.result,

    /** `GET /payment/checkout-submit/{id}/`: the attempt's current result. */
    attempt: returns.attempt,

    /** `GET /payment/checkout-result/?payment_attempt_id=`: what the success page shows. */
    receipt: returns.receipt,

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

    /**
     * The billing country and secondary location an attempt was priced for (frozen in its quote):
     * the invoice of its order prints them. Null for an unknown attempt.
     */
    async billingOfAttempt(
      attemptId: string,
    ): Promise<{ country: string; secondaryLocation: string | null } | null> {
      const row = await repository.find(attemptId);
      // The quote is stored jsonb, not checked against its type when read back.
      return row
        ? { country: row.quote.country, secondaryLocation: row.quote.secondaryLocation ?? null }
        : null;
    },

    /** The reconciliation job: finishes open attempts older than the window (design §4). */
    reconcileOpenAttempts: reconciliation.run,

    /** Lets the checkout page reuse buyers' facts while their changes reach this instance. */
    watchBuyerFacts,

    /** What a refunded course's checkout gives back (its hold, its codes' uses). */
    refundedPurchases: createRefundedPurchases({ repository, coupons }),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
