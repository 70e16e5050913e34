import { SUBSCRIPTION_BUYABLE_TYPE, type BillingHistory, type CheckoutResult } from '@lectern/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isApiError, useApiClient, type ApiClient } from '../../../platform/api';
import {
  submitSubscription,
  type CurrentEnrollment,
  type SubscriptionBillingAddress,
  type SubscriptionItem,
} from '../../subscriptions/subscription-api';
import { CURRENT_ENROLLMENT_KEY } from '../../subscriptions/subscription-queries';

/**
 * Team-plan §3 billing information (read) of the organization's subscription
 * (`GET /api-2.0/organizations/{id}/billing-information/`): the address on file, and who last
 * changed it when.
 */
export interface BillingInformation {
  customer_name: string | null;
  address_line1: string | null;
  address_line2: string | null;
  country: string | null;
  secondary_location: string | null;
  tax_number: string | null;
  created_by: string | null;
  created: string | null;
}

/** Records per page of the billing history table. */
export const BILLING_HISTORY_PAGE_SIZE = 10;

export const organizationBillingKey = (organizationId: number) =>
  ['organization-admin', organizationId, 'billing-information'] as const;

export function fetchBillingInformation(api: ApiClient, organizationId: number) {
  return api.get<BillingInformation>(`/organizations/${organizationId}/billing-information/`);
}

export function fetchBillingHistory(api: ApiClient, organizationId: number, page: number) {
  return api.get<BillingHistory>(`/organizations/${organizationId}/billing-history/`, {
    params: { page, page_size: BILLING_HISTORY_PAGE_SIZE },
  });
}

/** The billing information panel's data; refetched after the billing information is edited. */
export function useBillingInformation(organizationId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: organizationBillingKey(organizationId),
    queryFn: () => fetchBillingInformation(api, organizationId),
  });
}

/** One page of the billing history; the previous page stays on screen while the next loads. */
export function useBillingHistory(organizationId: number, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['organization-admin', organizationId, 'billing-history', page],
    queryFn: () => fetchBillingHistory(api, organizationId, page),
    placeholderData: keepPreviousData,
  });
}

/** The plan item a billing update names: the enrollment's price option and checkout reference. */
export function updateBillingItem(enrollment: CurrentEnrollment): SubscriptionItem {
  return {
    buyable: {
      id: enrollment.priceOptionId,
      buyable_object_type: SUBSCRIPTION_BUYABLE_TYPE,
      checkout_ref: enrollment.checkoutReference,
    },
  };
}

/**
 * Team-plan §4 `update_billing` (`POST /payment/checkout-submit/`, event `UpdateBilling`): stores
 * the billing information and re-taxes the next charge. On success the billing information, the
 * plan's pricing and checkout prices are loaded again. The attempt's reference is kept for a
 * retry after a lost answer and drawn anew after any answer.
 */
export function useUpdateBilling(organizationId: number, enrollment: CurrentEnrollment) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const checkoutRef = useRef<string | null>(null);
  return useMutation({
    mutationFn: (billingAddress: SubscriptionBillingAddress): Promise<CheckoutResult> => {
      checkoutRef.current ??= crypto.randomUUID();
      return submitSubscription(api, {
        event: 'UpdateBilling',
        checkoutRef: checkoutRef.current,
        item: updateBillingItem(enrollment),
        billingAddress,
      });
    },
    onSettled: (_result, error) => {
      if (!error || (isApiError(error) && error.isParsedError)) checkoutRef.current = null;
    },
    onSuccess: (result) => {
      if (result.status !== 'succeeded') return;
      for (const queryKey of [
        organizationBillingKey(organizationId),
        CURRENT_ENROLLMENT_KEY,
        ['subscriptions', 'checkout-info'],
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
