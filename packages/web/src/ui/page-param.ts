/**
 * Platform §2: the page number of a paged page travels in `p`, left out for page 1. Apart from
 * the pagination control so that code reading a page's URL (the header's search box, in every
 * page's first bundle) does not bring the control along.
 */
export const PAGE_PARAM = 'p';

/** The link to a page: `p` is left out for page 1 and the other query parameters stay. */
export function pageHref(pathname: string, search: string, page: number, param = PAGE_PARAM): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The current page from a query string: a whole number from 1, else 1. */
export function currentPage(search: string, param = PAGE_PARAM): number {
  const value = Number(new URLSearchParams(search).get(param));
  return Number.isInteger(value) && value >= 1 ? value : 1;
}
