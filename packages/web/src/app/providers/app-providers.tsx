import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { CartClient } from '../../features/cart/cart-client';
import { CartProvider } from '../../features/cart/cart-provider';
import type { ConsentController } from '../../features/consent/consent-controller';
import { ConsentProvider } from '../../features/consent/consent-provider';
import { MetricsProvider } from '../../features/metrics/metrics-provider';
import type { PricingClient } from '../../features/pricing/pricing-client';
import { PricingProvider } from '../../features/pricing/pricing-provider';
import type { TrackingTransport } from '../../features/tracking/tracking-client';
import { TrackingProvider } from '../../features/tracking/tracking-provider';
import { FALLBACK_LOCALE, type Messages } from '../../i18n/load-messages';
import { ApiClientProvider, type ApiClient } from '../../platform/api';
import { readCspNonce } from '../../platform/csp-nonce';
import { FeedbackProvider } from '../feedback/feedback-provider';
import { ConsentUi } from '../../features/consent/consent-ui';
import { Island } from '../islands/island';
import { FeedbackToasts } from '../feedback/feedback-toasts';
import { UserContextProvider } from '../user-context/user-context-provider';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  api: ApiClient;
  queryClient: QueryClient;
  /** BCP 47 locale used for formatting, e.g. `en-US`. */
  locale: string;
  messages: Messages;
  /** `test` turns off Mantine transitions so tests need not wait for them. */
  mantineEnv?: 'default' | 'test';
  /** How tracking batches reach the collector; the browser's fetch and beacon by default. */
  trackingTransport?: TrackingTransport;
  /** The page's CSP nonce; read from the document's meta tag when not given (the browser). */
  cspNonce?: string;
  /** A pricing client holding the prices the server rendered with; a new one otherwise. */
  pricingClient?: PricingClient;
  /** A cart client holding the cart the server rendered with; a new one otherwise. */
  cartClient?: CartClient;
  /** A consent controller starting from the consent the server rendered with; a new one otherwise. */
  consentController?: ConsentController;
  children: ReactNode;
}

/**
 * Everything a page needs around it: API client, query cache, messages, theme, the feedback
 * queue (toasts here, banners in the layout), user context,
 * the platform services (metrics counters, consent, event tracking, and the consent banner
 * and preference center after the page), and the app-wide clients of the shopping features
 * (one pricing client, one cart client). Each client is created once, here.
 */
export function AppProviders({
  api,
  queryClient,
  locale,
  messages,
  mantineEnv,
  trackingTransport,
  cspNonce,
  pricingClient,
  cartClient,
  consentController,
  children,
}: AppProvidersProps) {
  return (
    <ApiClientProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale={locale} defaultLocale={FALLBACK_LOCALE} messages={messages}>
          <MantineProvider
            theme={theme}
            cssVariablesResolver={cssVariablesResolver}
            forceColorScheme="light"
            // The CSP admits only <style> tags carrying this page's nonce.
            getStyleNonce={cspNonce === undefined ? readCspNonce : () => cspNonce}
            env={mantineEnv}
          >
            <FeedbackProvider>
              <UserContextProvider>
                <MetricsProvider>
                  <ConsentProvider controller={consentController}>
                    <TrackingProvider transport={trackingTransport}>
                      <PricingProvider client={pricingClient}>
                        <CartProvider client={cartClient}>{children}</CartProvider>
                      </PricingProvider>
                      <Island name="consent-ui" component={ConsentUi} props={{}} />
                    </TrackingProvider>
                  </ConsentProvider>
                </MetricsProvider>
              </UserContextProvider>
              <FeedbackToasts />
            </FeedbackProvider>
          </MantineProvider>
        </IntlProvider>
      </QueryClientProvider>
    </ApiClientProvider>
  );
}
