import { isValidTimeZone, type UserContextResponse } from '@lectern/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';
import { fetchUserContext, saveTimeZoneOnServer, USER_CONTEXT_QUERY_KEY } from './user-context-api';
import { reportError } from '../../platform/report-error';

/**
 * The context changes only when the user logs in or out or edits their profile, and each
 * of those refreshes it explicitly, so it never goes stale on its own.
 */
export function userContextQuery(api: ApiClient) {
  return queryOptions({
    queryKey: USER_CONTEXT_QUERY_KEY,
    queryFn: ({ signal }) => fetchUserContext(api, signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Saves the user's time zone and puts the updated `me` into the cached context. */
export async function saveTimeZone(
  api: ApiClient,
  queryClient: QueryClient,
  timeZone: string,
): Promise<void> {
  const me = await saveTimeZoneOnServer(api, timeZone);
  queryClient.setQueryData<UserContextResponse>(USER_CONTEXT_QUERY_KEY, (context) =>
    context ? { ...context, me } : context,
  );
}

/**
 * After logging in or out everything user-specific is stale: forget cached GETs, mark every
 * query stale (active ones refetch) and wait until the new context has arrived.
 */
export async function refreshAfterAuthChange(api: ApiClient, queryClient: QueryClient): Promise<void> {
  api.clearCache();
  const context = await queryClient.fetchQuery({ ...userContextQuery(api), staleTime: 0 });
  // A fresh signup (or an account that never had one) gets the browser's time zone now,
  // as page start-up would on the next full load (platform §4, step 2).
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (context.me?.is_authenticated && !context.me.time_zone && timeZone && isValidTimeZone(timeZone)) {
    await saveTimeZone(api, queryClient, timeZone).catch((error: unknown) =>
      reportError(error, { step: 'save-time-zone' }),
    );
  }
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== USER_CONTEXT_QUERY_KEY[0],
  });
}
