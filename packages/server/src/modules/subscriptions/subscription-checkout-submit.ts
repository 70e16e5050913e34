import { randomUUID } from 'node:crypto';
import { paymentErrorMessage, type CheckoutResult } from '@lectern/domain';
import { HttpError } from '../../platform/http/http-error.js';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter.js';
import type { CheckoutBuyer } from '../checkout/checkout.service.js';
import { alreadySubscribed, answer, checkoutInProgress } from './subscription-checkout-answers.js';
import type { SubscriptionCheckoutCharge } from './subscription-checkout-charge.js';
import type { SubscriptionCheckoutOutcomes } from './subscription-checkout-outcomes.js';
import { assertEventAllowed, assertPriceAccepted, cardOf } from './subscription-checkout-submit-checks.js';
import type { SubscriptionCheckoutSubmitRequest } from './subscription-checkout.schemas.js';
import type { SubscriptionCompletion } from './subscription-completion.js';
import { assertLicenseCount, type SubscriptionPrice } from './subscription-pricing.js';
import { billingOf, type Purchase, type PurchaseReader } from './subscription-purchase.js';
import type { SubscriptionCheckoutRow, SubscriptionsRepository } from './subscriptions.repository.js';

const IN_FLIGHT_WAIT_MS = 15_000;
const IN_FLIGHT_POLL_MS = 50;

/**
 * A subscription submit: one checkout per (user, checkout_ref), checked and priced on the
 * server before anything is stored; claimed by its insert (one new plan per subscriber, the
 * license ceiling race-safe); then applied at once when no card is involved, or sent to the
 * provider. A repeat answers its checkout.
 */
export function createSubscriptionCheckoutSubmit(deps: {
  repository: SubscriptionsRepository;
  purchases: Pick<PurchaseReader, 'purchaseOf' | 'priceOf'>;
  /** Card testing (design §6): failed card attempts per buyer. */
  failures: Pick<AttemptLimiter, 'assertAllowed'>;
  completion: Pick<SubscriptionCompletion, 'applyBilling'>;
  outcomes: Pick<SubscriptionCheckoutOutcomes, 'resultOf' | 'complete'>;
  charge: Pick<SubscriptionCheckoutCharge, 'pay'>;
  brandName: string;
}) {
  const { repository, purchases, failures, completion, brandName } = deps;
  const { purchaseOf, priceOf } = purchases;
  const { resultOf, complete } = deps.outcomes;

  /** A repeated submit: waits while the first request is still talking to the provider. */
  async function settle(row: SubscriptionCheckoutRow): Promise<CheckoutResult> {
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    let current = row;
    while (current.status === 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
      current = (await repository.checkout(row.id)) ?? current;
    }
    return resultOf(current);
  }

  /** UpdateBilling: stores the information and re-taxes the next charge; answers the rate change. */
  async function updateBilling(row: SubscriptionCheckoutRow, purchase: Purchase, price: SubscriptionPrice) {
    const { row: done, change } = await completion.applyBilling(row, purchase.enrollment!, price);
    return answer(done ?? row, 'succeeded', { tax_rate_change: change });
  }

  /** `POST /payment/checkout-submit/` with `checkout_environment: 'Subscription'`. */
  async function submit(
    buyer: CheckoutBuyer,
    defaultCountry: string,
    request: SubscriptionCheckoutSubmitRequest,
  ): Promise<CheckoutResult> {
    const existing = await repository.checkoutByRef(buyer.id, request.checkout_ref);
    if (existing) return settle(existing);
    await failures.assertAllowed(`user:${buyer.id}`).catch(() => {
      throw new HttpError(
        429,
        'too_many_failed_attempts',
        paymentErrorMessage('too_many_failed_attempts').text,
      );
    });
    const event = request.checkout_event;
    const purchase = await purchaseOf(buyer, event, request, defaultCountry);
    const { enrollment, option } = purchase;
    const upsell = event === 'UpsellSubmit';
    assertEventAllowed(purchase, event, brandName);

    const newPlan = event === 'Submit' || event === 'ResubscribeSubmit';
    const needsBilling = newPlan || event === 'UpdateBilling';
    const price = await priceOf(purchase, event);
    assertPriceAccepted(purchase, price, request, needsBilling);
    const { enteredCard, needsCard } = cardOf(purchase, price, request);

    const billing = needsBilling ? billingOf(purchase, request.billing_address) : null;
    const inserted = await repository.insertCheckout(
      {
        id: randomUUID(),
        userId: buyer.id,
        checkoutRef: request.checkout_ref,
        event,
        subscriberType: purchase.subscriber.type,
        subscriberId: purchase.subscriber.id,
        enrollmentId:
          enrollment && event !== 'ResubscribeSubmit' && event !== 'Submit' ? enrollment.id : null,
        status: 'processing',
        quote: price.quote,
        billing,
      },
      upsell && enrollment
        ? async (tx) => {
            // The ceiling is race-safe: upsells of one enrollment are checked one at a time,
            // counting the licenses that open upsells hold (design §5).
            const locked = await repository.enrollment(enrollment.id, tx, true);
            const held = await repository.licensesHeldByOpenUpsells(enrollment.id, tx);
            assertLicenseCount(purchase.licenses, 'upsell', option, (locked?.licenseCount ?? 0) + held);
          }
        : newPlan
          ? async (tx) => {
              // One new plan per subscriber at a time, decided before any provider call: a
              // second tab's paid start would otherwise be charged, then refunded. Under the
              // subscriber's lock: another one still open, else one that ended with a plan
              // since this request read the enrollment (its checkout and its plan commit together).
              const own = { userId: buyer.id, checkoutRef: request.checkout_ref };
              if (await repository.newPlanCheckoutOpen(purchase.subscriber, own, tx)) {
                throw checkoutInProgress();
              }
              const current = await repository.currentEnrollment(purchase.subscriber, tx);
              if (current && current.status !== 'EXPIRED') throw alreadySubscribed();
            }
          : undefined,
    );
    if (!inserted) return settle((await repository.checkoutByRef(buyer.id, request.checkout_ref))!);

    if (event === 'UpdateBilling') return updateBilling(inserted, purchase, price);
    if (!needsCard) return complete(inserted, null, null);

    return deps.charge.pay(inserted, { buyer, event, purchase, price, enteredCard });
  }

  return { submit };
}
