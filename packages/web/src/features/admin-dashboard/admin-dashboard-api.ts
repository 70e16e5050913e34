import type { AdminAnalytics, AdminDashboard } from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

/** `GET /api-2.0/admin/dashboard/`: today's and the last 30 days' figures, alerts, newest orders. */
export function adminDashboardQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api.get<AdminDashboard>('/admin/dashboard/', { signal }),
    refetchInterval: 60_000,
  });
}

/** `GET /api-2.0/admin/analytics/?from=&to=`: the period's revenue figures beside the previous period's. */
export function adminAnalyticsQuery(api: ApiClient, period: { from: string; to: string }) {
  return queryOptions({
    queryKey: ['admin', 'analytics', period.from, period.to],
    queryFn: ({ signal }) => api.get<AdminAnalytics>('/admin/analytics/', { params: period, signal }),
    refetchInterval: 60_000,
  });
}
