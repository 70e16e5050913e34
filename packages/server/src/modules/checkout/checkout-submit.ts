import { randomUUID } from 'node:crypto';
import type { CheckoutResult, CheckoutSubmitRequest } from '@lectern/domain';
import type { FaultPoints } from '../../platform/faults/fault-points.js';
import { HttpError } from '../../platform/http/http-error.js';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import type { PricingContext } from '../user-context/user-context.service.js';
import { tooManyFailedAttempts } from './checkout-answers.js';
import type { AttemptOutcomes } from './checkout-attempt-outcomes.js';
import type { CheckoutCharge } from './checkout-charge.js';
import { holdsOf, type CheckoutFulfilment } from './checkout-fulfilment.js';
import { withGiftDetails } from './checkout-gifts.js';
import {
  chargeCurrencyOf,
  type CheckoutBuyer,
  type MethodMarket,
  type MethodRegistry,
  type MethodStatuses,
} from './checkout-methods.js';
import type { CheckoutQuote, CheckoutQuotes } from './checkout-quote.js';
import { RECONCILIATION, type CheckoutReconciliation } from './checkout-reconciliation.js';
import { checkSubmit, heldElsewhere } from './checkout-submit-checks.js';
import type { AttemptRow, createCheckoutRepository } from './checkout.repository.js';

type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

/** How long a repeated submit waits for the first one, still talking to the provider. */
const IN_FLIGHT_WAIT_MS = 15_000;
const IN_FLIGHT_POLL_MS = 50;

/**
 * How long an attempt holds its coupon uses: a card or wallet payment is decided within the
 * hour (3-D Secure included); banks, debits and vouchers may take days. Credit and courses are
 * held until the attempt ends, whenever that is (reconciliation ends abandoned ones).
 */
const COUPON_HOLD_MS = { prompt: 60 * 60 * 1000, delayed: 7 * 24 * 60 * 60 * 1000 };

/**
 * A submit (checkout §4, design §4): one attempt per (user, checkout_ref), priced on the server
 * and checked before anything is stored; claimed by its insert, which reserves what it consumes;
 * then charged, or fulfilled at once when nothing is to be charged. A repeat answers its attempt.
 */
export function createCheckoutSubmit(deps: {
  repository: CheckoutRepository;
  quoteFor: CheckoutQuotes['quoteFor'];
  registry: Pick<MethodRegistry, 'pluginFor'>;
  /** Card testing (design §6): failed card attempts per buyer. */
  failures: Pick<AttemptLimiter, 'assertAllowed'>;
  methodStatuses: () => Promise<MethodStatuses>;
  fulfilment: Pick<CheckoutFulfilment, 'reserve' | 'fulfil'>;
  reconciliation: Pick<CheckoutReconciliation, 'reconcile'>;
  /** How old an open attempt must be before reconciliation looks at it (default 5 minutes). */
  reconcileAfterMs?: number;
  outcomes: Pick<AttemptOutcomes, 'resultOf'>;
  charge: CheckoutCharge['charge'];
  marketOf: (quote: CheckoutQuote) => MethodMarket;
  now: () => Date;
  faults: FaultPoints;
}) {
  const { repository, quoteFor, registry, failures, methodStatuses, fulfilment, reconciliation } = deps;
  const { charge, marketOf, now, faults } = deps;
  const { resultOf } = deps.outcomes;

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

  /**
   * `POST /payment/checkout-submit/`: one attempt per (user, checkout_ref). A repeat finds
   * the attempt and answers its state; only the request that claims it calls the provider,
   * with idempotency keys derived from the attempt, and never inside a transaction.
   */
  async function submit(
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
    const expected = await checkSubmit({
      quote,
      taxError,
      locationMissing,
      request,
      plugin,
      market: marketOf(quote),
      locale: pricing.intlLocale,
      methodStatuses,
    });
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
  }

  return { submit };
}
