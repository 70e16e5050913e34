import { collectorUrl, validateTrackingEvent, WEB_TRACKING_CLIENT_KEY } from '@lectern/domain';
import { createContext, useContext } from 'react';
import { reportError } from '../../platform/report-error';
import type { ConsentController } from '../consent/consent-controller';
import { documentCookieJar } from '../consent/cookie-jar';
import { APP_VERSION } from './app-version';
import { Tracker } from './tracker';
import { browserTrackingTransport, TrackingClient, type TrackingTransport } from './tracking-client';
import { TrackingSession } from './tracking-session';
import { browserLocalStorage, TrackingStorage } from './tracking-storage';

export interface TrackingServices {
  tracker: Tracker;
  client: TrackingClient;
  /** Checkout §9 local storage (order ids, event contexts). */
  storage: TrackingStorage;
}

/** The services' context; islands (app/islands) provide the page's one set through it. */
export const TrackingContext = createContext<TrackingServices | null>(null);

/** In development an event the collector would refuse is a bug in its caller: say so. */
const reportInDevelopment = (message: string, details: Record<string, unknown>) => {
  if (import.meta.env.DEV) reportError(new Error(message), details);
};

export function useTrackingServices(): TrackingServices {
  const services = useContext(TrackingContext);
  if (!services) throw new Error('useTracker must be used inside <TrackingProvider>.');
  return services;
}

/**
 * The tracking client, tracker and storage of a page: events carry the visitor of the cached
 * user context and are sent only as consent allows. The caller starts the client and the
 * storage's cleanup (the provider does while mounted).
 */
export function createTrackingServices({
  transport,
  consent,
  visitorUuid,
}: {
  transport?: TrackingTransport;
  consent: ConsentController;
  /** The visitor's id of the user's context, read at each event. */
  visitorUuid: () => string | undefined;
}): TrackingServices {
  const client = new TrackingClient({
    transport: transport ?? browserTrackingTransport(),
    url: collectorUrl({ client_key: WEB_TRACKING_CLIENT_KEY, client_version: APP_VERSION }),
    onDropped: (events, reason) => {
      // Offline or a server outage is no bug; refusals (207 reasons, 4xx) are.
      if (reason !== 'no answer' && !reason.startsWith('status 5')) {
        reportInDevelopment(`Tracking events refused: ${reason}`, { types: events.map((e) => e.type) });
      }
    },
  });
  const tracker = new Tracker({
    client,
    session: new TrackingSession({ jar: documentCookieJar() }),
    visitorUuid,
    allowed: () => consent.allowed(),
    // Checked in development, where a refused event is a bug to see at once; in production
    // the collector's own check is enough (and the schemas stay out of every page's code).
    validate: import.meta.env.DEV ? validateTrackingEvent : undefined,
    onInvalid: (type, reason) => reportInDevelopment(`Invalid tracking event ${type}: ${reason}`, { type }),
  });
  return { tracker, client, storage: new TrackingStorage({ storage: browserLocalStorage }) };
}
