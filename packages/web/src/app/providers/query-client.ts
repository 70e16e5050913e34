import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../platform/api';

/** Retrying cannot fix an answer the server gave on purpose (4xx); other failures get 2 more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isParsedError && (error.statusCode ?? 500) < 500) return false;
  if (isApiError(error) && error.kind === 'aborted') return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
