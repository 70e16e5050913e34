import type { Me } from '@lectern/domain';
import { createContext, useContext } from 'react';
import type { UserContext } from './user-context';

/**
 * The user's context: UserContextProvider gives the query cache's, islands (app/islands) the
 * one the server rendered the page with. Apart from the provider, so that what islands import
 * never loads the query cache.
 */
export const UserContextContext = createContext<UserContext | null>(null);

/**
 * What refreshes the context and user-specific data after a login, signup or logout. Islands
 * provide one that does nothing: in an island a full page load follows every such change.
 */
export const AuthChangeContext = createContext<(() => Promise<void>) | null>(null);

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
  const refresh = useContext(AuthChangeContext);
  if (!refresh) throw new Error('useRefreshAfterAuthChange must be used inside <UserContextProvider>.');
  return refresh;
}
