import { isKnownPagePath } from '@lectern/domain';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageAuthNavigation } from '../../features/auth/full-page-auth-navigation';
import { RouterNavigationProvider } from '../../platform/navigation/router-navigation';
import { PageLoader } from '../../ui/page-loader';
import { FeedbackBanners } from '../feedback/feedback-toasts';
import { pages } from '../routing/page-modules';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './shell.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** Header, the current page, footer. */
export function AppLayout() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // The router ignores a missing trailing slash; the server does not (it answers 404), so
  // the page list decides here and both always agree.
  const NotFound = pages.notFound;
  return (
    <RouterNavigationProvider>
      <FullPageAuthNavigation />
      <div className={classes.layout}>
        <SkipLink />
        <AppHeader />
        <main id={MAIN_CONTENT_ID} className={classes.main} tabIndex={-1}>
          <FeedbackBanners />
          <Suspense fallback={<PageLoader />}>
            {isKnownPagePath(pathname) ? <Outlet /> : <NotFound />}
          </Suspense>
        </main>
        <AppFooter />
      </div>
    </RouterNavigationProvider>
  );
}
