import {
  USER_CONTEXT_FLAGS,
  type AuthenticatedMe,
  type UpdateMeBody,
  type UserContextResponse,
} from '@lectern/domain';
import type { ApiClient } from '../../platform/api';

/**
 * The user context's calls, and its key in the query cache; without the query cache itself,
 * which islands (app/islands) do not load.
 */
export const USER_CONTEXT_QUERY_KEY = ['user-context'] as const;

/** `?me=True&visiting=True&...`: the server sends only the parts that are asked for. */
const USER_CONTEXT_PARAMS = Object.fromEntries(USER_CONTEXT_FLAGS.map((flag) => [flag, 'True']));

export function fetchUserContext(api: ApiClient, signal?: AbortSignal): Promise<UserContextResponse> {
  return api.get<UserContextResponse>('/contexts/me/', { params: USER_CONTEXT_PARAMS, signal });
}

/** Saves the user's time zone; answers the updated `me`. */
export async function saveTimeZoneOnServer(api: ApiClient, timeZone: string): Promise<AuthenticatedMe> {
  const body: UpdateMeBody = { time_zone: timeZone };
  return (await api.patch<{ me: AuthenticatedMe }>('/users/me/', body)).me;
}
