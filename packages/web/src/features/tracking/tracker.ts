import {
  analyticsAllowed,
  type ConsentCategory,
  type TrackingEvent,
  type TrackingEventOf,
  type TrackingEventType,
} from '@lectern/domain';
import type { TrackingClient } from './tracking-client';
import type { TrackingSession } from './tracking-session';

/** Envelope fields the tracker fills in; a caller never passes them. */
export type TrackingEnvelopeKey =
  'type' | 'eventId' | 'clientTimestamp' | 'visitorUuid' | 'trackingSessionId';

/**
 * The fields a caller gives for an event of type `T`: its own fields of the domain's
 * registry, plus the optional envelope fields `pageKey`, `url` and `experimentVariants`
 * (`pageKey` and `url` default to the current page's).
 */
export type TrackingFields<T extends TrackingEventType> = Omit<TrackingEventOf<T>, TrackingEnvelopeKey>;

/**
 * Events that are strictly necessary (C0001) and sent whatever the consent: only the record
 * of the consent choice itself, which the operator must be able to show (GDPR art. 7(1)) and
 * which carries no browsing data. Every other event of the registry (page views, checkout
 * funnel, shares, impressions, plans) is analytics and needs performance consent (C0002,
 * platform §5 "analytics requires the performance category"); without it the event is
 * dropped, not kept for later.
 */
export const STRICTLY_NECESSARY_EVENTS: ReadonlySet<TrackingEventType> = new Set<TrackingEventType>([
  'ConsentChanged',
]);

export function trackingEventCategory(type: TrackingEventType): ConsentCategory {
  return STRICTLY_NECESSARY_EVENTS.has(type) ? 'C0001' : 'C0002';
}

/** Whether an event of `type` may be sent with the allowed categories. */
export function isTrackingEventAllowed(
  type: TrackingEventType,
  allowed: readonly ConsentCategory[],
): boolean {
  return trackingEventCategory(type) === 'C0001' || analyticsAllowed(allowed);
}

/** The page every event is about unless it names its own. */
export interface CurrentPage {
  pageKey: string;
  url: string;
}

export interface TrackerOptions {
  client: Pick<TrackingClient, 'enqueue'>;
  session: Pick<TrackingSession, 'touch'>;
  /** `visiting.visitor_uuid` of the user context; undefined before it has loaded. */
  visitorUuid: () => string | undefined;
  allowed: () => readonly ConsentCategory[];
  newId?: () => string;
  now?: () => number;
  /**
   * The domain's check of an event (`validateTrackingEvent`); none: events are sent as they
   * are and the collector, which runs the same check, refuses an invalid one.
   */
  validate?: (event: Record<string, unknown>) => { ok: true } | { ok: false; reason: string };
  /** Called for events that fail the check (a bug in the caller). */
  onInvalid?: (type: string, reason: string) => void;
}

/**
 * Turns `track(type, fields)` into a full event (platform §7 envelope: a UUID, the client
 * time, the visitor, the 30-minute session, the page), checks consent, validates it with the
 * domain's registry where `validate` is given (the collector runs the same check) and queues it. Returns whether it
 * was queued.
 */
export class Tracker {
  private page: CurrentPage | null = null;
  private readonly newId: () => string;
  private readonly now: () => number;

  constructor(private readonly options: TrackerOptions) {
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.now = options.now ?? Date.now;
  }

  get currentPage(): CurrentPage | null {
    return this.page;
  }

  setPage(page: CurrentPage): void {
    this.page = page;
  }

  /** Whether consent lets events of `type` out now (and data kept for them be stored). */
  allows(type: TrackingEventType): boolean {
    return isTrackingEventAllowed(type, this.options.allowed());
  }

  track<T extends TrackingEventType>(type: T, fields: TrackingFields<T>): boolean {
    const allowed = this.options.allowed();
    if (!isTrackingEventAllowed(type, allowed)) return false;
    const visitorUuid = this.options.visitorUuid();
    if (!visitorUuid) {
      this.options.onInvalid?.(type, 'the user context has not loaded');
      return false;
    }
    const event: Record<string, unknown> = {
      ...(this.page ?? {}),
      // An optional field left undefined is absent, not a wrong value.
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      type,
      eventId: this.newId(),
      clientTimestamp: new Date(this.now()).toISOString(),
      visitorUuid,
      // Checked with a stand-in first, so an invalid event does not renew the session.
      trackingSessionId: 'unset',
    };
    const check = this.options.validate?.(event) ?? { ok: true };
    if (!check.ok) {
      this.options.onInvalid?.(type, check.reason);
      return false;
    }
    event.trackingSessionId = this.options.session.touch(analyticsAllowed(allowed));
    this.options.client.enqueue(event as unknown as TrackingEvent);
    return true;
  }
}
