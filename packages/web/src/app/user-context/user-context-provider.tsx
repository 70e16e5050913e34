import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useApiClient } from '../../platform/api';
import { AuthChangeContext, UserContextContext } from './use-user-context';
import { createUserContext } from './user-context';
import { refreshAfterAuthChange, userContextQuery } from './user-context-query';

/**
 * Shares the user's context with the tree (read it with `useUserContext`). It only reads the
 * query cache: start-up loads the context (step 1) and auth changes refresh it, so nothing
 * here fetches on its own.
 */
export function UserContextProvider({ children }: { children: ReactNode }) {
  const api = useApiClient();
  const { data } = useQuery({ ...userContextQuery(api), enabled: false });
  const value = useMemo(() => createUserContext(data), [data]);
  const queryClient = useQueryClient();
  const refresh = useCallback(() => refreshAfterAuthChange(api, queryClient), [api, queryClient]);
  return (
    <UserContextContext value={value}>
      <AuthChangeContext value={refresh}>{children}</AuthChangeContext>
    </UserContextContext>
  );
}
