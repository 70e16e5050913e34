import {
  checkCollectorBatch,
  WEB_TRACKING_CLIENT_KEY,
  type CollectorBatchCheck,
  type CollectorFailedEvent,
} from '@lectern/domain';
import type { EventSink } from './event-sink.js';

/** Client keys the collector accepts (platform §7: an unknown key is rejected). */
export const TRACKING_CLIENT_KEYS: ReadonlySet<string> = new Set([WEB_TRACKING_CLIENT_KEY]);

/** Why an otherwise valid event is refused: text PostgreSQL (and any UTF-8 store) cannot hold. */
export const UNSTORABLE_TEXT_REASON = 'text must not hold the character U+0000 or a lone surrogate';

// A UTF-16 surrogate without its partner (JSON lets it through as a \u escape, as it does U+0000).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const unstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (typeof value !== 'object' || value === null) return false;
  // Keys too: an event's field names are checked against its schema, nested ones are not.
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  return Object.entries(value).some(([key, item]) => unstorable(key) || holdsUnstorableText(item));
}

export interface CollectorCall {
  clientKey: string;
  clientVersion: string;
  /** From the session; null for a visitor. */
  userId: number | null;
  /** The request body as sent. */
  body: string;
}

/** The event collector: checks a batch with the domain's rules and hands its valid events to the sink. */
export function createTrackingService({ sink }: { sink: EventSink }) {
  return {
    isKnownClientKey: (clientKey: string): boolean => TRACKING_CLIENT_KEYS.has(clientKey),

    /**
     * Checks the body whole (nothing is stored when it is not a list of events, too long or too
     * large) and each event against the domain's schema registry, then stores the valid events
     * in one write. The answer says which events were refused and why, by index.
     */
    async collect(call: CollectorCall): Promise<CollectorBatchCheck> {
      const check = checkCollectorBatch(call.body);
      if ('code' in check) return check;
      let { accepted, failedEvents } = check;
      // Such text can only arrive as a \u escape, so a body without one needs no look.
      if (call.body.includes('\\u')) {
        const refused = accepted.filter(({ event }) => holdsUnstorableText(event));
        if (refused.length > 0) {
          accepted = accepted.filter((entry) => !refused.includes(entry));
          failedEvents = [
            ...failedEvents,
            ...refused.map(({ idx }): CollectorFailedEvent => ({ idx, reason: UNSTORABLE_TEXT_REASON })),
          ].sort((a, b) => a.idx - b.idx);
        }
      }
      if (accepted.length > 0) {
        const events = accepted.map(({ event }) => event);
        await sink.write({
          clientKey: call.clientKey,
          clientVersion: call.clientVersion,
          userId: call.userId,
          events,
          // Every event of the body is valid: the body is already their JSON list.
          json: failedEvents.length === 0 ? call.body : JSON.stringify(events),
        });
      }
      return failedEvents.length === check.failedEvents.length
        ? check
        : { status: 207, accepted, failedEvents };
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
