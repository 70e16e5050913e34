import type {
  CheckoutResult,
  PaymentInfo,
  SubscriptionCheckoutInfo,
  TeamPlanPricingInfo,
} from '@lectern/domain';
import type { ApiClient } from '../../platform/api';
import { graphqlRequest, operation } from '../../platform/graphql/graphql-request';
import type {
  CurrentSubscriptionEnrollmentQuery,
  SubscriptionEnrollmentCancelMutation,
  SubscriptionEnrollmentReactivateMutation,
  SubscriptionPlansByProductTypeQuery,
  SubscriptionProductType,
} from '../../platform/graphql/graphql-types.generated';
import documents from './subscriptions.graphql?raw';

const ROOT = { base: 'root' } as const;

export type SubscriptionInfoEvent = 'Info' | 'UpsellInfo' | 'ResubscribeSubmit' | 'Update' | 'UpdateBilling';
export type SubscriptionSubmitEvent =
  'Submit' | 'UpsellSubmit' | 'ResubscribeSubmit' | 'Update' | 'UpdateBilling';

export interface SubscriptionItem {
  buyable: { id: string; buyable_object_type: 'subscription_plan_price_option'; checkout_ref?: string };
  requested_seat_count?: number;
}

export interface SubscriptionBillingAddress {
  country_code: string;
  secondary_location_info?: string | null;
  address_line1?: string;
  address_line2?: string;
  customer_name?: string;
  tax_number?: string;
}

export function fetchSubscriptionInfo(
  api: ApiClient,
  body: {
    checkout_event: SubscriptionInfoEvent;
    items: SubscriptionItem[];
    billing_address?: SubscriptionBillingAddress;
  },
  signal?: AbortSignal,
): Promise<SubscriptionCheckoutInfo> {
  return api.post<SubscriptionCheckoutInfo>(
    '/payment/checkout-info/',
    {
      requested_configs: ['checkout_config', 'billing_config', 'tax_config'],
      checkout_environment: 'Subscription',
      checkout_event: body.checkout_event,
      shopping_info: { items: body.items },
      ...(body.billing_address ? { billing_address: body.billing_address } : {}),
    },
    { ...ROOT, signal },
  );
}

export interface SubscriptionSubmit {
  checkout_event: SubscriptionSubmitEvent;
  checkout_ref: string;
  items: SubscriptionItem[];
  billing_address?: SubscriptionBillingAddress;
  payment_info?: PaymentInfo;
  expected_total?: { amount: number; currency: string };
}

export function submitSubscription(api: ApiClient, body: SubscriptionSubmit): Promise<CheckoutResult> {
  const { items, ...rest } = body;
  return api.post<CheckoutResult>(
    '/payment/checkout-submit/',
    { checkout_environment: 'Subscription', shopping_info: { items }, ...rest },
    ROOT,
  );
}

const RESULT_EVENT: Record<SubscriptionSubmitEvent, string> = {
  Submit: 'Result',
  UpsellSubmit: 'UpsellResult',
  ResubscribeSubmit: 'ResubscribeResult',
  Update: 'UpdateResult',
  UpdateBilling: 'UpdateBillingResult',
};

/** After 3-D Secure: the setup's card, or the payment, goes back to the server (checkout §4). */
export function submitSubscriptionResult(
  api: ApiClient,
  event: SubscriptionSubmitEvent,
  result: CheckoutResult,
): Promise<CheckoutResult> {
  const data = result.data;
  const credentials =
    data.authentication_type === 'setup'
      ? {
          payment_method_id: data.payment_method_id ?? '',
          action_result: 'succeeded',
          checkout_ref: data.checkout_ref,
        }
      : { payment_intent_id: (data.client_secret ?? '').split('_secret_')[0], action_result: 'succeeded' };
  return api.patch<CheckoutResult>(
    `/payment/checkout-submit/${encodeURIComponent(data.payment_attempt_id)}/`,
    {
      checkout_environment: 'Subscription',
      checkout_event: RESULT_EVENT[event],
      payment_info: { credentials },
    },
    ROOT,
  );
}

export function fetchPricingInfo(api: ApiClient, checkoutRef: string): Promise<TeamPlanPricingInfo> {
  return api.get<TeamPlanPricingInfo>('/payment/teamplan-pricing-info-view/', {
    ...ROOT,
    params: { checkout_ref: checkoutRef },
  });
}

export function businessSignUp(
  api: ApiClient,
  body: { organization_name: string; trial_extension?: string },
): Promise<{ organization: { id: number; title: string }; next: string }> {
  return api.post('/business/sign-up/', body);
}

export type CurrentEnrollment = NonNullable<
  CurrentSubscriptionEnrollmentQuery['currentSubscriptionEnrollment']
>;

export async function fetchCurrentEnrollment(api: ApiClient): Promise<CurrentEnrollment | null> {
  const data = await graphqlRequest<CurrentSubscriptionEnrollmentQuery>(
    api,
    operation(documents, 'CurrentSubscriptionEnrollment'),
  );
  return data.currentSubscriptionEnrollment ?? null;
}

export async function fetchPlans(
  api: ApiClient,
  productType: SubscriptionProductType,
  licenseCount?: number,
) {
  const data = await graphqlRequest<
    SubscriptionPlansByProductTypeQuery,
    { productType: SubscriptionProductType; licenseCount?: number }
  >(api, operation(documents, 'SubscriptionPlansByProductType'), {
    productType,
    ...(licenseCount ? { licenseCount } : {}),
  });
  return data.subscriptionPlansByProductType;
}

export async function cancelEnrollment(api: ApiClient, id: string) {
  return (
    await graphqlRequest<SubscriptionEnrollmentCancelMutation, { id: string }>(
      api,
      operation(documents, 'SubscriptionEnrollmentCancel'),
      { id },
    )
  ).subscriptionEnrollmentCancel;
}

export async function reactivateEnrollment(api: ApiClient, id: string) {
  return (
    await graphqlRequest<SubscriptionEnrollmentReactivateMutation, { id: string }>(
      api,
      operation(documents, 'SubscriptionEnrollmentReactivate'),
      { id },
    )
  ).subscriptionEnrollmentReactivate;
}
