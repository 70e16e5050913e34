import {
  type SUBSCRIPTION_BUYABLE_TYPE,
  SUBSCRIPTION_RESULT_EVENT,
  type CheckoutResult,
  type PaymentInfo,
  type SubscriptionCheckoutInfo,
  type SubscriptionSubmitEvent,
} from '@lectern/domain';
import type { ApiClient } from '../../platform/api';
import { graphqlRequest } from '../../platform/graphql/graphql-request';
import type {
  CurrentSubscriptionEnrollmentQuery,
  SubscriptionPlansByProductTypeQuery,
  SubscriptionProductType,
} from '../../platform/graphql/graphql-types.generated';

const ROOT = { base: 'root' } as const;

/** Checkout-info events of the Subscription environment (a resubscribe is priced as its submit). */
export type SubscriptionInfoEvent = 'Info' | 'UpsellInfo' | SubscriptionSubmitEvent;

/** One plan item of `shopping_info` (checkout §7, team-plan §3). */
export interface SubscriptionItem {
  buyable: { id: string; buyable_object_type: typeof SUBSCRIPTION_BUYABLE_TYPE; checkout_ref?: string };
  /** Licenses of the plan; for an upsell, the licenses to add. */
  requested_seat_count?: number;
}

/** Checkout §2 billing address of the Subscription environment. */
export interface SubscriptionBillingAddress {
  country_code: string;
  secondary_location_info?: string | null;
  address_line1?: string;
  address_line2?: string;
  customer_name?: string;
  tax_number?: string;
}

/** `POST /payment/checkout-info/` with `checkout_environment: 'Subscription'`. */
export function fetchSubscriptionInfo(
  api: ApiClient,
  request: {
    event: SubscriptionInfoEvent;
    item: SubscriptionItem;
    billingAddress?: SubscriptionBillingAddress;
  },
  signal?: AbortSignal,
): Promise<SubscriptionCheckoutInfo> {
  return api.post<SubscriptionCheckoutInfo>(
    '/payment/checkout-info/',
    {
      requested_configs: ['checkout_config', 'billing_config', 'tax_config'],
      checkout_environment: 'Subscription',
      checkout_event: request.event,
      shopping_info: { items: [request.item] },
      ...(request.billingAddress ? { billing_address: request.billingAddress } : {}),
    },
    { ...ROOT, signal },
  );
}

export interface SubscriptionSubmit {
  event: SubscriptionSubmitEvent;
  /** Drawn once per attempt by the browser (a retry after a lost answer sends it again). */
  checkoutRef: string;
  item: SubscriptionItem;
  billingAddress?: SubscriptionBillingAddress;
  paymentInfo?: PaymentInfo;
  /** The total the buyer saw; the server charges nothing when its price differs (409 price_changed). */
  expectedTotal?: { amount: number; currency: string };
}

/** `POST /payment/checkout-submit/` of a subscription purchase. */
export function submitSubscription(api: ApiClient, submit: SubscriptionSubmit): Promise<CheckoutResult> {
  return api.post<CheckoutResult>(
    '/payment/checkout-submit/',
    {
      checkout_environment: 'Subscription',
      checkout_event: submit.event,
      checkout_ref: submit.checkoutRef,
      shopping_info: { items: [submit.item] },
      ...(submit.billingAddress ? { billing_address: submit.billingAddress } : {}),
      ...(submit.expectedTotal ? { expected_total: submit.expectedTotal } : {}),
      ...(submit.paymentInfo ? { payment_info: submit.paymentInfo } : {}),
    },
    ROOT,
  );
}

/** What the provider's SDK answered to the customer action of an `action_required` result. */
export type ActionCredentials =
  | { payment_method_id: string; action_result: string; checkout_ref?: string }
  | { payment_intent_id: string; action_result: string };

/** `PATCH /payment/checkout-submit/{payment_attempt_id}/` after 3-D Secure (checkout §4). */
export function submitSubscriptionResult(
  api: ApiClient,
  event: SubscriptionSubmitEvent,
  paymentAttemptId: string,
  credentials: ActionCredentials,
): Promise<CheckoutResult> {
  return api.patch<CheckoutResult>(
    `/payment/checkout-submit/${encodeURIComponent(paymentAttemptId)}/`,
    {
      checkout_environment: 'Subscription',
      checkout_event: SUBSCRIPTION_RESULT_EVENT[event],
      payment_info: { credentials },
    },
    ROOT,
  );
}

/** What `POST /payment/subscription-authenticate/` answers (a renewal the bank wants confirmed). */
export interface RenewalAuthenticationAnswer {
  status: 'succeeded' | 'action_required' | 'failed';
  message: string;
  /** With `action_required`: the provider's 3-D Secure page, which comes back to this page. */
  data: { redirect_url: string | null; client_secret: string | null } | null;
}

/**
 * `POST /payment/subscription-authenticate/`: confirms the renewal invoice on-session; asked
 * again when the provider's page sends the admin back. 404 for an invoice that is not the
 * user's plan, 409 `payment_closed` once the plan has ended.
 */
export function authenticateRenewal(api: ApiClient, invoiceId: number): Promise<RenewalAuthenticationAnswer> {
  return api.post<RenewalAuthenticationAnswer>(
    '/payment/subscription-authenticate/',
    { invoice_id: invoiceId },
    ROOT,
  );
}

export type CurrentEnrollment = NonNullable<
  CurrentSubscriptionEnrollmentQuery['currentSubscriptionEnrollment']
>;
export type SubscriptionPlan = SubscriptionPlansByProductTypeQuery['subscriptionPlansByProductType'][number];
export type PlanPriceOption = SubscriptionPlan['priceOptions'][number];
export type PaymentIssue = NonNullable<CurrentEnrollment['paymentIssue']>;

/** The admin's organization plan or the learner's personal plan; null when there is none. */
export async function fetchCurrentEnrollment(api: ApiClient): Promise<CurrentEnrollment | null> {
  const data = await graphqlRequest(api, 'CurrentSubscriptionEnrollment');
  return data.currentSubscriptionEnrollment ?? null;
}

export async function fetchPlans(
  api: ApiClient,
  productType: SubscriptionProductType,
): Promise<SubscriptionPlan[]> {
  const data = await graphqlRequest(api, 'SubscriptionPlansByProductType', { productType });
  return data.subscriptionPlansByProductType;
}

export async function cancelEnrollment(api: ApiClient, id: string) {
  const data = await graphqlRequest(api, 'SubscriptionEnrollmentCancel', { id });
  return data.subscriptionEnrollmentCancel;
}

export async function reactivateEnrollment(api: ApiClient, id: string) {
  const data = await graphqlRequest(api, 'SubscriptionEnrollmentReactivate', { id });
  return data.subscriptionEnrollmentReactivate;
}
