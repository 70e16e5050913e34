import Stripe from 'stripe';
import { GatewayError } from './payment-gateway.js';

/** Turns an SDK error into a GatewayError; anything unexpected is `unavailable` (outcome unknown). */
export function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new GatewayError('unavailable', error instanceof Error ? error.message : String(error));
  }
  const details = {
    code: error.code ?? null,
    declineCode: error.decline_code ?? null,
    param: error.param ?? null,
    ...(error.statusCode === undefined ? {} : { status: error.statusCode }),
  };
  const message = error.message || 'The payment provider refused the request.';
  if (error instanceof Stripe.errors.StripeCardError)
    return new GatewayError('card_declined', message, details);
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new GatewayError('idempotency_conflict', message, details);
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new GatewayError('authentication', message, details);
  }
  if (error instanceof Stripe.errors.StripeRateLimitError)
    return new GatewayError('rate_limited', message, details);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'payment_method_unavailable')
      return new GatewayError('method_unavailable', message, details);
    if (error.statusCode === 404 || error.code === 'resource_missing')
      return new GatewayError('not_found', message, details);
    return new GatewayError('invalid_request', message, details);
  }
  if (error.statusCode === 409) return new GatewayError('idempotency_conflict', message, details);
  return new GatewayError('unavailable', message, details);
}

/**
 * Card declines on confirm come back as a 402 carrying the intent; the contract treats them
 * as outcomes, so the intent is returned instead of thrown.
 */
export function declinedIntent(error: unknown): { payment_intent?: unknown; setup_intent?: unknown } | null {
  if (!(error instanceof Stripe.errors.StripeCardError)) return null;
  const raw = error.raw as { payment_intent?: unknown; setup_intent?: unknown };
  return raw.payment_intent || raw.setup_intent ? raw : null;
}
