import {
  checkCollectorBatch,
  WEB_TRACKING_CLIENT_KEY,
  type CollectorBatchCheck,
  type CollectorFailedEvent,
} from '@lectern/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { affectedRowsOf } from '../../platform/db/query-result.js';
import { tooManyRequests } from '../../platform/http/http-error.js';
import { countHits, createAttemptLimiter, type LimitHit } from '../../platform/rate-limit/attempt-limiter.js';
import { UNSTORABLE_TEXT_REASON, unstorableTextPath } from '../../platform/http/unstorable-text.js';
import type { EventSink } from './event-sink.js';
import { trackingEvents } from './tracking.tables.js';

/**
 * What one client may send (design §6): a browser tab flushes every 3 s (20 batches a minute),
 * so a visitor gets three tabs' worth; an address several visitors behind one NAT. Visitor ids
 * are the client's own choice, so only the address bounds a client that makes them up: its
 * batches, and its bytes (300 full batches would be 75 MiB a minute). A batch is a few KiB
 * (events are a few hundred bytes), so 2 MiB a minute is 300 batches of 7 KiB.
 */
export const COLLECTOR_LIMITS = {
  perVisitor: { max: 60, windowMs: 60_000 },
  perAddress: { max: 300, windowMs: 60_000 },
  /** Counted in KiB (each batch rounded up), so a window's count stays far from int4's limit. */
  perAddressKib: { max: 2 * 1024, windowMs: 60_000 },
} as const;
/** Addresses remembered as refused at once, per instance (beyond it the oldest are forgotten). */
const MAX_REFUSED_ADDRESSES = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead of the server's clock a client's clock may be (time zones are not an excuse: ISO times carry them). */
const MAX_CLOCK_AHEAD_MS = DAY_MS;
/** Rows deleted per statement by the purge, so it never holds a long lock. */
const PURGE_BATCH = 10_000;

/** Client keys the collector accepts (platform §7: an unknown key is rejected). */
export const TRACKING_CLIENT_KEYS: ReadonlySet<string> = new Set([WEB_TRACKING_CLIENT_KEY]);

export { UNSTORABLE_TEXT_REASON } from '../../platform/http/unstorable-text.js';

export interface CollectorCall {
  /** The client's address (through trusted proxies only). */
  ip: string;
  clientKey: string;
  clientVersion: string;
  /** From the session; null for a visitor. */
  userId: number | null;
  /** The request body as sent. */
  body: string;
}

/**
 * The event collector: limits each client's rate, checks a batch with the domain's rules and
 * hands its valid events to the sink; stored events are kept `retentionDays`, then purged.
 */
export function createTrackingService({
  sink,
  db,
  retentionDays,
  now = () => new Date(),
}: {
  sink: EventSink;
  db: Database;
  retentionDays: number;
  now?: () => Date;
}) {
  const perAddress = createAttemptLimiter(db, { name: 'collector.address', ...COLLECTOR_LIMITS.perAddress });
  const perVisitor = createAttemptLimiter(db, { name: 'collector.visitor', ...COLLECTOR_LIMITS.perVisitor });
  const perAddressKib = createAttemptLimiter(db, {
    name: 'collector.address_kib',
    ...COLLECTOR_LIMITS.perAddressKib,
  });
  const tooFast = 'Too many events from this client. Slow down and send them again later.';
  /**
   * Addresses over their budget, until when (this instance's clock): their batches are refused
   * before the body is read and without a round trip, so a client that keeps sending past its
   * 429 costs no database work. The count itself stays shared by every instance.
   */
  const refusedUntil = new Map<string, number>();
  const remember = (ip: string, retryAfterSeconds: number) => {
    const current = Date.now();
    if (refusedUntil.size >= MAX_REFUSED_ADDRESSES) {
      for (const [address, until] of refusedUntil) if (until <= current) refusedUntil.delete(address);
      // Still full: forget the oldest (insertion order); they are counted in the database again.
      for (const address of refusedUntil.keys()) {
        if (refusedUntil.size < MAX_REFUSED_ADDRESSES) break;
        refusedUntil.delete(address);
      }
    }
    refusedUntil.delete(ip);
    refusedUntil.set(ip, current + retryAfterSeconds * 1000);
  };
  /**
   * Counts the batch for its address (batches and KiB) and the visitors it names, in one round
   * trip; a 429 when any is over, and an address over its own limits is remembered as refused.
   */
  const count = async (ip: string, body: string, visitors: readonly string[]) => {
    const kib = Math.max(1, Math.ceil(Buffer.byteLength(body) / 1024));
    const hits: LimitHit[] = [
      [perAddress, ip],
      [perAddressKib, ip, kib],
      ...visitors.map((visitor) => [perVisitor, visitor] as const),
    ];
    const { verdicts } = await countHits(db, hits);
    let retryAfter = 0;
    for (const { limiter, retryAfter: wait } of verdicts) {
      if (wait === null) continue;
      retryAfter = Math.max(retryAfter, wait);
      if (limiter !== perVisitor) remember(ip, wait);
    }
    if (retryAfter > 0) throw tooManyRequests(retryAfter, tooFast);
  };
  /** A client time no one can have: ahead of ours by more than a day, or older than we keep events. */
  const timeError = (clientTimestamp: unknown): string | null => {
    const at = Date.parse(String(clientTimestamp));
    const current = now().getTime();
    if (at > current + MAX_CLOCK_AHEAD_MS) return 'clientTimestamp is in the future';
    if (at < current - retentionDays * DAY_MS) return `clientTimestamp is older than ${retentionDays} days`;
    return null;
  };

  return {
    isKnownClientKey: (clientKey: string): boolean => TRACKING_CLIENT_KEYS.has(clientKey),

    /**
     * A 429 for an address this instance refused and whose Retry-After has not passed (checked
     * before the body is read: no parsing, no round trip); nothing otherwise.
     */
    assertNotRefused(ip: string): void {
      const until = refusedUntil.get(ip);
      if (until === undefined) return;
      const left = until - Date.now();
      if (left <= 0) refusedUntil.delete(ip);
      else throw tooManyRequests(Math.ceil(left / 1000), tooFast);
    },

    /**
     * Checks the body whole (nothing is stored when it is not a list of events, too long or too
     * large) and each event against the domain's schema registry, then stores the valid events
     * in one write. The answer says which events were refused and why, by index.
     */
    async collect(call: CollectorCall): Promise<CollectorBatchCheck> {
      // The batch is checked first (no I/O, and the body is already capped), so the address (its
      // batches and bytes) and the visitors it names are counted in one round trip; a refused
      // body counts too.
      const check = checkCollectorBatch(call.body);
      if ('code' in check) {
        await count(call.ip, call.body, []);
        return check;
      }
      let { accepted, failedEvents } = check;
      // A batch holds one visitor's events; a few at most are counted.
      const visitors = [...new Set(accepted.map(({ event }) => String(event.visitorUuid)))].slice(0, 3);
      await count(call.ip, call.body, visitors);
      // Events the domain accepted that this server still refuses: impossible client times, and
      // text no database holds (only possible as a \u escape, so a body without one needs no look).
      const mayHoldEscapes = call.body.includes('\\u');
      const refused = accepted.flatMap(({ idx, event }): CollectorFailedEvent[] => {
        const reason =
          timeError(event.clientTimestamp) ??
          (mayHoldEscapes && unstorableTextPath(event) !== null ? UNSTORABLE_TEXT_REASON : null);
        return reason ? [{ idx, reason }] : [];
      });
      if (refused.length > 0) {
        accepted = accepted.filter(({ idx }) => !refused.some((entry) => entry.idx === idx));
        failedEvents = [...failedEvents, ...refused].sort((a, b) => a.idx - b.idx);
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

    /** The retention job: deletes events received more than `retentionDays` ago, in batches. Returns how many. */
    async purgeExpired(): Promise<number> {
      let total = 0;
      for (;;) {
        const result = await db.execute(sql`
          delete from ${trackingEvents} where ctid in (
            select ctid from ${trackingEvents}
            where ${trackingEvents.receivedAt} < now() - ${`${retentionDays} days`}::interval
            limit ${PURGE_BATCH})`);
        const deleted = affectedRowsOf(result);
        total += deleted;
        if (deleted < PURGE_BATCH) return total;
      }
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
