import {
  CONSENT_COOKIE,
  type FeatureVariantAssignment,
  type TrackingEvent,
  type UserContextResponse,
} from '@lectern/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { anonymousMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { testProviders } from '../../test-utils/render';
import { recordingTrackingTransport } from '../../test-utils/tracking-transport';
import { useNavigation } from '../../platform/navigation/navigation';
import { RouterNavigationProvider } from '../../platform/navigation/router-navigation';
import { useConsentController } from '../consent/consent-provider';
import { AuthRedirect, FullPageAuthNavigation } from './full-page-auth-navigation';

const LOGIN = '/join/login-popup/?next=%2Fcart%2F';

let experiments = 60;

/** In a running experiment of auth_full_page_redirect (each its own: one exposure per experiment). */
const arm = (isEnabled: boolean): FeatureVariantAssignment => ({
  featureCode: 'auth_full_page_redirect',
  configuration: { isEnabled, variant: isEnabled ? 'full_page' : 'control' },
  isInExperiment: true,
  experimentIds: [(experiments += 1)],
});

function SyncConsent({ context }: { context: UserContextResponse }) {
  const consent = useConsentController();
  useEffect(() => {
    void consent.sync(context);
  }, [consent, context]);
  return null;
}

/** "Buy now" signed out, as the course page's purchase card goes to the login page. */
function BuyNow() {
  const { navigate } = useNavigation();
  return (
    <button type="button" onClick={() => navigate(LOGIN)}>
      Buy now
    </button>
  );
}

/** The app's layout with the blocker, a page with links, the login page and a page that needs a user. */
function renderApp(assignments: FeatureVariantAssignment[], path = '/') {
  const server = fakeServer({
    ...fakeCartServer({ userId: null }).routes,
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
  });
  const context = { ...userContext(anonymousMe), experiment: { assignments } };
  const { transport, events } = recordingTrackingTransport();
  const { Providers } = testProviders({ fetch: server.fetch, context, trackingTransport: transport });
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouterNavigationProvider>
            <SyncConsent context={context} />
            <FullPageAuthNavigation />
            <Outlet />
          </RouterNavigationProvider>
        ),
        children: [
          {
            path: '/',
            element: (
              <>
                <Link to={LOGIN}>Log in</Link>
                <Link to="/courses/development/">Development</Link>
                <BuyNow />
              </>
            ),
          },
          { path: '/join/login-popup/', element: <h1>Log in to your account</h1> },
          { path: '/courses/development/', element: <h1>Development courses</h1> },
          { path: '/user/profile/badges/', element: <AuthRedirect to={LOGIN} /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, events };
}

const location = { assign: vi.fn(), replace: vi.fn() };
const exposures = (events: TrackingEvent[]) => events.filter((event) => event.type === 'ExperimentExposure');

beforeEach(() => {
  document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:1,C0003:0,C0004:0,C0005:0; Path=/`;
  location.assign.mockReset();
  location.replace.mockReset();
  vi.stubGlobal('location', { ...window.location, ...location });
});

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  document.cookie = 'lectern_tracking_session=; Max-Age=0; Path=/';
  vi.unstubAllGlobals();
});

describe('auth_full_page_redirect', () => {
  it('loads the login page in full from a sign-in link, and reports the exposure', async () => {
    const { router, events } = renderApp([arm(true)]);
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(LOGIN));
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() =>
      expect(exposures(events)).toMatchObject([
        { featureCode: 'auth_full_page_redirect', variant: 'full_page', experimentId: experiments },
      ]),
    );
  });

  it('loads the login page in full from "Buy now" signed out', async () => {
    renderApp([arm(true)]);
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(LOGIN));
  });

  it('stays in the app in the control arm, which is exposed too', async () => {
    const { router, events } = renderApp([arm(false)]);
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(router.state.location.search).toBe('?next=%2Fcart%2F');
    expect(location.assign).not.toHaveBeenCalled();
    await waitFor(() => expect(exposures(events)).toMatchObject([{ variant: 'control' }]));
  });

  it('leaves other links in the app', async () => {
    renderApp([arm(true)]);
    fireEvent.click(screen.getByRole('link', { name: 'Development' }));
    await screen.findByRole('heading', { name: 'Development courses' });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('stays in the app for visitors in no experiment of it, and reports nothing', async () => {
    const { events } = renderApp([]);
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Log in to your account' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(exposures(events)).toEqual([]);
  });

  it('redirects a page that needs a user with a full page load, replacing it', async () => {
    const { router } = renderApp([arm(true)], '/user/profile/badges/');
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith(LOGIN));
    expect(location.assign).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/user/profile/badges/');
  });

  it('redirects in the app in the control arm', async () => {
    const { router } = renderApp([arm(false)], '/user/profile/badges/');
    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(location.replace).not.toHaveBeenCalled();
  });
});
