import type { OrganizationInvitationDetails, OrganizationRole } from '@lectern/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../platform/api';
import { CURRENT_ENROLLMENT_KEY } from '../../subscriptions/subscription-queries';

/** A member of the organization as the admin API lists them (`GET .../members/`). */
export interface OrganizationMember {
  id: number;
  name: string;
  email: string;
  role: OrganizationRole;
  /** Whether they hold one of the plan's licenses (false once the plan expired). */
  has_license: boolean;
  /** When their last session was active; null when they never signed in. */
  last_activity: string | null;
}

export interface MembersPage {
  count: number;
  total_pages: number;
  results: OrganizationMember[];
}

/** An open invitation: it holds a license until it is accepted or withdrawn. */
export interface OrganizationInvitation {
  id: number;
  email: string;
  role: OrganizationRole;
  invited_by: number | null;
  created: string;
}

/** `POST /organization-invitations/accept/`: the organization joined and the role in it. */
export interface AcceptedInvitation {
  organization: { id: number; name: string };
  role: OrganizationRole;
}

/** Members shown per page of the users table. */
export const MEMBERS_PAGE_SIZE = 20;

const base = (organizationId: number) => `/organizations/${organizationId}`;
const membersKey = (organizationId: number) => ['organization-admin', organizationId, 'members'] as const;
const invitationsKey = (organizationId: number) =>
  ['organization-admin', organizationId, 'invitations'] as const;

export function fetchMembers(api: ApiClient, organizationId: number, page: number) {
  return api.get<MembersPage>(`${base(organizationId)}/members/`, {
    params: { page, page_size: MEMBERS_PAGE_SIZE },
  });
}

export async function fetchInvitations(api: ApiClient, organizationId: number) {
  return (await api.get<{ results: OrganizationInvitation[] }>(`${base(organizationId)}/invitations/`))
    .results;
}

/** One page of the members; the previous page stays on screen while the next one loads. */
export function useMembers(organizationId: number, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...membersKey(organizationId), page],
    queryFn: () => fetchMembers(api, organizationId, page),
    placeholderData: keepPreviousData,
  });
}

/** The open invitations (each holds a license, so the invite page counts them too). */
export function useInvitations(organizationId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: invitationsKey(organizationId),
    queryFn: () => fetchInvitations(api, organizationId),
  });
}

/**
 * What a change of members or invitations makes stale: the lists, the plan's used-license
 * count (read from the current enrollment by the licenses meter) and the recent activity
 * (every such change is in the organization's audit log).
 */
function useInvalidateMembers(organizationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(organizationId) }),
      queryClient.invalidateQueries({ queryKey: invitationsKey(organizationId) }),
      queryClient.invalidateQueries({ queryKey: CURRENT_ENROLLMENT_KEY }),
      queryClient.invalidateQueries({ queryKey: ['organization-admin', organizationId, 'activity'] }),
    ]);
}

/** `POST .../ownership-transfer/`: who is the owner now, and the caller's new role. */
export interface OwnershipTransferred {
  new_owner: { id: number; role: 'owner' };
  previous_owner: { id: number; role: 'admin' };
}

/**
 * `PATCH .../members/{userId}/ {role}`: the server applies the domain's rules of who may change
 * whom (403 otherwise) and refuses to leave the organization without an owner (409).
 */
export function useChangeRole(organizationId: number) {
  const api = useApiClient();
  const invalidate = useInvalidateMembers(organizationId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: OrganizationRole }) =>
      api.patch<void>(`${base(organizationId)}/members/${userId}/`, { role }),
    onSuccess: invalidate,
  });
}

/** `DELETE .../members/{userId}/`: the member leaves and their license is free again. */
export function useRemoveMember(organizationId: number) {
  const api = useApiClient();
  const invalidate = useInvalidateMembers(organizationId);
  return useMutation({
    mutationFn: (userId: number) => api.delete(`${base(organizationId)}/members/${userId}/`),
    onSuccess: invalidate,
  });
}

/**
 * `POST .../ownership-transfer/ {member_id, confirm}` (owners only): the member becomes the
 * owner and the caller an admin; `confirm` is the organization's name as typed.
 */
export function useTransferOwnership(organizationId: number) {
  const api = useApiClient();
  const invalidate = useInvalidateMembers(organizationId);
  return useMutation({
    mutationFn: ({ memberId, confirm }: { memberId: number; confirm: string }) =>
      api.post<OwnershipTransferred>(`${base(organizationId)}/ownership-transfer/`, {
        member_id: memberId,
        confirm,
      }),
    onSuccess: invalidate,
  });
}

/** `DELETE .../invitations/{id}/`: the mailed link stops working and the license is free again. */
export function useWithdrawInvitation(organizationId: number) {
  const api = useApiClient();
  const invalidate = useInvalidateMembers(organizationId);
  return useMutation({
    mutationFn: (id: number) => api.delete(`${base(organizationId)}/invitations/${id}/`),
    onSuccess: invalidate,
  });
}

/**
 * `POST .../invitations/ {emails, role}`: all or nothing, each invitation holding a license
 * (409 `license_limit_reached`, `already_invited`, `no_active_plan` otherwise).
 */
export function useInvite(organizationId: number) {
  const api = useApiClient();
  const invalidate = useInvalidateMembers(organizationId);
  return useMutation({
    mutationFn: async (input: { emails: string[]; role: OrganizationRole }) =>
      (await api.post<{ results: OrganizationInvitation[] }>(`${base(organizationId)}/invitations/`, input))
        .results,
    onSuccess: invalidate,
  });
}

/**
 * `GET /organization-invitations/details/?token=`: who invites to which organization, as what,
 * and whether it may still be accepted (anyone holding the link may read it).
 */
export function useInvitationDetails(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['organization-invitation', token],
    queryFn: () =>
      api.get<OrganizationInvitationDetails>('/organization-invitations/details/', { params: { token } }),
    enabled: token !== '',
  });
}

/** `POST /organization-invitations/accept/ {token}`: the signed-in user joins the inviting organization. */
export function acceptInvitation(api: ApiClient, token: string) {
  return api.post<AcceptedInvitation>('/organization-invitations/accept/', { token });
}
