import { isCurrencyCode, money } from '@lectern/domain';
import type Stripe from 'stripe';
import {
  GATEWAY_INTENT_STATUSES,
  GATEWAY_METHOD_TYPES,
  GatewayError,
  type GatewayBillingDetails,
  type GatewayCustomer,
  type GatewayFailure,
  type GatewayIntentStatus,
  type GatewayMethodType,
  type GatewayNextAction,
  type GatewayPayment,
  type GatewayPaymentMethod,
  type GatewayRefund,
  type GatewaySetup,
  type GatewayWallet,
} from './payment-gateway.js';

// Maps the SDK's objects onto the PaymentGateway contract. Anything unknown fails closed
// with GatewayError('protocol') instead of being guessed.

const protocol = (message: string) => new GatewayError('protocol', message);

export function intentStatus(status: string): GatewayIntentStatus {
  if ((GATEWAY_INTENT_STATUSES as readonly string[]).includes(status)) return status as GatewayIntentStatus;
  throw protocol(`The payment provider reported an unknown intent status "${status}".`);
}

export function methodType(type: string): GatewayMethodType {
  if ((GATEWAY_METHOD_TYPES as readonly string[]).includes(type)) return type as GatewayMethodType;
  throw protocol(`The payment provider reported an unknown payment method type "${type}".`);
}

export function isKnownMethodType(type: string): type is GatewayMethodType {
  return (GATEWAY_METHOD_TYPES as readonly string[]).includes(type);
}

function amountOf(amount: number, currency: string) {
  const code = currency.toUpperCase();
  if (!isCurrencyCode(code))
    throw protocol(`The payment provider reported an unsupported currency "${currency}".`);
  return money(amount, code);
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function billing(details: Stripe.PaymentMethod.BillingDetails): GatewayBillingDetails {
  return {
    name: details.name ?? null,
    email: details.email ?? null,
    phone: details.phone ?? null,
    address: {
      line1: details.address?.line1 ?? null,
      line2: details.address?.line2 ?? null,
      city: details.address?.city ?? null,
      state: details.address?.state ?? null,
      postalCode: details.address?.postal_code ?? null,
      country: details.address?.country ?? null,
    },
  };
}

function wallet(type: string | undefined): GatewayWallet | null {
  if (type === undefined) return null;
  if (type === 'apple_pay' || type === 'google_pay') return type;
  throw protocol(`The payment provider reported an unknown wallet "${type}".`);
}

const CVC_CHECKS = ['pass', 'fail', 'unavailable', 'unchecked'] as const;

export function paymentMethod(pm: Stripe.PaymentMethod): GatewayPaymentMethod {
  const card = pm.card;
  const cvc = card?.checks?.cvc_check ?? null;
  return {
    id: pm.id,
    type: methodType(pm.type),
    customerId: idOf(pm.customer as string | { id: string } | null),
    card: card
      ? {
          brand: card.brand,
          last4: card.last4,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          bin: card.iin ?? null,
          country: card.country ?? null,
          funding: card.funding ?? null,
          fingerprint: card.fingerprint ?? null,
          wallet: wallet(card.wallet?.type),
          cvcCheck: cvc === null ? null : (CVC_CHECKS.find((c) => c === cvc) ?? 'unchecked'),
        }
      : null,
    billingDetails: billing(pm.billing_details),
    created: new Date(pm.created * 1000),
  };
}

export function customer(c: Stripe.Customer): GatewayCustomer {
  return { id: c.id, email: c.email ?? null, name: c.name ?? null, metadata: { ...c.metadata } };
}

type RawNextAction = Stripe.PaymentIntent.NextAction | Stripe.SetupIntent.NextAction;

/** The sandbox's `next_action.doku_display_details` (the `channel` is the payment method's). */
interface DokuDisplayDetails {
  expires_at: number;
  hosted_voucher_url: string;
  number: string;
  channel: string;
}

export function nextAction(action: RawNextAction | null): GatewayNextAction | null {
  if (!action) return null;
  const raw = action as Stripe.PaymentIntent.NextAction;
  switch (raw.type) {
    case 'redirect_to_url':
      if (!raw.redirect_to_url?.url) throw protocol('redirect_to_url without a URL.');
      return {
        type: 'redirect_to_url',
        url: raw.redirect_to_url.url,
        returnUrl: raw.redirect_to_url.return_url,
      };
    case 'use_stripe_sdk': {
      const sdk = raw.use_stripe_sdk as { stripe_js?: unknown } | undefined;
      return { type: 'use_sdk', url: typeof sdk?.stripe_js === 'string' ? sdk.stripe_js : null };
    }
    case 'boleto_display_details': {
      const d = raw.boleto_display_details;
      if (!d?.hosted_voucher_url || !d.number || !d.expires_at) throw protocol('Incomplete Boleto voucher.');
      return {
        type: 'display_voucher',
        voucher: 'boleto',
        url: d.hosted_voucher_url,
        reference: d.number,
        expiresAt: new Date(d.expires_at * 1000),
      };
    }
    case 'oxxo_display_details': {
      const d = raw.oxxo_display_details;
      if (!d?.hosted_voucher_url || !d.number || !d.expires_after) throw protocol('Incomplete OXXO voucher.');
      return {
        type: 'display_voucher',
        voucher: 'oxxo',
        url: d.hosted_voucher_url,
        reference: d.number,
        expiresAt: new Date(d.expires_after * 1000),
      };
    }
    case 'pix_display_qr_code': {
      const d = raw.pix_display_qr_code;
      if (!d?.hosted_instructions_url || !d.data || !d.expires_at) throw protocol('Incomplete Pix code.');
      return {
        type: 'display_voucher',
        voucher: 'pix',
        url: d.hosted_instructions_url,
        reference: d.data,
        expiresAt: new Date(d.expires_at * 1000),
      };
    }
    case 'doku_display_details': {
      // A sandbox extension: Stripe has no doku type, so its SDK types do not name these details.
      const d = (raw as { doku_display_details?: Partial<DokuDisplayDetails> }).doku_display_details;
      if (!d?.hosted_voucher_url || !d.number || !d.expires_at)
        throw protocol('Incomplete DOKU payment code.');
      return {
        type: 'display_voucher',
        voucher: 'doku',
        url: d.hosted_voucher_url,
        reference: d.number,
        expiresAt: new Date(d.expires_at * 1000),
      };
    }
    default:
      throw protocol(`The payment provider asked for an unknown next action "${raw.type}".`);
  }
}

const FAILURE_TYPES = ['card_error', 'invalid_request_error', 'api_error'] as const;

export function failure(
  error: Stripe.PaymentIntent.LastPaymentError | Stripe.SetupIntent.LastSetupError | null,
): GatewayFailure | null {
  if (!error) return null;
  return {
    code: error.code ?? 'unknown',
    declineCode: error.decline_code ?? null,
    message: error.message ?? 'The payment failed.',
    type: FAILURE_TYPES.find((t) => t === error.type) ?? 'api_error',
  };
}

function futureUsage(value: string | null): 'on_session' | 'off_session' | null {
  if (value === null || value === 'on_session' || value === 'off_session') return value;
  throw protocol(`The payment provider reported an unknown setup_future_usage "${value}".`);
}

const expanded = (value: string | Stripe.PaymentMethod | null): GatewayPaymentMethod | null =>
  value !== null && typeof value === 'object' ? paymentMethod(value) : null;

export function payment(pi: Stripe.PaymentIntent): GatewayPayment {
  if (!pi.client_secret) throw protocol('The payment has no client secret.');
  return {
    id: pi.id,
    status: intentStatus(pi.status),
    amount: amountOf(pi.amount, pi.currency),
    amountReceived: pi.amount_received,
    customerId: idOf(pi.customer as string | { id: string } | null),
    paymentMethodId: idOf(pi.payment_method),
    paymentMethod: expanded(pi.payment_method),
    clientSecret: pi.client_secret,
    confirmationMethod: pi.confirmation_method === 'manual' ? 'manual' : 'automatic',
    setupFutureUsage: futureUsage(pi.setup_future_usage),
    nextAction: nextAction(pi.next_action),
    lastError: failure(pi.last_payment_error),
    latestChargeId: idOf(pi.latest_charge),
    metadata: { ...pi.metadata },
    created: new Date(pi.created * 1000),
  };
}

export function setup(si: Stripe.SetupIntent): GatewaySetup {
  if (!si.client_secret) throw protocol('The setup has no client secret.');
  return {
    id: si.id,
    status: intentStatus(si.status),
    customerId: idOf(si.customer as string | { id: string } | null),
    paymentMethodId: idOf(si.payment_method),
    paymentMethod: expanded(si.payment_method),
    clientSecret: si.client_secret,
    usage: si.usage === 'on_session' ? 'on_session' : 'off_session',
    nextAction: nextAction(si.next_action),
    lastError: failure(si.last_setup_error),
    metadata: { ...si.metadata },
    created: new Date(si.created * 1000),
  };
}

const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

export function refund(r: Stripe.Refund): GatewayRefund {
  const status = REFUND_STATUSES.find((s) => s === r.status);
  if (!status) throw protocol(`The payment provider reported an unknown refund status "${r.status}".`);
  const paymentId = idOf(r.payment_intent);
  if (!paymentId) throw protocol('The refund names no payment.');
  return {
    id: r.id,
    paymentId,
    amount: amountOf(r.amount, r.currency),
    status,
    reason: REFUND_REASONS.find((reason) => reason === r.reason) ?? null,
    metadata: { ...(r.metadata ?? {}) } as Record<string, string>,
    created: new Date(r.created * 1000),
  };
}
