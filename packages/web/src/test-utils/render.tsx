import type { UserContextResponse } from '@lectern/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter } from 'react-router';
import { App } from '../app/app';
import { AppProviders } from '../app/providers/app-providers';
import type { TrackingTransport } from '../features/tracking/tracking-client';
import { appRoutes } from '../app/routing/routes';
import { RouterNavigationProvider } from '../platform/navigation/router-navigation';
import { USER_CONTEXT_QUERY_KEY } from '../app/user-context/user-context-api';
import { englishMessages } from '../i18n/load-messages';
import { ApiClient } from '../platform/api';

function testClients(fetch: typeof globalThis.fetch) {
  const api = new ApiClient({
    fetch,
    cookies: () => 'csrftoken=test-csrf',
    navigatorLanguage: () => 'en-US',
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return { api, queryClient };
}

export interface TestProvidersOptions {
  fetch: typeof globalThis.fetch;
  /** The user context as if start-up had loaded it. */
  context?: UserContextResponse;
  /** Where tracking batches go (e.g. `recordingTrackingTransport()`). */
  trackingTransport?: TrackingTransport;
}

/** The app's providers around `children`, with test clients; returns them for assertions. */
export function testProviders({ fetch, context, trackingTransport }: TestProvidersOptions) {
  const { api, queryClient } = testClients(fetch);
  if (context) queryClient.setQueryData(USER_CONTEXT_QUERY_KEY, context);
  function Providers({ children }: { children: ReactNode }) {
    return (
      <AppProviders
        api={api}
        queryClient={queryClient}
        locale="en-US"
        messages={englishMessages}
        mantineEnv="test"
        trackingTransport={trackingTransport}
      >
        {children}
      </AppProviders>
    );
  }
  return { Providers, api, queryClient };
}

/** Renders a component inside the app's providers, with an already loaded user context. */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', ...options }: TestProvidersOptions & { path?: string },
) {
  const { Providers, api, queryClient } = testProviders(options);
  const result = render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <RouterNavigationProvider>{ui}</RouterNavigationProvider>
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, api, queryClient };
}

/** Renders the whole app, start-up included, at a path. */
export function renderApp({ fetch, path = '/' }: { fetch: typeof globalThis.fetch; path?: string }) {
  const { api, queryClient } = testClients(fetch);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const result = render(
    <App
      api={api}
      queryClient={queryClient}
      router={router}
      locale="en-US"
      messages={englishMessages}
      mantineEnv="test"
    />,
  );
  return { ...result, router, api, queryClient };
}
