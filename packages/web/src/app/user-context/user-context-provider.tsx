import type { Me } from '@lectern/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useApiClient } from '../../platform/api';
import { createUserContext, type UserContext } from './user-context';
import { refreshAfterAuthChange, userContextQuery } from './user-context-query';

const UserContextContext = createContext<UserContext | null>(null);

/**
 * Shares the user's context with the tree. It only reads the query cache: start-up loads
 * the context (step 1) and auth changes refresh it, so nothing here fetches on its own.
 */
export function UserContextProvider({ children }: { children: ReactNode }) {
  const api = useApiClient();
  const { data } = useQuery({ ...userContextQuery(api), enabled: false });
  const value = useMemo(() => createUserContext(data), [data]);
  return <UserContextContext value={value}>{children}</UserContextContext>;
}

export function useUserContext(): UserContext {
  const context = useContext(UserContextContext);
  if (!context) throw new Error('useUserContext must be used inside <UserContextProvider>.');
  return context;
}

/** The current user; throws if the context has not loaded (pages mount only after it has). */
export function useMe(): Me {
  return useUserContext().me;
}

export function useBrandName(): string {
  return useUserContext().brandName;
}

/** Refreshes the context and user-specific data after a login, signup or logout. */
export function useRefreshAfterAuthChange(): () => Promise<void> {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(() => refreshAfterAuthChange(api, queryClient), [api, queryClient]);
}
