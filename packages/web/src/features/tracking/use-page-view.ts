import { isKnownPagePath, PAGE_ROUTES, type PageRouteName } from '@lectern/domain';
import { useEffect } from 'react';
import { matchPath, useLocation, useNavigationType } from 'react-router';
import { METRIC_KEYS } from '../metrics/metrics-client';
import { useConsent } from '../consent/consent-provider';
import { useMetrics } from '../metrics/metrics-provider';
import { useTrackingServices } from './tracking-provider';

/** The 404 page's key: not a route of its own, but a page all the same. */
export const NOT_FOUND_PAGE_KEY = 'notFound';

/** The name in `PAGE_ROUTES` of a path, or `notFound`. */
export function pageKeyOf(pathname: string): PageRouteName | typeof NOT_FOUND_PAGE_KEY {
  if (!isKnownPagePath(pathname)) return NOT_FOUND_PAGE_KEY;
  const names = Object.keys(PAGE_ROUTES) as PageRouteName[];
  return (
    names.find((name) => matchPath({ path: PAGE_ROUTES[name], end: true }, pathname)) ?? NOT_FOUND_PAGE_KEY
  );
}

/**
 * The URL an event records: absolute, without query or fragment. Queries carry what the
 * collector must not keep (a login's `next`, coupon codes, payment return parameters, an
 * e-mail in a link) and the route already tells the page; pagination (`?p=`) is not a page.
 */
export function trackedUrl(href: string, base: string = window.location.href): string | null {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

/**
 * One PageView event per route change (a new path; a query change is the same page), and the
 * page-view counter; a route entered by replacing the previous one (a redirect such as the
 * login's `next`) also counts a redirect. The first view's referrer is the document's, later
 * ones the previous page. Rendered once per page (see `lazyPage`).
 */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const { tracker } = useTrackingServices();
  const metrics = useMetrics();
  // A server-rendered page is on screen before start-up has read the visitor's consent: the
  // view waits for it, or the events it allows would be dropped.
  const consentRead = useConsent().ready;

  useEffect(() => {
    if (!consentRead) return;
    const url = trackedUrl(pathname);
    const previous = tracker.currentPage;
    // The same page again (a re-mount, strict mode's second run) is not a new view.
    if (!url || previous?.url === url) return;
    const pageKey = pageKeyOf(pathname);
    const referrer = previous?.url ?? (document.referrer ? trackedUrl(document.referrer) : null);
    tracker.setPage({ pageKey, url });
    tracker.track('PageView', { pageKey, url, ...(referrer ? { referrer } : {}) });
    metrics.increment(METRIC_KEYS.pageView, { page: pageKey });
    if (navigationType === 'REPLACE') metrics.increment(METRIC_KEYS.redirect, { page: pageKey });
  }, [consentRead, pathname, navigationType, tracker, metrics]);
}
