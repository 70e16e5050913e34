// Mantine's base styles first, so the app's own CSS modules can override them.
import '@mantine/core/styles.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/providers/query-client';
import { pageAt, preloadPage } from './app/routing/preload-page';
import { createAppRouter } from './app/routing/routes';
import { HtmlDocument } from './app/ssr/html-document';
import { readSsrState } from './app/ssr/ssr-state';
import { createCartClient } from './features/cart/cart-provider';
import { createConsentController } from './features/consent/consent-provider';
import { apiPriceFetcher, PricingClient } from './features/pricing/pricing-client';
import { loadMessages } from './i18n/load-messages';
import { createApiClient } from './platform/api';
import { readCspNonce, shareCspNonce } from './platform/csp-nonce';
import { currentLocale } from './platform/locale';
import { reportError } from './platform/report-error';

shareCspNonce();
const ssrState = readSsrState();
const locale = ssrState?.locale ?? currentLocale();
const api = createApiClient();
const queryClient = createQueryClient();
const pricing = new PricingClient(apiPriceFetcher(api), {
  onError: (error) => reportError(error, { feature: 'pricing' }),
});
// The cart the server rendered with, so hydration starts from what the HTML shows.
const cart = createCartClient(api, ssrState?.cart);
const consent = createConsentController(api, ssrState?.consent, ssrState?.consentAnswer);
const router = createAppRouter();

// The page's own code too, before hydrating: its HTML is then taken over in place, at once.
const pageReady = ssrState ? preloadPage(pageAt(window.location.pathname)) : Promise.resolve();

void Promise.all([loadMessages(locale), pageReady]).then(([messages]) => {
  const app = (
    <App
      api={api}
      queryClient={queryClient}
      router={router}
      locale={locale}
      messages={messages}
      pricingClient={pricing}
      cartClient={cart}
      consentController={consent}
    />
  );
  if (ssrState) {
    // The server rendered this document: start from its data and take over its HTML.
    hydrate(queryClient, ssrState.queries);
    pricing.seed(ssrState.prices);
    // As a transition, hydration yields to the browser every few milliseconds.
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HtmlDocument locale={locale} nonce={readCspNonce()} assets={ssrState.assets}>
            {app}
          </HtmlDocument>
        </StrictMode>,
        { onRecoverableError: (error) => reportError(error, { step: 'hydration' }) },
      );
    });
    return;
  }
  // The Vite dev server serves index.html with an empty root.
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
});
