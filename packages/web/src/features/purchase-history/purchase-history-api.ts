import {
  PURCHASE_HISTORY_PATHS,
  refundPath,
  type PurchaseDataType,
  type PurchaseHistoryResponse,
  type RefundQuote,
  type RefundRequestBody,
  type SubscriptionReceipt,
} from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

/** Every purchase-history page of every tab: what a new refund makes stale. */
export const PURCHASE_HISTORY_QUERY_KEY = ['purchase-history'] as const;

/**
 * While something shown is still on its way (`processing`: a refund or a payment pending), the
 * page asks again this often, so a pending refund turns into a refunded one without a reload.
 */
export const PROCESSING_REFETCH_MS = 5_000;

/** How often to ask again for a page of the history: only while the server says `processing`. */
export function processingRefetchInterval(data: PurchaseHistoryResponse | undefined): number | false {
  return data?.status === 'processing' ? PROCESSING_REFETCH_MS : false;
}

/**
 * Team-plan §7 `GET /purchase-history/purchase-history-data/?page_number=&data_type=`: one page
 * of one tab. The path sits outside `/api-2.0/`, so it is sent from the site root.
 */
export function purchaseHistoryQuery<T extends PurchaseDataType>(api: ApiClient, type: T, page: number) {
  return queryOptions({
    queryKey: [...PURCHASE_HISTORY_QUERY_KEY, type, page],
    queryFn: ({ signal }) =>
      api.get<PurchaseHistoryResponse<T>>(PURCHASE_HISTORY_PATHS.data, {
        base: 'root',
        params: { page_number: page, data_type: type },
        signal,
      }),
    refetchInterval: (query) => processingRefetchInterval(query.state.data),
  });
}

// The refund paths of the contract carry their `/api-2.0` prefix, so they go from the site root.

/** `GET /api-2.0/users/me/purchases/{lineId}/refund/`: what a refund of this bought course would be. */
export function refundQuoteQuery(api: ApiClient, lineId: number) {
  return queryOptions({
    queryKey: ['refund-quote', lineId],
    queryFn: ({ signal }) => api.get<RefundQuote>(refundPath(lineId), { base: 'root', signal }),
    // A quote goes stale as the deadline nears or a refund is asked for elsewhere.
    staleTime: 0,
  });
}

/** `POST` to the same path: ask for the refund (201). */
export function requestRefund(api: ApiClient, lineId: number, body: RefundRequestBody) {
  return api.post<unknown>(refundPath(lineId), body, { base: 'root' });
}

/** `GET /api-2.0/subscriptions/receipts/{id}/`: the receipt of one of the learner's plan charges. */
export function subscriptionReceiptQuery(api: ApiClient, paymentId: number) {
  return queryOptions({
    queryKey: ['subscription-receipt', paymentId],
    queryFn: ({ signal }) =>
      api.get<SubscriptionReceipt>(`/subscriptions/receipts/${paymentId}/`, { signal }),
  });
}
