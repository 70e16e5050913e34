import type { ActivityItem, PlanPanelFacts } from '@lectern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../platform/api';
import { CURRENT_ENROLLMENT_KEY } from '../../subscriptions/subscription-queries';

const planKey = (organizationId: number) => ['organization-admin', organizationId, 'plan'] as const;
const activityKey = (organizationId: number) => ['organization-admin', organizationId, 'activity'] as const;
const paymentMethodKey = (organizationId: number) =>
  ['organization-admin', organizationId, 'active-payment-method'] as const;

export function usePlanFacts(organizationId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: planKey(organizationId),
    queryFn: () => api.get<{ plan: PlanPanelFacts | null }>(`/organizations/${organizationId}/plan/`),
    select: (answer) => answer.plan,
  });
}

export function useRecentActivity(organizationId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: activityKey(organizationId),
    queryFn: () => api.get<{ results: ActivityItem[] }>(`/organizations/${organizationId}/activity/`),
    select: (answer) => answer.results,
  });
}

/** Everything the overview shows that a change of the plan or its card can alter. */
export function useRefreshPlan(organizationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        planKey(organizationId),
        activityKey(organizationId),
        paymentMethodKey(organizationId),
        CURRENT_ENROLLMENT_KEY,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** Deletes the stored card (`DELETE …/active-payment-method/`): automatic renewal goes off. */
export function useRemoveCard(organizationId: number) {
  const api = useApiClient();
  const refresh = useRefreshPlan(organizationId);
  return useMutation({
    mutationFn: () => api.delete(`/organizations/${organizationId}/active-payment-method/`),
    onSettled: refresh,
  });
}
