import {
  ADMIN_SUBSCRIPTION_STATUS_LABELS,
  adminSubscriptionActionApiPath,
  adminSubscriptionApiPath,
  adminSubscriptionInvoiceApiPath,
  adminSubscriptionRefundApiPath,
  PAGE_ROUTES,
  type AdminSubscriptionDetail,
  type AdminSubscriptionsPage,
  type AdminSubscriptionStatus,
  type StaffSubscriptionActionResponse,
} from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

/** The staff page of a plan. */
export const adminSubscriptionPath = (id: number) => PAGE_ROUTES.adminSubscription.replace(':id', String(id));

/** Query text as the URL has it: only the keys with a value. */
const paramsOf = (search: URLSearchParams) =>
  Object.fromEntries([...search].filter(([, value]) => value !== ''));

/** `GET /api-2.0/admin/subscriptions/` with the page's URL query (search, filters, sort, page). */
export function adminSubscriptionsQuery(api: ApiClient, search: URLSearchParams) {
  const params = paramsOf(search);
  return queryOptions({
    queryKey: ['admin', 'subscriptions', params],
    queryFn: ({ signal }) => api.get<AdminSubscriptionsPage>('/admin/subscriptions/', { params, signal }),
  });
}

export function adminSubscriptionQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: ['admin', 'subscription', id],
    queryFn: ({ signal }) => api.get<AdminSubscriptionDetail>(adminSubscriptionApiPath(id), { signal }),
  });
}

/** One staff action on a plan: its path and body. */
export type SubscriptionAction =
  | { kind: 'cancel'; body: { when: 'now' | 'period_end'; reason: string } }
  | { kind: 'reactivate'; body: { reason: string } }
  | { kind: 'extend'; body: { days: number; expected_period_end: string; reason: string } }
  | { kind: 'licenses'; body: { licenses: number; reason: string } }
  | { kind: 'retry'; invoiceId: number; body: { expected_attempts: number; reason: string } }
  | { kind: 'uncollectible'; invoiceId: number; body: { reason: string } }
  | { kind: 'refund'; chargeId: number; body: { mode: 'whole' | 'prorated'; reason: string } };

export function runSubscriptionAction(api: ApiClient, id: number, action: SubscriptionAction) {
  const path =
    action.kind === 'retry' || action.kind === 'uncollectible'
      ? adminSubscriptionInvoiceApiPath(id, action.invoiceId, action.kind)
      : action.kind === 'refund'
        ? adminSubscriptionRefundApiPath(id, action.chargeId)
        : adminSubscriptionActionApiPath(id, action.kind);
  return api.post<StaffSubscriptionActionResponse>(path, action.body);
}

const STATUS_COLORS: Record<AdminSubscriptionStatus, string> = {
  trial: 'blue',
  active: 'green',
  past_due: 'red',
  cancelled: 'yellow',
  expired: 'gray',
};

export const subscriptionStatusColor = (status: AdminSubscriptionStatus) => STATUS_COLORS[status];
export const subscriptionStatusLabel = (status: AdminSubscriptionStatus) =>
  ADMIN_SUBSCRIPTION_STATUS_LABELS[status];
