import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../platform/api';
import { CURRENT_ENROLLMENT_KEY } from '../subscriptions/subscription-queries';

/** Team-plan §2 older plan panel facts (`GET /api-2.0/organizations/{id}/plan/`). */
export interface PlanPanelFacts {
  enrollmentId: number;
  status: 'TRIAL' | 'ACTIVE' | 'CANCELED' | 'EXPIRED' | 'FUTURE';
  isPreview: boolean;
  isLimitedConsumptionTrial: boolean;
  usedLicenses: number;
  totalLicenses: number;
  endDate: string;
  autoRenew: boolean;
  hasPaymentMethod: boolean;
}

export type ActivityKind =
  | 'plan_started'
  | 'plan_cancelled'
  | 'payment_succeeded'
  | 'payment_failed'
  | 'invitation_sent'
  | 'invitation_accepted'
  | 'invitation_withdrawn'
  | 'billing_information_edited'
  | 'payment_method_changed';

/** One line of the recent activity (`GET /api-2.0/organizations/{id}/activity/`). */
export interface ActivityItem {
  kind: ActivityKind;
  date: string;
  actor: string | null;
  detail: string | null;
}

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
