import type { TrackingEventType } from '@lectern/domain';
import { useMemo } from 'react';
import type { TrackingFields } from './tracker';
import { useTrackingServices } from './tracking-services';

export interface TrackerApi {
  /**
   * Queues one event of the domain's registry, typed by its type. The envelope (event id,
   * time, visitor, session, and the current page unless given) is filled in; consent and the
   * registry's check decide whether it is sent. Returns whether it was queued.
   */
  track<T extends TrackingEventType>(type: T, fields: TrackingFields<T>): boolean;
}

/** The app's tracker: `const { track } = useTracker(); track('Share', {...})`. */
export function useTracker(): TrackerApi {
  const { tracker } = useTrackingServices();
  return useMemo(() => ({ track: (type, fields) => tracker.track(type, fields) }), [tracker]);
}
