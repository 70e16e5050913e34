import type Stripe from 'stripe';
import {
  GatewayError,
  type GatewayEvent,
  type PaymentEventType,
  type SetupEventType,
} from './payment-gateway.js';
import * as map from './stripe-mapping.js';

const PAYMENT_EVENTS: Record<string, PaymentEventType> = {
  'payment_intent.created': 'payment.created',
  'payment_intent.requires_action': 'payment.requires_action',
  'payment_intent.processing': 'payment.processing',
  'payment_intent.succeeded': 'payment.succeeded',
  'payment_intent.payment_failed': 'payment.failed',
  'payment_intent.canceled': 'payment.canceled',
};

const SETUP_EVENTS: Record<string, SetupEventType> = {
  'setup_intent.created': 'setup.created',
  'setup_intent.requires_action': 'setup.requires_action',
  'setup_intent.succeeded': 'setup.succeeded',
  'setup_intent.setup_failed': 'setup.failed',
  'setup_intent.canceled': 'setup.canceled',
};

/** The provider event types the adapter maps; a webhook endpoint needs no others. */
/** Our event type for a provider event type (refund and payment-method events keep theirs). */
export function eventTypeOf(gatewayType: string): string {
  return PAYMENT_EVENTS[gatewayType] ?? SETUP_EVENTS[gatewayType] ?? gatewayType;
}

export const MAPPED_GATEWAY_EVENTS: readonly string[] = [
  ...Object.keys(PAYMENT_EVENTS),
  ...Object.keys(SETUP_EVENTS),
  'refund.created',
  'refund.updated',
  'payment_method.attached',
  'payment_method.detached',
];

interface RawEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

function isRawEvent(value: unknown): value is RawEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.created === 'number' &&
    typeof v.data === 'object' &&
    v.data !== null &&
    typeof (v.data as Record<string, unknown>).object === 'object'
  );
}

/** Maps a verified webhook body; objects we cannot read become `ignored` (stored, not acted on). */
export function parseStripeEvent(payload: unknown): GatewayEvent {
  if (!isRawEvent(payload)) throw new GatewayError('protocol', 'The webhook body is not an event.');
  const base = { id: payload.id, created: new Date(payload.created * 1000), gatewayType: payload.type };
  const object = payload.data.object;
  try {
    const paymentType = PAYMENT_EVENTS[payload.type];
    if (paymentType)
      return { ...base, type: paymentType, payment: map.payment(object as Stripe.PaymentIntent) };
    const setupType = SETUP_EVENTS[payload.type];
    if (setupType) return { ...base, type: setupType, setup: map.setup(object as Stripe.SetupIntent) };
    if (payload.type === 'refund.created' || payload.type === 'refund.updated') {
      return { ...base, type: payload.type, refund: map.refund(object as Stripe.Refund) };
    }
    if (payload.type === 'payment_method.attached' || payload.type === 'payment_method.detached') {
      return {
        ...base,
        type: payload.type,
        paymentMethod: map.paymentMethod(object as Stripe.PaymentMethod),
      };
    }
    return {
      ...base,
      type: 'ignored',
      reason: 'unhandled_type',
      detail: 'not an event type Lectern acts on',
    };
  } catch (error) {
    return {
      ...base,
      type: 'ignored',
      reason: 'unreadable',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}
