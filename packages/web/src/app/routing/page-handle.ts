import type { PageRouteName } from '@lectern/domain';

/** What each page route carries in React Router's `handle`: its name in PAGE_ROUTES. */
export interface PageHandle {
  page: PageRouteName;
}

export function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'page' in handle;
}
