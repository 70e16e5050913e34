import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { Messages } from '../i18n/load-messages';
import type { ApiClient } from '../platform/api';
import { AppProviders } from './providers/app-providers';
import type { createAppRouter } from './routing/routes';
import { StartUpGate } from './start-up/start-up-gate';
import type { TrackingLoader } from './start-up/tracking-loaders';

export interface AppProps {
  api: ApiClient;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  locale: string;
  messages: Messages;
  trackingLoaders?: readonly TrackingLoader[];
  mantineEnv?: 'default' | 'test';
}

/** The whole app: providers, then start-up, then the router's pages. */
export function App({ router, trackingLoaders, ...providers }: AppProps) {
  return (
    <AppProviders {...providers}>
      <StartUpGate trackingLoaders={trackingLoaders}>
        <RouterProvider router={router} />
      </StartUpGate>
    </AppProviders>
  );
}
