import { createContext, useContext, useId } from 'react';

/**
 * The island a component is rendered in (see app/islands), set both around the server's
 * render of it and around its own hydration in the browser.
 */
export const IdScopeContext = createContext<string | null>(null);

/**
 * An element id that hydrates: React's `useId` in the single-page app; inside an island,
 * `<island>-<name>`, because an island hydrated on its own would count different ids from
 * the server's render of the whole page. `name` tells apart the ids of one island.
 */
export function useStableId(name: string): string {
  const reactId = useId();
  const scope = useContext(IdScopeContext);
  return scope === null ? `${reactId}${name}` : `${scope}-${name}`;
}
