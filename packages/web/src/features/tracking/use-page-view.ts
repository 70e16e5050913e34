import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useConsent } from '../consent/consent-provider';
import { useMetrics } from '../metrics/metrics-provider';
import { recordPageView } from './page-view';
import { useTrackingServices } from './tracking-services';

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
    recordPageView({ pathname, replaced: navigationType === 'REPLACE', tracker, metrics });
  }, [consentRead, pathname, navigationType, tracker, metrics]);
}
