import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createExpiringCache } from '../../platform/cache/expiring-cache.js';
import { isUnstorableText } from '../../platform/http/unstorable-text.js';
import { HttpError } from '../../platform/http/http-error.js';
import type { Database } from '../../platform/db/database.js';
import { GatewayError, type GatewayEvent, type PaymentGateway } from './payment-gateway.js';
import { GatewayEventRegistry } from './payments.events.js';
import { createPaymentsRepository } from './payments.repository.js';
import { verifyWebhookSignature } from './webhook-signature.js';

/** How long "this user has no provider customer" may be believed (a stored id is kept as long). */
export const CUSTOMER_CACHE_MS = 10_000;
/** Deliveries of one event before it is acknowledged as unprocessable (a poison event). */
export const MAX_EVENT_ATTEMPTS = 8;
/** What `payment_gateway_events` holds (event_id varchar(255), gateway_type varchar(100)). */
const MAX_EVENT_ID = 255;
const MAX_GATEWAY_TYPE = 100;

export interface WebhookReceipt {
  eventId: string;
  type: string;
  /** Already stored and processed (or being processed by another delivery). */
  duplicate: boolean;
}

const SIGNATURE_MESSAGES = {
  missing: 'The webhook has no signature header.',
  malformed: 'The webhook signature header is malformed.',
  timestamp_out_of_tolerance: 'The webhook signature timestamp is outside the 5-minute tolerance.',
  mismatch: 'The webhook signature does not match.',
} as const;

/**
 * Payments: the gateway adapter other modules call, and the provider's webhooks. Each event
 * is verified, stored once (unique event id), then handed to the subscribers of the typed
 * registry; a failed subscriber leaves it unprocessed so the provider's retry runs it again.
 */
export function createPaymentsService(deps: {
  db: Database;
  gateway: PaymentGateway;
  webhookSecret: string;
  log: FastifyBaseLogger;
}) {
  const repository = createPaymentsRepository(deps.db);
  const events = new GatewayEventRegistry();
  // Checkout asks on every page whether the buyer has a customer (saved cards). A customer id
  // never changes once stored; a user without one is re-read after a few seconds, and at once
  // here when this instance creates it.
  const customers = createExpiringCache<number, string | null>({
    ttlMs: CUSTOMER_CACHE_MS,
    maxEntries: 50_000,
  });
  const customerOf = async (userId: number): Promise<string | null> => {
    const hit = customers.get(userId);
    if (hit !== undefined) return hit;
    const found = await repository.customerOf(userId);
    customers.set(userId, found);
    return found;
  };

  return {
    gateway: deps.gateway,
    /** Subscribe to provider events: `payments.events.on('payment.succeeded', handler)`. */
    events,

    async receiveWebhook(rawBody: string, signature: string | undefined): Promise<WebhookReceipt> {
      const problem = verifyWebhookSignature(rawBody, signature, deps.webhookSecret);
      if (problem) throw new HttpError(400, 'webhook_signature_invalid', SIGNATURE_MESSAGES[problem]);

      let payload: unknown;
      try {
        payload = JSON.parse(rawBody);
      } catch {
        throw new HttpError(400, 'malformed_json', 'The webhook body is not valid JSON.');
      }
      let event: GatewayEvent;
      try {
        event = deps.gateway.parseEvent(payload);
      } catch (error) {
        if (error instanceof GatewayError) throw new HttpError(400, 'webhook_malformed', error.message);
        throw error;
      }
      if (event.type === 'ignored' && event.reason === 'unreadable') {
        deps.log.warn(
          { event: event.id, gatewayType: event.gatewayType, detail: event.detail },
          'gateway event not understood',
        );
      }

      // An id or type our table cannot hold can never be processed: acknowledged, kept under
      // a digest for an operator, never retried (a provider retries a failed delivery for days).
      if (
        event.id.length > MAX_EVENT_ID ||
        event.gatewayType.length > MAX_GATEWAY_TYPE ||
        isUnstorableText(event.id)
      ) {
        deps.log.error(
          { gatewayType: event.gatewayType.slice(0, 100) },
          'gateway event with an unusable id ignored',
        );
        const eventId = `unusable:${createHash('sha256').update(event.id).digest('hex')}`;
        await repository.storeEventOnce(
          { eventId, gatewayType: event.gatewayType.slice(0, MAX_GATEWAY_TYPE), type: 'ignored', payload },
          'processed',
        );
        return { eventId, type: 'ignored', duplicate: false };
      }

      const record = { eventId: event.id, gatewayType: event.gatewayType, type: event.type, payload };
      if (events.count(event.type) === 0) {
        // Nobody acts on it: kept for the record, already processed (one write).
        const stored = await repository.storeEventOnce(record, 'processed');
        return { eventId: event.id, type: event.type, duplicate: !stored };
      }
      const stored = await repository.storeEventOnce(record, 'claimed');
      const attempt = stored ? 1 : await repository.claimEvent(event.id);
      if (attempt === null) return { eventId: event.id, type: event.type, duplicate: true };
      // A re-sent event is processed as it was first stored, whatever this delivery's body says.
      const dispatched = stored
        ? event
        : deps.gateway.parseEvent((await repository.findEvent(event.id))!.payload);
      try {
        await events.dispatch(dispatched);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.error(
          { err: error, event: event.id, type: event.type, attempt },
          'gateway event subscriber failed',
        );
        if (attempt >= MAX_EVENT_ATTEMPTS) {
          // A poison event: acknowledged and kept for an operator; reconciliation settles the
          // payments it was about from the provider itself (design §4).
          await repository.giveUp(event.id, message);
          return { eventId: event.id, type: event.type, duplicate: false };
        }
        await repository.releaseFailed(event.id, message);
        throw new HttpError(500, 'webhook_handler_failed', 'A subscriber failed; the provider will retry.');
      }
      await repository.markProcessed(event.id);
      return { eventId: event.id, type: event.type, duplicate: false };
    },

    /** The user's provider customer id, or null before their first saved card. */
    customerOf,

    /**
     * The user's provider customer, created once: the creation's idempotency key is the user,
     * so two checkouts racing here get the same customer.
     */
    async ensureCustomer(userId: number, details: { email: string; name: string }): Promise<string> {
      const existing = await repository.customerOf(userId);
      if (existing) {
        customers.set(userId, existing);
        return existing;
      }
      const customer = await deps.gateway.createCustomer(
        { email: details.email, name: details.name, metadata: { lectern_user_id: String(userId) } },
        { idempotencyKey: `customer:user:${userId}` },
      );
      const stored = await repository.storeCustomer(userId, customer.id);
      customers.set(userId, stored);
      return stored;
    },

    /** For tests and operators: how often an event id is stored (0 or 1). */
    storedEventCount: (eventId: string) => repository.countEvents(eventId),
    storedEvent: (eventId: string) => repository.findEvent(eventId),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
