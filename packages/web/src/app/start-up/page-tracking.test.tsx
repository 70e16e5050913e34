import { CONSENT_COOKIE } from '@lectern/domain';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useConsentController } from '../../features/consent/consent-provider';
import { fakeServer, userContext, type RecordedRequest } from '../../test-utils/fake-server';
import { lazyPage } from './lazy-page';
import { testProviders } from '../../test-utils/render';
import { recordingTrackingTransport } from '../../test-utils/tracking-transport';

const context = userContext();

/** Start-up's step 3 (the stored consent) before step 4 (the pages), as in the app. */
function SyncConsent({ children }: { children: ReactNode }) {
  const consent = useConsentController();
  const [synced, setSynced] = useState(false);
  useEffect(() => {
    void consent.sync(context).then(() => setSynced(true));
  }, [consent]);
  return synced ? children : null;
}

const Home = lazyPage('test.home', () => Promise.resolve(() => <h1>Home</h1>));
const Cart = lazyPage('test.cart', () => Promise.resolve(() => <h1>Cart</h1>));

function renderRoutes(path: string) {
  const server = fakeServer({
    'POST /visits/me/datadog-increment-logs/': () => new Response(null, { status: 204 }),
  });
  const { transport, events } = recordingTrackingTransport();
  const { Providers } = testProviders({ fetch: server.fetch, context, trackingTransport: transport });
  const router = createMemoryRouter(
    [
      { path: '/', element: <Home /> },
      { path: '/cart/', element: <Cart /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <SyncConsent>
        <RouterProvider router={router} />
      </SyncConsent>
    </Providers>,
  );
  const counters = () =>
    server.requests
      .filter((request: RecordedRequest) => request.path === '/visits/me/datadog-increment-logs/')
      .map((request) => {
        const body = request.body as { key: string; tags: string };
        return `${body.key} ${body.tags}`;
      });
  const pageViews = () => events.filter((event) => event.type === 'PageView');
  return { router, events, counters, pageViews };
}

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  document.cookie = 'lectern_tracking_session=; Max-Age=0; Path=/';
});

describe('page tracking (platform §7)', () => {
  it('sends one PageView per route change, with the URL without its query, and the counters', async () => {
    document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:1,C0003:0,C0004:0,C0005:0; Path=/`;
    const origin = window.location.origin;
    const { router, counters, pageViews } = renderRoutes('/?coupon=SECRET');
    await screen.findByRole('heading', { name: 'Home' });

    await act(() => router.navigate('/cart/'));
    await screen.findByRole('heading', { name: 'Cart' });
    // Another page of the same route's list is not a new page.
    await act(() => router.navigate('/cart/?p=2'));
    // A route entered by replacing the last one is a redirect.
    await act(() => router.navigate('/', { replace: true }));
    await screen.findByRole('heading', { name: 'Home' });

    await waitFor(() => expect(pageViews()).toHaveLength(3));
    expect(pageViews().map((event) => [event.pageKey, event.url, event.referrer])).toEqual([
      ['home', `${origin}/`, undefined],
      ['cart', `${origin}/cart/`, `${origin}/`],
      ['home', `${origin}/`, `${origin}/cart/`],
    ]);
    expect(JSON.stringify(pageViews())).not.toContain('SECRET');
    // Order aside (a module already loaded renders in the same commit as its page view).
    await waitFor(() => expect(counters()).toHaveLength(7));
    expect(counters().sort()).toEqual([
      'web.page_view {"page":"cart"}',
      'web.page_view {"page":"home"}',
      'web.page_view {"page":"home"}',
      'web.redirect {"page":"home"}',
      'web.render {"module":"test.cart"}',
      'web.render {"module":"test.home"}',
      'web.render {"module":"test.home"}',
    ]);
  });

  it('counts page views but sends no PageView without analytics consent', async () => {
    document.cookie = `${CONSENT_COOKIE}=C0001:1,C0002:0,C0003:1,C0004:1,C0005:1; Path=/`;
    const { counters, events } = renderRoutes('/cart/');
    await screen.findByRole('heading', { name: 'Cart' });
    await waitFor(() => expect(counters()).toContain('web.page_view {"page":"cart"}'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(events).toEqual([]);
  });
});
