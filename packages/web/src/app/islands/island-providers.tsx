import type { ReactNode } from 'react';
import { RawIntlProvider, type IntlShape } from 'react-intl';
import type { CartClient } from '../../features/cart/cart-client';
import { CartClientContext } from '../../features/cart/cart-provider';
import type { ConsentController } from '../../features/consent/consent-controller';
import { ConsentContext } from '../../features/consent/consent-provider';
import type { MetricsClient } from '../../features/metrics/metrics-client';
import { MetricsClientContext } from '../../features/metrics/metrics-provider';
import type { PricingClient } from '../../features/pricing/pricing-client';
import { PricingClientContext } from '../../features/pricing/pricing-provider';
import { TrackingContext, type TrackingServices } from '../../features/tracking/tracking-services';
import { ApiClientProvider, type ApiClient } from '../../platform/api';
import type { UserContext } from '../user-context/user-context';
import { AuthChangeContext, UserContextContext } from '../user-context/use-user-context';

/** A page's one set of clients, shared by all its islands (created in src/islands.tsx). */
export interface IslandServices {
  api: ApiClient;
  /** The user's context the server rendered the page with. */
  userContext: UserContext;
  /**
   * The page's locale with the islands' messages (ISLAND_MESSAGE_PREFIXES), made once: each
   * IntlProvider would make its own, and asks the browser's Intl which locales it supports.
   */
  intl: IntlShape;
  metrics: MetricsClient;
  consent: ConsentController;
  tracking: TrackingServices;
  pricing: PricingClient;
  cart: CartClient;
}

/**
 * What an island's components read from around them: the same contexts as in the single-page
 * app (AppProviders), minus Mantine, the router and the query cache, with every island of the
 * page sharing the page's clients and the user's context it was rendered with (a login or
 * logout in an island is followed by a full page load, so nothing needs refreshing). The clients' background work (the cart's refresh, tracking batches)
 * is started once by the runtime, not here.
 */
const afterAuthChange = () => Promise.resolve();

export function IslandProviders({ services, children }: { services: IslandServices; children: ReactNode }) {
  return (
    <ApiClientProvider client={services.api}>
      <RawIntlProvider value={services.intl}>
        <UserContextContext value={services.userContext}>
          <AuthChangeContext value={afterAuthChange}>
            <MetricsClientContext value={services.metrics}>
              <ConsentContext value={services.consent}>
                <TrackingContext value={services.tracking}>
                  <PricingClientContext value={services.pricing}>
                    <CartClientContext value={services.cart}>{children}</CartClientContext>
                  </PricingClientContext>
                </TrackingContext>
              </ConsentContext>
            </MetricsClientContext>
          </AuthChangeContext>
        </UserContextContext>
      </RawIntlProvider>
    </ApiClientProvider>
  );
}
