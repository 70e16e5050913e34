import { CHECKOUT_MESSAGES, isRegionRestricted } from '@lectern/domain';
import { HttpError, validationError } from '../../platform/http/http-error.js';
import { alreadySubscribed, regionRestricted } from './subscription-checkout-answers.js';
import type { SubscriptionCheckoutSubmitRequest } from './subscription-checkout.schemas.js';
import { assertLicenseCount, type SubscriptionPrice } from './subscription-pricing.js';
import { billingErrorsOf, type Purchase } from './subscription-purchase.js';

// The refusals of a subscription submit before anything is stored or charged (checkout §4,
// team-plan §2, §4, §7): each throws the answer, and none changes anything.

type SubmitEvent = SubscriptionCheckoutSubmitRequest['checkout_event'];

/**
 * Whether the event may change this subscriber's plan as it stands: no team plan sold where it
 * is restricted (its card and billing still change), no second running plan, a resubscribe of an
 * expired plan only, no change to an expired one, licenses added in trial or active only, and
 * within the option's license counts.
 */
export function assertEventAllowed(purchase: Purchase, event: SubmitEvent, brandName: string): void {
  const { enrollment, option } = purchase;
  const upsell = event === 'UpsellSubmit';

  if (
    purchase.productType === 'TEAM' &&
    isRegionRestricted(purchase.location.country) &&
    event !== 'UpdateBilling' &&
    event !== 'Update'
  ) {
    throw regionRestricted(upsell, brandName);
  }
  if (event === 'Submit' && enrollment && enrollment.status !== 'EXPIRED') {
    throw alreadySubscribed();
  }
  if (event === 'ResubscribeSubmit' && enrollment?.status !== 'EXPIRED') {
    throw new HttpError(
      409,
      'not_expired',
      'Only an expired plan can be resubscribed; this one is still running.',
    );
  }
  if ((upsell || event === 'Update' || event === 'UpdateBilling') && enrollment?.status === 'EXPIRED') {
    throw new HttpError(409, 'subscription_expired', 'This plan has expired. Resubscribe to change it.');
  }
  if (upsell && enrollment && enrollment.status !== 'TRIAL' && enrollment.status !== 'ACTIVE') {
    throw new HttpError(409, 'not_upsellable', 'Licenses can be added to a plan in trial or active only.');
  }
  if (event === 'Submit' || event === 'ResubscribeSubmit')
    assertLicenseCount(purchase.licenses, 'new', option);
  if (upsell) assertLicenseCount(purchase.licenses, 'upsell', option, enrollment?.licenseCount ?? 0);
}

/**
 * The priced purchase as the buyer may submit it: complete billing information where it is
 * stored, a location that can be taxed where tax is due or billing stored, and the total the
 * buyer agreed to.
 */
export function assertPriceAccepted(
  purchase: Purchase,
  price: SubscriptionPrice,
  request: Pick<SubscriptionCheckoutSubmitRequest, 'billing_address' | 'expected_total'>,
  /** Whether the submit stores billing information (a new plan, a billing update). */
  needsBilling: boolean,
): void {
  const fieldErrors: Record<string, string[]> = needsBilling
    ? billingErrorsOf(purchase, request.billing_address)
    : {};
  if (price.taxError && (needsBilling || price.today.total.amount > 0)) {
    fieldErrors['billing_address.secondary_location_info'] = [price.taxError];
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const seen = request.expected_total;
  if (
    seen &&
    (seen.amount !== price.today.total.amount || seen.currency.toUpperCase() !== price.quote.currency)
  ) {
    throw new HttpError(
      409,
      'price_changed',
      'The total of this purchase changed. Please review it and submit again; nothing was charged.',
    );
  }
}

/**
 * The card a submit pays or stores with: a new plan, a resubscribe and a card update need one
 * (the entered one, or the stored one), as does a paid upsell (the stored one unless another is
 * entered). Refuses a submit that needs a card and has none.
 */
export function cardOf(
  purchase: Pick<Purchase, 'profile'>,
  price: SubscriptionPrice,
  request: Pick<SubscriptionCheckoutSubmitRequest, 'checkout_event' | 'payment_info'>,
): { enteredCard: string | null; needsCard: boolean } {
  const event = request.checkout_event;
  const upsell = event === 'UpsellSubmit';
  const credentials = request.payment_info?.credentials ?? {};
  const enteredCard = 'payment_method_id' in credentials ? credentials.payment_method_id : null;
  const profile = purchase.profile;
  const paid = price.today.total.amount > 0;
  // A new plan, a resubscribe and a card update need a card: the one entered, or the stored one.
  const usesStoredCard = !enteredCard && 'stored_payment_method_id' in credentials;
  const needsCard =
    event === 'Submit' || event === 'ResubscribeSubmit' || event === 'Update' || (upsell && paid);
  if (needsCard && !enteredCard && !(usesStoredCard || upsell)) {
    throw validationError({ 'payment_info.credentials': [CHECKOUT_MESSAGES.noMethod] });
  }
  if (needsCard && !enteredCard && !profile?.paymentMethodId) {
    throw validationError({
      'payment_info.credentials': ['There is no stored card on this subscription; enter a card.'],
    });
  }
  return { enteredCard, needsCard };
}
