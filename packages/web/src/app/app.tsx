import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders, type AppProvidersProps } from './providers/app-providers';
import type { createAppRouter } from './routing/routes';
import { StartUpGate } from './start-up/start-up-gate';
import type { TrackingLoader } from './start-up/tracking-loaders';

export interface AppProps extends Omit<AppProvidersProps, 'children' | 'trackingTransport'> {
  /** The browser's router; the server's render hands its static router in `pages` instead. */
  router?: ReturnType<typeof createAppRouter>;
  pages?: ReactNode;
  trackingLoaders?: readonly TrackingLoader[];
}

/** The whole app: providers, then start-up, then the router's pages. */
export function App({ router, pages, trackingLoaders, ...providers }: AppProps) {
  return (
    <AppProviders {...providers}>
      <StartUpGate trackingLoaders={trackingLoaders}>
        {pages ?? (router && <RouterProvider router={router} />)}
      </StartUpGate>
    </AppProviders>
  );
}
