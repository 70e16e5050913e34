import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../platform/http/http-error.js';
import type { Database } from '../../platform/db/database.js';
import { GatewayError, type GatewayEvent, type PaymentGateway } from './payment-gateway.js';
import { GatewayEventRegistry } from './payments.events.js';
import { createPaymentsRepository } from './payments.repository.js';
import { verifyWebhookSignature } from './webhook-signature.js';

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

      const record = { eventId: event.id, gatewayType: event.gatewayType, type: event.type, payload };
      if (events.count(event.type) === 0) {
        // Nobody acts on it: kept for the record, already processed (one write).
        const stored = await repository.storeEventOnce(record, 'processed');
        return { eventId: event.id, type: event.type, duplicate: !stored };
      }
      const claimed =
        (await repository.storeEventOnce(record, 'claimed')) || (await repository.claimEvent(event.id));
      if (!claimed) return { eventId: event.id, type: event.type, duplicate: true };
      try {
        await events.dispatch(event);
      } catch (error) {
        await repository.releaseFailed(event.id, error instanceof Error ? error.message : String(error));
        deps.log.error({ err: error, event: event.id, type: event.type }, 'gateway event subscriber failed');
        throw new HttpError(500, 'webhook_handler_failed', 'A subscriber failed; the provider will retry.');
      }
      await repository.markProcessed(event.id);
      return { eventId: event.id, type: event.type, duplicate: false };
    },

    /** For tests and operators: how often an event id is stored (0 or 1). */
    storedEventCount: (eventId: string) => repository.countEvents(eventId),
    storedEvent: (eventId: string) => repository.findEvent(eventId),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
