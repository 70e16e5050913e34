import {
  PAGE_ROUTES,
  type AdminCustomerDetail,
  type AdminCustomerSummary,
  type AdminPage,
  type CustomerAnonymised,
  type CustomerAnonymiseInput,
  type CustomerCreditChanged,
  type CustomerCreditInput,
} from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

/** The staff page of a customer. */
export const adminCustomerPath = (id: number) => PAGE_ROUTES.adminCustomer.replace(':id', String(id));

/** `GET /api-2.0/admin/customers/` with the page's URL query (search, sort, page). */
export function adminCustomersQuery(api: ApiClient, params: Record<string, string>) {
  return queryOptions({
    queryKey: ['admin', 'customers', params],
    queryFn: ({ signal }) =>
      api.get<AdminPage<AdminCustomerSummary>>('/admin/customers/', { params, signal }),
  });
}

export function adminCustomerQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: ['admin', 'customer', id],
    queryFn: ({ signal }) => api.get<AdminCustomerDetail>(`/admin/customers/${id}/`, { signal }),
  });
}

export const changeCustomerCredit = (api: ApiClient, id: number, input: CustomerCreditInput) =>
  api.post<CustomerCreditChanged>(`/admin/customers/${id}/credit/`, input);

export const revokeCustomerSessions = (api: ApiClient, id: number, reason?: string) =>
  api.post<{ revoked: number }>(`/admin/customers/${id}/sessions/revoke/`, reason ? { reason } : {});

export const anonymiseCustomer = (api: ApiClient, id: number, input: CustomerAnonymiseInput) =>
  api.post<CustomerAnonymised>(`/admin/customers/${id}/anonymise/`, input);
