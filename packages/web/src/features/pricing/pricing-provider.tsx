import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useUserContext } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { apiPriceFetcher, PricingClient, type CoursePriceEntry } from './pricing-client';

/** The client's context; islands (app/islands) provide the page's one client through it. */
export const PricingClientContext = createContext<PricingClient | null>(null);

/**
 * One pricing client for the whole app, so every card on a page shares its batches. Prices
 * depend on the user's price country, so they are forgotten when the user changes.
 */
export function PricingProvider({ client, children }: { client?: PricingClient; children: ReactNode }) {
  const api = useApiClient();
  const [pricing] = useState(
    () =>
      client ??
      new PricingClient(apiPriceFetcher(api), {
        onError: (error) => reportError(error, { feature: 'pricing' }),
      }),
  );
  const userContext = useUserContext();
  const userId = userContext.isLoaded ? userContext.me.id : undefined;
  const lastUserId = useRef(userId);
  useEffect(() => {
    if (lastUserId.current !== undefined && lastUserId.current !== userId) pricing.clear();
    lastUserId.current = userId;
  }, [pricing, userId]);
  return <PricingClientContext value={pricing}>{children}</PricingClientContext>;
}

export function usePricingClient(): PricingClient {
  const client = useContext(PricingClientContext);
  if (!client) throw new Error('usePricingClient must be used inside <PricingProvider>.');
  return client;
}

/** The course's price entry; asks for it (batched) the first time. Loading until then. */
export function useCoursePrice(courseId: number): CoursePriceEntry {
  const client = usePricingClient();
  const getEntry = () => client.entry(courseId);
  // The server's render and the hydrating browser read the same seeded entries.
  const entry = useSyncExternalStore(client.subscribe, getEntry, getEntry);
  useEffect(() => {
    client.request(courseId);
  }, [client, courseId]);
  return entry ?? LOADING_ENTRY;
}

const LOADING_ENTRY: CoursePriceEntry = {
  status: 'loading',
  price: null,
  discountPrice: null,
  listPrice: null,
  priceDetail: null,
  serveTrackingId: null,
};
