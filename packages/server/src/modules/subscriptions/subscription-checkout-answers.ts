import {
  CHECKOUT_MESSAGES,
  PAGE_ROUTES,
  planPagesOf,
  SUBSCRIPTION_MESSAGES,
  checkoutReferenceOf,
  type CheckoutResult,
} from '@lectern/domain';
import { HttpError } from '../../platform/http/http-error.js';
import { checkoutResult } from '../checkout/checkout-answers.js';
import type { GatewayNextAction } from '../payments/payment-gateway.js';
import type { SubscriptionCheckoutRow } from './subscriptions.repository.js';

// What a subscription checkout answers (checkout §3 result, §4 success messages).

/** A checkout still waiting for the provider or the buyer. */
export const OPEN_CHECKOUT = ['processing', 'requires_action'] as const;

/** Where each product's buyer lands after a new plan (the admin area comes with its own issue). */
export const MANAGE_SUBSCRIPTIONS_PATH = PAGE_ROUTES.manageSubscriptions;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const regionRestricted = (upsell: boolean, brand: string) =>
  new HttpError(
    400,
    'region_restricted',
    `${upsell ? SUBSCRIPTION_MESSAGES.regionRestrictedLicenses : SUBSCRIPTION_MESSAGES.regionRestrictedNew(brand)} ${SUBSCRIPTION_MESSAGES.regionRestrictedBody}`,
  );

/** A new plan for a subscriber who has a running one (refused before any provider call). */
export const alreadySubscribed = () =>
  new HttpError(409, 'already_subscribed', SUBSCRIPTION_MESSAGES.alreadySubscribed);

/**
 * Another new-plan checkout of the subscriber is still open (two tabs, two admins, a double
 * click with fresh references): refused before its provider call, so one plan is paid once.
 */
export const checkoutInProgress = () =>
  new HttpError(409, 'purchase_in_progress', SUBSCRIPTION_MESSAGES.checkoutInProgress);

/** The checkout §3 result of a subscription checkout, with its success message and next page. */
export function answer(
  row: SubscriptionCheckoutRow,
  status: CheckoutResult['status'],
  data: Partial<CheckoutResult['data']> = {},
): CheckoutResult {
  const succeeded = status === 'succeeded';
  return checkoutResult(
    row,
    status,
    {
      redirect_url: succeeded ? redirectOf(row) : null,
      subscription_checkout_ref: row.enrollmentId === null ? null : checkoutReferenceOf(row.enrollmentId),
      proration_payment_attempt_id: row.event === 'UpsellSubmit' && row.quote.total > 0 ? row.id : null,
      ...data,
    },
    succeeded ? successMessage(row) : null,
  );
}

function successMessage(row: SubscriptionCheckoutRow): string {
  switch (row.event) {
    case 'UpsellSubmit':
      return CHECKOUT_MESSAGES.licensesAdded;
    case 'Update':
      return CHECKOUT_MESSAGES.paymentInfoUpdated;
    case 'UpdateBilling':
      return CHECKOUT_MESSAGES.billingUpdated;
    default:
      return CHECKOUT_MESSAGES.subscriptionStarted;
  }
}

/** Where the subscriber's plan is managed (domain `planPagesOf`). */
export const planPageOf = (row: Pick<SubscriptionCheckoutRow, 'subscriberType'>) =>
  planPagesOf(row.subscriberType).manage;

/** Checkout §4: a new plan redirects to where it is managed; updates complete on the page they came from. */
const redirectOf = (row: SubscriptionCheckoutRow) =>
  row.event === 'Submit' || row.event === 'ResubscribeSubmit' || row.event === 'UpsellSubmit'
    ? planPageOf(row)
    : null;

/** The browser's step (checkout §4): the SDK handles 3-D Secure in place, or the page redirects. */
export function actionOf(
  action: GatewayNextAction | null,
): NonNullable<CheckoutResult['data']['action_data']> {
  if (action?.type === 'redirect_to_url') return { type: 'redirect_to_url', url: action.url };
  return { type: 'use_sdk', ...(action?.type === 'use_sdk' && action.url ? { url: action.url } : {}) };
}
