import type { CreditHistoryResponse } from '@lectern/domain';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';

export const CREDIT_HISTORY_PAGE_SIZE = 20;

/** `GET /api-2.0/users/me/credit-history/`: the ledger, newest first, with the balance. */
export function creditHistoryQuery(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: ['credit-history', page],
    queryFn: ({ signal }) =>
      api.get<CreditHistoryResponse>('/users/me/credit-history/', {
        params: { page, page_size: CREDIT_HISTORY_PAGE_SIZE },
        signal,
      }),
  });
}
