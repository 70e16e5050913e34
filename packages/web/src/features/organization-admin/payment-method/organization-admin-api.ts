import { useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../platform/api';

/**
 * Team-plan §3 active payment method of the organization's subscription
 * (`GET /api-2.0/organizations/{id}/active-payment-method/`): the stored card, if any, and who
 * last changed it.
 */
export interface ActivePaymentMethod {
  spm_info: {
    data: {
      id: string;
      created: string | null;
      payment_method_details: {
        card: { last_4_digit: string | null; brand: string | null; expired: boolean };
      };
    } | null;
  };
  last_edit_user: { name: string | null; date: string | null } | null;
}

export function fetchActivePaymentMethod(api: ApiClient, organizationId: number) {
  return api.get<ActivePaymentMethod>(`/organizations/${organizationId}/active-payment-method/`);
}

export function useActivePaymentMethod(organizationId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['organization-admin', organizationId, 'active-payment-method'],
    queryFn: () => fetchActivePaymentMethod(api, organizationId),
  });
}
