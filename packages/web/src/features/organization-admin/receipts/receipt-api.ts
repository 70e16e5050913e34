import type { SubscriptionReceipt } from '@lectern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../platform/api';

/** Team-plan §3 organization billing (receipt): what the receipts' 'Sold to' block says. */
export interface ReceiptDetails {
  exists: boolean;
  name: string;
  address: string;
  address2: string;
  taxId: string;
}

export type ReceiptDetailsInput = Omit<ReceiptDetails, 'exists'>;

const receiptKey = (organizationId: number, paymentId: number) =>
  ['organization-admin', organizationId, 'receipt', paymentId] as const;
const receiptDetailsKey = (organizationId: number) =>
  ['organization-admin', organizationId, 'receipt-details'] as const;

export function fetchReceipt(api: ApiClient, organizationId: number, paymentId: number) {
  return api.get<SubscriptionReceipt>(`/organizations/${organizationId}/receipts/${paymentId}/`);
}

export function fetchReceiptDetails(api: ApiClient, organizationId: number) {
  return api.get<ReceiptDetails>(`/organizations/${organizationId}/receipt-details/`);
}

export function saveReceiptDetails(api: ApiClient, organizationId: number, details: ReceiptDetailsInput) {
  return api.put<ReceiptDetails>(`/organizations/${organizationId}/receipt-details/`, details);
}

/** One receipt; loaded only once `enabled` (after the receipt details are known to exist). */
export function useReceipt(organizationId: number, paymentId: number, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: receiptKey(organizationId, paymentId),
    queryFn: () => fetchReceipt(api, organizationId, paymentId),
    enabled,
  });
}

/** Whether the organization has billing details for its receipts, and what they are. */
export function useReceiptDetails(organizationId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: receiptDetailsKey(organizationId),
    queryFn: () => fetchReceiptDetails(api, organizationId),
  });
}

/**
 * Saves the receipt details; the stored answer replaces the cached one, and every receipt of
 * the organization is loaded again (its 'Sold to' block changed).
 */
export function useSaveReceiptDetails(organizationId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: ReceiptDetailsInput) => saveReceiptDetails(api, organizationId, details),
    onSuccess: async (saved) => {
      queryClient.setQueryData(receiptDetailsKey(organizationId), saved);
      await queryClient.invalidateQueries({ queryKey: ['organization-admin', organizationId, 'receipt'] });
    },
  });
}
