import { isKnownPagePath, type PageRouteName } from '@lectern/domain';
import { matchRoutes } from 'react-router';
import { isPageHandle } from './page-handle';
import { pages } from './page-modules';
import { appRoutes } from './routes';

/** The page of PAGE_ROUTES a path shows, or undefined for the 404 page (as AppLayout decides). */
export function pageAt(pathname: string): PageRouteName | undefined {
  if (!isKnownPagePath(pathname)) return undefined;
  const handle = matchRoutes(appRoutes, pathname)?.at(-1)?.route.handle;
  return isPageHandle(handle) ? handle.page : undefined;
}

/**
 * Loads the code of a page (undefined: the 404 page). Done before rendering on the server and
 * before hydrating in the browser, so the page renders in place, never suspended.
 */
export async function preloadPage(page: PageRouteName | undefined): Promise<void> {
  await pages[page ?? 'notFound'].preload();
}
