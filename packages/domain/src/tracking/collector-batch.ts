import { API_ERROR_CODES } from '../api/error-contract.js';
import { utf8ByteLength, validateTrackingEvent } from './event-schemas.js';
import {
  COLLECTOR_MAX_BATCH_EVENTS,
  COLLECTOR_MAX_BODY_BYTES,
  COLLECTOR_MESSAGES,
  type CollectorFailedEvent,
} from './event-tracking.js';

/** How the collector answers one body, before anything is stored. */
export type CollectorBatchCheck =
  | {
      /** 200 when every event is valid, 207 otherwise. */
      status: 200 | 207;
      /** The valid events with their index in the batch, to store. */
      accepted: { idx: number; event: Record<string, unknown> }[];
      failedEvents: CollectorFailedEvent[];
    }
  | { status: 400 | 413; code: string; detail: string };

/**
 * Platform §7: reads a collector body (text/plain holding a JSON list) and checks it whole:
 * too large → 413, not JSON, not a list, empty or too long → 400 (nothing stored); otherwise
 * each event against the schema registry, refused ones reported by index.
 */
export function checkCollectorBatch(body: string): CollectorBatchCheck {
  if (utf8ByteLength(body) > COLLECTOR_MAX_BODY_BYTES) {
    return { status: 413, code: API_ERROR_CODES.payloadTooLarge, detail: COLLECTOR_MESSAGES.tooLarge };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status: 400, code: API_ERROR_CODES.malformedJson, detail: COLLECTOR_MESSAGES.malformed };
  }
  if (!Array.isArray(parsed)) {
    return { status: 400, code: API_ERROR_CODES.validation, detail: COLLECTOR_MESSAGES.notAList };
  }
  if (parsed.length === 0) {
    return { status: 400, code: API_ERROR_CODES.validation, detail: COLLECTOR_MESSAGES.emptyBatch };
  }
  if (parsed.length > COLLECTOR_MAX_BATCH_EVENTS) {
    return { status: 400, code: API_ERROR_CODES.validation, detail: COLLECTOR_MESSAGES.tooManyEvents };
  }
  const accepted: { idx: number; event: Record<string, unknown> }[] = [];
  const failedEvents: CollectorFailedEvent[] = [];
  parsed.forEach((event: unknown, idx) => {
    const result = validateTrackingEvent(event);
    if (result.ok) accepted.push({ idx, event: event as Record<string, unknown> });
    else failedEvents.push({ idx, reason: result.reason });
  });
  return { status: failedEvents.length === 0 ? 200 : 207, accepted, failedEvents };
}
