import { createContext, useContext } from 'react';

/** The URL of a page the server renders to be hydrated as islands. */
export interface IslandPage {
  pathname: string;
  search: string;
}

/**
 * Set around the server's render of a page hydrated as islands (see Island); absent in the
 * single-page app, whose pages are hydrated whole.
 */
export const IslandPageContext = createContext<IslandPage | null>(null);

export function useIslandPage(): IslandPage | null {
  return useContext(IslandPageContext);
}
