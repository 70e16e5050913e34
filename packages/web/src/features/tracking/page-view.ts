import { pageRouteAt, type PageRouteName } from '@lectern/domain';
import { METRIC_KEYS, type MetricsClient } from '../metrics/metrics-client';
import type { Tracker } from './tracker';

/** The 404 page's key: not a route of its own, but a page all the same. */
export const NOT_FOUND_PAGE_KEY = 'notFound';

/** The name in `PAGE_ROUTES` of a path, or `notFound`. */
export function pageKeyOf(pathname: string): PageRouteName | typeof NOT_FOUND_PAGE_KEY {
  return pageRouteAt(pathname) ?? NOT_FOUND_PAGE_KEY;
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
 * Records a view of the page at `pathname`: one PageView event (a new path; the same page again
 * is not a new view) and the page-view counter, plus the redirect counter for a page entered by
 * replacing the previous one. The first view's referrer is the document's, later ones the
 * previous page.
 */
export function recordPageView({
  pathname,
  replaced,
  tracker,
  metrics,
}: {
  pathname: string;
  replaced: boolean;
  tracker: Tracker;
  metrics: MetricsClient;
}): void {
  const url = trackedUrl(pathname);
  const previous = tracker.currentPage;
  if (!url || previous?.url === url) return;
  const pageKey = pageKeyOf(pathname);
  const referrer = previous?.url ?? (document.referrer ? trackedUrl(document.referrer) : null);
  tracker.setPage({ pageKey, url });
  tracker.track('PageView', { pageKey, url, ...(referrer ? { referrer } : {}) });
  metrics.increment(METRIC_KEYS.pageView, { page: pageKey });
  if (replaced) metrics.increment(METRIC_KEYS.redirect, { page: pageKey });
}
