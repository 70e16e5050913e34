import type { AdminDashboard } from '@lectern/domain';
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
