import type {
  GatewayEvent,
  GatewayPayment,
  GatewayPaymentMethod,
  GatewayRefund,
  GatewaySetup,
  PaymentEventType,
  SetupEventType,
} from './payment-gateway.js';

/** What each event type carries: the mapped object it is about. */
export type GatewayEventPayloads = { [K in PaymentEventType]: GatewayPayment } & {
  [K in SetupEventType]: GatewaySetup;
} & {
  'refund.created': GatewayRefund;
  'refund.updated': GatewayRefund;
  'payment_method.attached': GatewayPaymentMethod;
  'payment_method.detached': GatewayPaymentMethod;
};

export type GatewayEventName = keyof GatewayEventPayloads;

export interface GatewayEventMeta {
  /** The provider's event id; handlers use it (or the object's id) to stay idempotent. */
  id: string;
  created: Date;
  gatewayType: string;
}

/**
 * A subscriber. It may run more than once for one event (a retried delivery after a failure,
 * or the same outcome arriving in the gateway's answer first), so it must be idempotent.
 * Throwing makes the webhook answer 500, and the provider retries the delivery later.
 */
export type GatewayEventHandler<K extends GatewayEventName> = (
  object: GatewayEventPayloads[K],
  meta: GatewayEventMeta,
) => Promise<void> | void;

function objectOf(event: GatewayEvent): unknown {
  if ('payment' in event) return event.payment;
  if ('setup' in event) return event.setup;
  if ('refund' in event) return event.refund;
  if ('paymentMethod' in event) return event.paymentMethod;
  return undefined;
}

/** The typed registry other modules subscribe to (checkout fulfilment, subscriptions, …). */
export class GatewayEventRegistry {
  private readonly handlers = new Map<GatewayEventName, GatewayEventHandler<GatewayEventName>[]>();

  /** Subscribes; returns the unsubscribe function. */
  on<K extends GatewayEventName>(type: K, handler: GatewayEventHandler<K>): () => void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as unknown as GatewayEventHandler<GatewayEventName>);
    this.handlers.set(type, list);
    return () => {
      const current = this.handlers.get(type) ?? [];
      this.handlers.set(
        type,
        current.filter((h) => h !== (handler as unknown)),
      );
    };
  }

  /** How many subscribers an event of this type has. */
  count(type: GatewayEvent['type']): number {
    return type === 'ignored' ? 0 : (this.handlers.get(type)?.length ?? 0);
  }

  /** Runs the event's subscribers one after another; returns how many ran. */
  async dispatch(event: GatewayEvent): Promise<number> {
    if (event.type === 'ignored') return 0;
    const handlers = this.handlers.get(event.type) ?? [];
    const meta: GatewayEventMeta = { id: event.id, created: event.created, gatewayType: event.gatewayType };
    const object = objectOf(event) as GatewayEventPayloads[GatewayEventName];
    for (const handler of handlers) await handler(object, meta);
    return handlers.length;
  }
}
