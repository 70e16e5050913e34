import { SHARE_PATH, type ShareRequest, type ShareResponse } from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

/**
 * `POST /api-2.0/share/` (platform §7): the short link that shares `request.target`.
 * Kept as a query so a dialog asks once per target and context: reopening the dialog, or a
 * second dialog for the same page, reuses the link instead of minting another one.
 */
export function shareLinkQuery(api: ApiClient, request: ShareRequest) {
  return queryOptions({
    queryKey: ['share-link', request.target, request.context],
    // SHARE_PATH already holds the `/api-2.0` prefix.
    queryFn: ({ signal }) => api.post<ShareResponse>(SHARE_PATH, request, { base: 'root', signal }),
    // A short link does not go stale; the dialog offers "Try again" rather than retrying on
    // its own, as each attempt creates a link on the server.
    staleTime: Infinity,
    retry: false,
  });
}
