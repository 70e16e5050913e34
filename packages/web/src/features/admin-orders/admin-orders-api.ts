import {
  adminOrderApiPath,
  adminOrderRefundsApiPath,
  adminRefundRetryApiPath,
  PAGE_ROUTES,
  type AdminOrderDetail,
  type AdminOrdersPage,
  type AdminRefundRetryResponse,
  type AdminRefundsPage,
  type StaffRefundBody,
  type StaffRefundResponse,
} from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

/** The staff page of an order. */
export const adminOrderPath = (id: number) => PAGE_ROUTES.adminOrder.replace(':id', String(id));

/** Query text as the URL has it: only the keys with a value. */
const paramsOf = (search: URLSearchParams) =>
  Object.fromEntries([...search].filter(([, value]) => value !== ''));

/** `GET /api-2.0/admin/orders/` with the page's URL query (search, filters, sort, page). */
export function adminOrdersQuery(api: ApiClient, search: URLSearchParams) {
  const params = paramsOf(search);
  return queryOptions({
    queryKey: ['admin', 'orders', params],
    queryFn: ({ signal }) => api.get<AdminOrdersPage>('/admin/orders/', { params, signal }),
  });
}

export function adminOrderQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: ['admin', 'order', id],
    queryFn: ({ signal }) => api.get<AdminOrderDetail>(adminOrderApiPath(id), { signal }),
  });
}

/** `GET /api-2.0/admin/refunds/` with the page's URL query (view, age, search, page). */
export function adminRefundsQuery(api: ApiClient, search: URLSearchParams) {
  const params = paramsOf(search);
  return queryOptions({
    queryKey: ['admin', 'refunds', params],
    queryFn: ({ signal }) => api.get<AdminRefundsPage>('/admin/refunds/', { params, signal }),
  });
}

export const refundOrder = (api: ApiClient, orderId: number, body: StaffRefundBody) =>
  api.post<StaffRefundResponse>(adminOrderRefundsApiPath(orderId), body);

export const retryRefund = (api: ApiClient, refundId: number) =>
  api.post<AdminRefundRetryResponse>(adminRefundRetryApiPath(refundId));
