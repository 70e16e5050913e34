// The event-tracking client's timings (platform §9) and the collector's contract (platform §7).

/** Platform §9: batching and retry timings of the browser's tracking client. */
export const TRACKING_TIMINGS = {
  /** The first batch leaves 250 ms after the first event. */
  firstFlushMs: 250,
  /** Later batches every 3 s. */
  flushIntervalMs: 3_000,
  requestTimeoutMs: 20_000,
  retryDelayMs: 3_000,
  /** Retries on a server error (5xx) or no status at all, never on a 4xx. */
  maxRetries: 3,
  /** The tracking session ends after 30 minutes without an event; kept in a cookie. */
  sessionIdleMs: 30 * 60 * 1000,
} as const;

/** Cookie holding `<trackingSessionId>` (its Max-Age is renewed on every event). */
export const TRACKING_SESSION_COOKIE = 'lectern_tracking_session';

/** Checkout §9: order ids kept in local storage for checkout events. */
export const TRACKING_LOCAL_STORAGE = {
  /** An event's stored entry is valid for 15 minutes. */
  eventValidityMs: 15 * 60 * 1000,
  maxItems: 1000,
  cleanupIntervalMs: 5_000,
  /** Entries without their own expiry live 24 hours. */
  defaultExpirationMs: 24 * 60 * 60 * 1000,
} as const;

/** Whether a failed send is tried again (platform §9: server errors or a missing status). */
export function isRetriableTrackingStatus(status: number | null | undefined): boolean {
  return status === null || status === undefined || status === 0 || status >= 500;
}

/** Platform §7: `POST /api-2.0/ecl?client_key=...&client_version=...` with a text/plain body. */
export const COLLECTOR_PATH = '/api-2.0/ecl';
/** text/plain keeps the browser's POST "simple" (no CORS preflight) and lets sendBeacon send it. */
export const COLLECTOR_CONTENT_TYPE = 'text/plain';
/** The web app's client key; the collector rejects keys it does not know. */
export const WEB_TRACKING_CLIENT_KEY = 'lectern-web';

export interface CollectorQuery {
  client_key: string;
  client_version: string;
}

export function collectorUrl(query: CollectorQuery): string {
  const key = encodeURIComponent(query.client_key);
  return `${COLLECTOR_PATH}?client_key=${key}&client_version=${encodeURIComponent(query.client_version)}`;
}

/**
 * Bounds of one collector request. The browser flushes every 3 s, so a batch holds what one
 * page produces in 3 s, normally a handful; 100 leaves room for a burst (and the bench's 50)
 * while keeping one request's insert small. An event is a few hundred bytes; the largest
 * (a checkout event with a full list of 100 buyables, ~45 bytes each) stays under 8 KiB.
 * 100 such events fit in 256 KiB with room for the envelope. A beacon flush must also fit
 * the browsers' 64 KiB keepalive quota, so the client cuts beacon batches at that size.
 */
export const COLLECTOR_MAX_BATCH_EVENTS = 100;
export const TRACKING_MAX_EVENT_BYTES = 8 * 1024;
export const COLLECTOR_MAX_BODY_BYTES = 256 * 1024;
export const TRACKING_BEACON_MAX_BYTES = 64 * 1024;
/** client_key and client_version are short identifiers. */
export const COLLECTOR_MAX_QUERY_VALUE_LENGTH = 64;

/** One refused event of a 207 answer: its index in the batch and why. */
export interface CollectorFailedEvent {
  idx: number;
  reason: string;
}

/**
 * Answer of the collector: 200 when every event was stored (`failedEvents` empty), 207 when
 * some were refused (the others are stored). A body that is not a JSON list, too large or too
 * long gets 400 or 413 with the API error body, and nothing is stored.
 */
export interface CollectorResponse {
  failedEvents: CollectorFailedEvent[];
}

export const COLLECTOR_MESSAGES = {
  notAList: 'The body must be a JSON list of events.',
  malformed: 'The body is not valid JSON.',
  tooManyEvents: `A batch holds at most ${COLLECTOR_MAX_BATCH_EVENTS} events.`,
  tooLarge: `The body must be at most ${COLLECTOR_MAX_BODY_BYTES} bytes.`,
  emptyBatch: 'The batch holds no events.',
  unknownClientKey: 'Unknown client key.',
  missingClientVersion: 'client_version is required.',
  clientVersionTooLong: `client_version is at most ${COLLECTOR_MAX_QUERY_VALUE_LENGTH} characters.`,
} as const;
