import { AUTH_FULL_PAGE_REDIRECT_FEATURE, featureExposure, isFeatureEnabled } from '@lectern/domain';
import { useCallback, useEffect, useRef } from 'react';
import { Navigate, NavigationType, useBlocker, type BlockerFunction } from 'react-router';
import { useUserContext } from '../../app/user-context/use-user-context';
import { useTracker } from '../tracking/use-tracker';
import { isAuthPage } from './auth-paths';

/** The experiment and variant of `auth_full_page_redirect` whose exposure this page has reported. */
let exposed: string | null = null;

/**
 * `auth_full_page_redirect` for this visitor: whether the login and sign-up pages are loaded as
 * documents, whether the visitor takes part in an experiment of it, and the report of its
 * exposure, made the first time the page goes (or would go) to an auth page in the app.
 */
function useFullPageAuth() {
  const { experiment } = useUserContext();
  const { track } = useTracker();
  const assignments = experiment?.assignments;
  const expose = useCallback(() => {
    const exposure = featureExposure(assignments, AUTH_FULL_PAGE_REDIRECT_FEATURE);
    if (!exposure) return;
    const key = `${exposure.experimentId}:${exposure.variant}`;
    if (exposed !== key && track('ExperimentExposure', exposure)) exposed = key;
  }, [assignments, track]);
  return {
    fullPage: isFeatureEnabled(assignments, AUTH_FULL_PAGE_REDIRECT_FEATURE),
    inExperiment: featureExposure(assignments, AUTH_FULL_PAGE_REDIRECT_FEATURE) !== null,
    expose,
  };
}

/**
 * The single-page app's way to the login and sign-up pages under `auth_full_page_redirect`
 * (platform §9): with it on, every in-app navigation there (a sign-in or sign-up link, "Buy
 * now" signed out, a page that needs a user) becomes a full page load (`window.location`) of
 * the same URL, whatever link or redirect started it; with it off they stay in the app. Back
 * and forward stay the browser's. Pages hydrated as islands load every page as a document
 * anyway. Mounted once in the app's layout.
 */
export function FullPageAuthNavigation() {
  const { fullPage, inExperiment } = useFullPageAuth();
  // A router keeps one navigation blocker: only visitors the feature concerns hold this one.
  if (!fullPage && !inExperiment) return null;
  return <AuthNavigationBlocker fullPage={fullPage} />;
}

function AuthNavigationBlocker({ fullPage }: { fullPage: boolean }) {
  const { expose } = useFullPageAuth();
  const action = useRef<NavigationType>(NavigationType.Push);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ nextLocation, historyAction }) => {
      if (historyAction === NavigationType.Pop || !isAuthPage(nextLocation.pathname)) return false;
      expose();
      action.current = historyAction;
      return fullPage;
    },
    [expose, fullPage],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const { pathname, search, hash } = blocker.location;
    blocker.reset();
    // A redirect (`replace`) leaves no history entry behind, as the in-app one would not.
    const load = action.current === NavigationType.Replace ? 'replace' : 'assign';
    window.location[load](`${pathname}${search}${hash}`);
  }, [blocker]);
  return null;
}

/**
 * A redirect to an auth page (e.g. the login page of a page that needs a user), made as soon
 * as it renders: in the app, or as a full page load under `auth_full_page_redirect`. Reports
 * the exposure itself, as it may run before the app's blocker listens.
 */
export function AuthRedirect({ to }: { to: string }) {
  const { fullPage, expose } = useFullPageAuth();
  useEffect(() => {
    expose();
    if (fullPage) window.location.replace(to);
  }, [expose, fullPage, to]);
  return fullPage ? null : <Navigate to={to} replace />;
}
