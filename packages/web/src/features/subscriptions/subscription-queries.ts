import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';
import { useApiClient } from '../../platform/api';
import type { SubscriptionProductType } from '../../platform/graphql/graphql-types.generated';
import { fetchCurrentEnrollment, fetchPlans, type PlanPriceOption } from './subscription-api';

/** Cached per user by the query client; checkouts and cancel/reactivate invalidate it. */
export const CURRENT_ENROLLMENT_KEY = ['subscriptions', 'current-enrollment'] as const;

/** The plan the user manages (the server's render prefetches it for the Personal Plan page). */
export function currentEnrollmentQuery(api: ApiClient) {
  return queryOptions({ queryKey: CURRENT_ENROLLMENT_KEY, queryFn: () => fetchCurrentEnrollment(api) });
}

export function useCurrentEnrollment(enabled = true) {
  const api = useApiClient();
  return useQuery({ ...currentEnrollmentQuery(api), enabled });
}

/** A product's plans as the server sends them (the server's render prefetches the same query). */
export function plansQuery(api: ApiClient, productType: SubscriptionProductType) {
  return queryOptions({
    queryKey: ['subscriptions', 'plans', productType],
    queryFn: () => fetchPlans(api, productType),
  });
}

/** The price options of a product's plan (team-plan §3), yearly first. */
export function usePlanOptions(productType: SubscriptionProductType) {
  const api = useApiClient();
  return useQuery({
    ...plansQuery(api, productType),
    select: (plans): PlanPriceOption[] =>
      [...(plans[0]?.priceOptions ?? [])].sort(
        (a, b) => Number(b.renewalInterval.type === 'YEAR') - Number(a.renewalInterval.type === 'YEAR'),
      ),
  });
}
