import type { FastifyBaseLogger } from 'fastify';
import { signatureHeader } from './signature.js';

export interface RetryPolicy {
  /** First retry after this long; each further retry waits twice as long. */
  initialDelayMs: number;
  /** Upper bound of the wait between two attempts. */
  maxDelayMs: number;
  /** Give up on an event this long after it happened (Stripe: three days). */
  maxAgeMs: number;
  /** An attempt that has not answered by then counts as failed. */
  attemptTimeoutMs: number;
  /** At most this many deliveries in flight at once; the rest wait their turn, in order. */
  maxConcurrent: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  initialDelayMs: 1_000,
  maxDelayMs: 60_000,
  maxAgeMs: 3 * 24 * 60 * 60 * 1000,
  attemptTimeoutMs: 10_000,
  maxConcurrent: 16,
};

export interface DeliveryTarget {
  endpointId: string;
  url: string;
  secret: string;
}

export interface DeliveryRecord {
  eventId: string;
  endpointId: string;
  url: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  state: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: number | null;
}

/** Settled deliveries kept for inspection; older ones are forgotten. */
const MAX_SETTLED_KEPT = 10_000;

/**
 * What a persisted sandbox keeps of a delivery: everything but the body, which is the stored
 * event (so a pending delivery is sent again after a restart, on its retry schedule).
 */
export interface DeliveryState extends DeliveryRecord {
  secret: string;
  firstQueuedAt: number;
}

interface Delivery extends DeliveryState {
  body: string;
  timer: NodeJS.Timeout | null;
}

export interface DispatcherHooks {
  /** An event's deliveries all settled (delivered or abandoned). */
  onSettled(eventId: string): void;
  /** A delivery was added, changed or forgotten (by key; a persisted sandbox writes it). */
  onChange?(key: string): void;
  /**
   * Runs `send` once the event is durably stored; the default runs it at once. A persisted
   * sandbox sends nothing that a crash could make it forget.
   */
  whenDurable?(send: () => void): void;
}

const keyOf = (eventId: string, endpointId: string) => `${eventId}:${endpointId}`;

/**
 * Delivers each event to each endpoint by POST, signed, until the endpoint answers 2xx:
 * retries back off exponentially (with jitter) up to `maxDelayMs`, for up to `maxAgeMs`.
 * Nothing is lost while the receiver is down: pending deliveries wait in memory, and in a
 * persisted sandbox on disk too, where a restart finds them and carries on with their retry
 * schedule (at least once: an attempt cut short by a crash is made again).
 */
export class WebhookDispatcher {
  private readonly deliveries = new Map<string, Delivery>();
  private closed = false;
  private settledCount = 0;
  /** Pending deliveries by event: counted, since a scan of every kept delivery per settle adds up. */
  private readonly pendingByEvent = new Map<string, number>();
  private readonly inFlight = new Set<AbortController>();
  /** Deliveries due now, waiting for a free slot. */
  private readonly ready: Delivery[] = [];
  private readonly onSettled: (eventId: string) => void;
  private readonly changed: (key: string) => void;
  private readonly whenDurable: (send: () => void) => void;

  constructor(
    private readonly policy: RetryPolicy,
    private readonly log: FastifyBaseLogger,
    hooks: DispatcherHooks,
  ) {
    this.onSettled = hooks.onSettled;
    this.changed = hooks.onChange ?? (() => {});
    this.whenDurable = hooks.whenDurable ?? ((send) => send());
  }

  enqueue(eventId: string, body: string, targets: readonly DeliveryTarget[]): void {
    if (this.closed) return;
    for (const target of targets) {
      const delivery: Delivery = {
        eventId,
        endpointId: target.endpointId,
        url: target.url,
        secret: target.secret,
        body,
        attempts: 0,
        lastStatus: null,
        lastError: null,
        state: 'pending',
        nextAttemptAt: Date.now(),
        firstQueuedAt: Date.now(),
        timer: null,
      };
      const key = keyOf(eventId, target.endpointId);
      this.deliveries.set(key, delivery);
      this.countPending(eventId, 1);
      this.changed(key);
      this.whenDurable(() => this.schedule(delivery));
    }
  }

  /** A delivery as persisted, or undefined once forgotten. */
  stateOf(key: string): DeliveryState | undefined {
    const delivery = this.deliveries.get(key);
    return delivery ? toState(delivery) : undefined;
  }

  /** Every delivery as persisted, oldest first. */
  *states(): Generator<readonly [string, DeliveryState]> {
    for (const [key, delivery] of this.deliveries) yield [key, toState(delivery)] as const;
  }

  /** Puts back a delivery read from disk (`undefined`: forgotten); `resume` sends the pending ones. */
  restore(key: string, state: DeliveryState | undefined): void {
    const existing = this.deliveries.get(key);
    if (existing && existing.state !== 'pending') this.settledCount -= 1;
    if (existing?.state === 'pending') this.countPending(existing.eventId, -1);
    if (!state) {
      this.deliveries.delete(key);
      return;
    }
    this.deliveries.set(key, { ...state, body: '', timer: null });
    if (state.state !== 'pending') this.settledCount += 1;
    else this.countPending(state.eventId, 1);
  }

  /**
   * After a restart: sends the pending deliveries again, each when its retry is due (at once
   * if overdue or if it was under way). The body is the stored event; a delivery whose event
   * is no longer stored cannot be sent and is abandoned.
   */
  resume(bodyOf: (eventId: string) => string | undefined): void {
    for (const [key, delivery] of this.deliveries) {
      if (delivery.state !== 'pending' || delivery.timer || this.ready.includes(delivery)) continue;
      const body = bodyOf(delivery.eventId);
      if (body === undefined) {
        delivery.state = 'failed';
        delivery.lastError = 'event no longer stored';
        this.log.warn({ event: delivery.eventId, url: delivery.url }, 'webhook delivery abandoned');
        this.changed(key);
        this.settled(delivery);
        continue;
      }
      delivery.body = body;
      const wait = delivery.nextAttemptAt === null ? 0 : delivery.nextAttemptAt - Date.now();
      if (wait <= 0) {
        this.schedule(delivery);
        continue;
      }
      delivery.timer = setTimeout(() => {
        delivery.timer = null;
        this.schedule(delivery);
      }, wait);
      delivery.timer.unref();
    }
  }

  /** Deliveries of one event (for tests and the sandbox's own inspection endpoint). */
  recordsFor(eventId: string): DeliveryRecord[] {
    return [...this.deliveries.values()].filter((d) => d.eventId === eventId).map(toRecord);
  }

  pending(): DeliveryRecord[] {
    return [...this.deliveries.values()].filter((d) => d.state === 'pending').map(toRecord);
  }

  pendingCountFor(eventId: string): number {
    return this.pendingByEvent.get(eventId) ?? 0;
  }

  /** Retries every pending delivery now (e.g. once the receiver is known to be back). */
  retryNow(): void {
    for (const delivery of this.deliveries.values()) {
      if (delivery.state !== 'pending' || delivery.timer === null) continue;
      clearTimeout(delivery.timer);
      delivery.timer = null;
      this.schedule(delivery);
    }
  }

  close(): void {
    this.closed = true;
    for (const delivery of this.deliveries.values()) if (delivery.timer) clearTimeout(delivery.timer);
    for (const controller of this.inFlight) controller.abort();
    const pending = this.pending().length;
    if (pending > 0) this.log.warn({ pending }, 'sandbox closing with undelivered webhooks');
  }

  private schedule(delivery: Delivery): void {
    this.ready.push(delivery);
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.inFlight.size < this.policy.maxConcurrent && this.ready.length > 0) {
      void this.attempt(this.ready.shift()!);
    }
  }

  private async attempt(delivery: Delivery): Promise<void> {
    if (this.closed) return;
    delivery.timer = null;
    delivery.attempts += 1;
    delivery.nextAttemptAt = null;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), this.policy.attemptTimeoutMs);
    this.inFlight.add(controller);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(delivery.secret, delivery.body),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) lectern-sandbox',
        },
        body: delivery.body,
        signal: controller.signal,
      });
      delivery.lastStatus = response.status;
      delivery.lastError = null;
      await response.body?.cancel().catch(() => {});
      if (response.status >= 200 && response.status < 300) {
        delivery.state = 'delivered';
        this.changed(keyOf(delivery.eventId, delivery.endpointId));
        this.settled(delivery);
        return;
      }
    } catch (error) {
      delivery.lastStatus = null;
      delivery.lastError = error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
      this.pump();
    }
    if (this.closed) return;
    this.scheduleRetry(delivery);
  }

  private countPending(eventId: string, change: 1 | -1): void {
    const count = (this.pendingByEvent.get(eventId) ?? 0) + change;
    if (count > 0) this.pendingByEvent.set(eventId, count);
    else this.pendingByEvent.delete(eventId);
  }

  private settled(delivery: Delivery): void {
    this.settledCount += 1;
    this.countPending(delivery.eventId, -1);
    this.onSettled(delivery.eventId);
    if (this.settledCount <= MAX_SETTLED_KEPT) return;
    for (const [key, candidate] of this.deliveries) {
      if (this.settledCount <= MAX_SETTLED_KEPT / 2) break;
      if (candidate.state === 'pending') continue;
      this.deliveries.delete(key);
      this.changed(key);
      this.settledCount -= 1;
    }
  }

  private scheduleRetry(delivery: Delivery): void {
    const base = Math.min(this.policy.initialDelayMs * 2 ** (delivery.attempts - 1), this.policy.maxDelayMs);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.changed(keyOf(delivery.eventId, delivery.endpointId));
    if (Date.now() + delay - delivery.firstQueuedAt > this.policy.maxAgeMs) {
      delivery.state = 'failed';
      this.log.warn(
        { event: delivery.eventId, url: delivery.url, attempts: delivery.attempts },
        'webhook delivery abandoned',
      );
      this.settled(delivery);
      return;
    }
    this.log.info(
      { event: delivery.eventId, url: delivery.url, status: delivery.lastStatus, retryInMs: delay },
      'webhook delivery failed; retrying',
    );
    delivery.nextAttemptAt = Date.now() + delay;
    delivery.timer = setTimeout(() => {
      delivery.timer = null;
      this.schedule(delivery);
    }, delay);
    delivery.timer.unref();
  }
}

function toState(delivery: Delivery): DeliveryState {
  return { ...toRecord(delivery), secret: delivery.secret, firstQueuedAt: delivery.firstQueuedAt };
}

function toRecord(delivery: Delivery): DeliveryRecord {
  return {
    eventId: delivery.eventId,
    endpointId: delivery.endpointId,
    url: delivery.url,
    attempts: delivery.attempts,
    lastStatus: delivery.lastStatus,
    lastError: delivery.lastError,
    state: delivery.state,
    nextAttemptAt: delivery.nextAttemptAt,
  };
}
