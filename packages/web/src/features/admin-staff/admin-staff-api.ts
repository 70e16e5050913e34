import type {
  AdminPage,
  AdminStaffInvitation,
  AdminStaffMember,
  BackOfficeSettings,
  BackOfficeSettingsInput,
  SalesContactSettings,
  StaffInvitationAccepted,
  StaffInvitationInput,
  StaffRole,
} from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

/** `GET /api-2.0/admin/staff/` with the page's URL query (search, role, sort, page). */
export function staffQuery(api: ApiClient, params: Record<string, string>) {
  return queryOptions({
    queryKey: ['admin', 'staff', params],
    queryFn: ({ signal }) => api.get<AdminPage<AdminStaffMember>>('/admin/staff/', { params, signal }),
  });
}

export function staffInvitationsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'staff-invitations'],
    queryFn: ({ signal }) =>
      api.get<{ results: AdminStaffInvitation[] }>('/admin/staff/invitations/', { signal }),
  });
}

export function backOfficeSettingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'settings'],
    queryFn: ({ signal }) => api.get<BackOfficeSettings>('/admin/settings/', { signal }),
  });
}

export const changeStaffRole = (api: ApiClient, userId: number, role: StaffRole) =>
  api.patch<AdminStaffMember>(`/admin/staff/${userId}/`, { role });

export const removeStaffMember = (api: ApiClient, userId: number) => api.delete(`/admin/staff/${userId}/`);

export const inviteStaff = (api: ApiClient, input: StaffInvitationInput) =>
  api.post<AdminStaffInvitation>('/admin/staff/invitations/', input);

export const revokeStaffInvitation = (api: ApiClient, id: number) =>
  api.delete(`/admin/staff/invitations/${id}/`);

export const saveBackOfficeSettings = (api: ApiClient, input: BackOfficeSettingsInput) =>
  api.put<BackOfficeSettings>('/admin/settings/', input);

/** Issue 34: the four sales links, each a value or null (the default). */
export const saveSalesContact = (api: ApiClient, input: SalesContactSettings) =>
  api.put<BackOfficeSettings>('/admin/settings/sales-contact/', input);

export const acceptStaffInvitation = (api: ApiClient, token: string) =>
  api.post<StaffInvitationAccepted>('/staff-invitations/accept/', { token });
