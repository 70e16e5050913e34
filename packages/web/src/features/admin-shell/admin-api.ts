import type { StaffPermission, StaffRole } from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

/** `GET /api-2.0/admin/me/`: the signed-in staff member, their role and what it allows. */
export interface StaffMe {
  user_id: number;
  email: string;
  name: string;
  role: StaffRole;
  permissions: StaffPermission[];
}

export function staffMeQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => api.get<StaffMe>('/admin/me/', { signal }),
    staleTime: 60_000,
    retry: false,
  });
}
