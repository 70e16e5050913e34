import type { TrackingEvent } from '@lectern/domain';
import type { TrackingTransport } from '../features/tracking/tracking-client';

/**
 * A collector stand-in for tests: every batch, posted or beaconed, lands in `events` (a new
 * list, or one given to follow a page across renders) and is answered 200 (or accepted by the
 * beacon).
 */
export function recordingTrackingTransport(events: TrackingEvent[] = []): {
  transport: TrackingTransport;
  events: TrackingEvent[];
} {
  const record = (body: string) => events.push(...(JSON.parse(body) as TrackingEvent[]));
  return {
    events,
    transport: {
      post: (_url, body) => {
        record(body);
        return Promise.resolve({ status: 200 });
      },
      beacon: (_url, body) => {
        record(body);
        return true;
      },
    },
  };
}
