import type { UserContextResponse } from '@lectern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { USER_CONTEXT_QUERY_KEY } from '../../app/user-context/user-context-api';
import { useConsentController } from '../consent/consent-provider';
import type { TrackingTransport } from './tracking-client';
import { createTrackingServices, TrackingContext } from './tracking-services';

export interface TrackingProviderProps {
  /** How batches reach the collector; the browser's fetch and beacon by default. */
  transport?: TrackingTransport;
  children: ReactNode;
}

/**
 * The app's one event-tracking client (platform §7, §9), below the user context and the
 * consent controller: events carry the visitor of the cached user context and are sent only
 * as consent allows (see `isTrackingEventAllowed`).
 */
export function TrackingProvider({ transport, children }: TrackingProviderProps) {
  const queryClient = useQueryClient();
  const consent = useConsentController();
  const [services] = useState(() =>
    createTrackingServices({
      transport,
      consent,
      // Read at each event, so a login or logout is picked up without a new tracker.
      visitorUuid: () =>
        queryClient.getQueryData<UserContextResponse>(USER_CONTEXT_QUERY_KEY)?.visiting?.visitor_uuid,
    }),
  );

  useEffect(() => services.client.start(), [services]);
  useEffect(() => services.storage.startCleanup(), [services]);

  return <TrackingContext value={services}>{children}</TrackingContext>;
}
