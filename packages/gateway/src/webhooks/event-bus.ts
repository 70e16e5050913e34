import type { FastifyBaseLogger } from 'fastify';
import { newId, nowSeconds } from '../core/ids.js';
import type { StripeEvent } from '../core/objects.js';
import type { Store } from '../core/store.js';
import {
  WebhookDispatcher,
  type DeliveryTarget,
  type DispatcherHooks,
  type RetryPolicy,
} from './delivery.js';

/** The API request that caused an event (`event.request`). */
export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
}

export const NO_REQUEST: RequestInfo = { id: null, idempotencyKey: null };

/** Events kept for `GET /v1/events`; older ones are dropped first. */
const MAX_EVENTS = 50_000;

/**
 * Every state change becomes an event: stored for `GET /v1/events` and delivered to each
 * webhook endpoint that subscribed to its type.
 */
export class EventBus {
  readonly dispatcher: WebhookDispatcher;

  constructor(
    private readonly store: Store,
    private readonly apiVersion: string,
    policy: RetryPolicy,
    log: FastifyBaseLogger,
    persistence: Omit<DispatcherHooks, 'onSettled'> = {},
  ) {
    this.dispatcher = new WebhookDispatcher(policy, log, {
      ...persistence,
      onSettled: (eventId) => {
        // peek: not worth rewriting a persisted event for this count, which a restarted
        // sandbox derives again from its pending deliveries (syncPendingWebhooks).
        const event = this.store.events.peek(eventId);
        if (event) event.pending_webhooks = this.dispatcher.pendingCountFor(eventId);
      },
    });
  }

  /** Sets every event's `pending_webhooks` from the deliveries (after a restart). */
  syncPendingWebhooks(): void {
    for (const event of this.store.events.values()) {
      event.pending_webhooks = this.dispatcher.pendingCountFor(event.id);
    }
  }

  emit(
    type: string,
    object: unknown,
    request: RequestInfo = NO_REQUEST,
    previousAttributes?: Record<string, unknown>,
  ): StripeEvent {
    const targets = this.targetsFor(type);
    // Every state change emits an event: its object is reported as changed, whatever path
    // (a timer, a hosted page) changed it.
    const id = (object as { id?: unknown } | null)?.id;
    if (typeof id === 'string') this.store.touch(id);
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: nowSeconds(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: targets.length,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
    this.store.events.set(event.id, event);
    if (this.store.events.size > MAX_EVENTS) {
      const oldest = this.store.events.keys().next().value;
      if (oldest !== undefined) this.store.events.delete(oldest);
    }
    if (targets.length > 0) this.dispatcher.enqueue(event.id, JSON.stringify(event), targets);
    return event;
  }

  private targetsFor(type: string): DeliveryTarget[] {
    const targets: DeliveryTarget[] = [];
    for (const endpoint of this.store.webhookEndpoints.values()) {
      if (endpoint.status !== 'enabled') continue;
      if (!endpoint.enabled_events.includes('*') && !endpoint.enabled_events.includes(type)) continue;
      const secret = this.store.webhookSecrets.get(endpoint.id);
      if (secret) targets.push({ endpointId: endpoint.id, url: endpoint.url, secret });
    }
    return targets;
  }
}
