import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../platform/api';
import {
  fetchSubscriptionInfo,
  type SubscriptionBillingAddress,
  type SubscriptionItem,
} from './subscription-api';
import type { SubscriptionInfoEvent } from './subscription-api';

/**
 * The server's price of the current choice (team-plan §2 Summary, checkout §3 methods): asked
 * again when the plan, the licenses or the tax location change; the last answer stays on
 * screen meanwhile.
 */
export function useSubscriptionInfo({
  event,
  item,
  location,
  enabled,
}: {
  event: SubscriptionInfoEvent;
  item: SubscriptionItem | null;
  /** The tax location; none for an upsell (the billing on file is used). */
  location: SubscriptionBillingAddress | undefined;
  enabled: boolean;
}) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['subscriptions', 'checkout-info', event, item, location ?? null],
    queryFn: ({ signal }) =>
      fetchSubscriptionInfo(api, { event, item: item!, billingAddress: location }, signal),
    enabled: enabled && item !== null,
    placeholderData: keepPreviousData,
    // A price shown must be the server's current one; the submit checks it anyway.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
