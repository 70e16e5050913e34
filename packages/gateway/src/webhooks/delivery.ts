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

interface Delivery extends DeliveryRecord {
  body: string;
  secret: string;
  firstQueuedAt: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Delivers each event to each endpoint by POST, signed, until the endpoint answers 2xx:
 * retries back off exponentially (with jitter) up to `maxDelayMs`, for up to `maxAgeMs`.
 * Pending deliveries live in memory, so nothing is lost while the receiver is down, as long
 * as the sandbox process runs.
 */
export class WebhookDispatcher {
  private readonly deliveries = new Map<string, Delivery>();
  private closed = false;
  private settledCount = 0;
  private readonly inFlight = new Set<AbortController>();
  /** Deliveries due now, waiting for a free slot. */
  private readonly ready: Delivery[] = [];

  constructor(
    private readonly policy: RetryPolicy,
    private readonly log: FastifyBaseLogger,
    private readonly onSettled: (eventId: string) => void,
  ) {}

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
      this.deliveries.set(`${eventId}:${target.endpointId}`, delivery);
      this.schedule(delivery);
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
    return this.recordsFor(eventId).filter((d) => d.state === 'pending').length;
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

  private settled(delivery: Delivery): void {
    this.settledCount += 1;
    this.onSettled(delivery.eventId);
    if (this.settledCount <= MAX_SETTLED_KEPT) return;
    for (const [key, candidate] of this.deliveries) {
      if (this.settledCount <= MAX_SETTLED_KEPT / 2) break;
      if (candidate.state === 'pending') continue;
      this.deliveries.delete(key);
      this.settledCount -= 1;
    }
  }

  private scheduleRetry(delivery: Delivery): void {
    const base = Math.min(this.policy.initialDelayMs * 2 ** (delivery.attempts - 1), this.policy.maxDelayMs);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
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
