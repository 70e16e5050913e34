import type { FastifyRequest } from 'fastify';
import type { PaymentIntent, SetupIntent } from '../core/objects.js';
import type { Params } from '../core/params.js';
import { invalidRequest, resourceMissing } from '../core/stripe-error.js';

/**
 * With the publishable key, an intent is reachable only with its `client_secret` (as with
 * Stripe.js); with the secret key, by id alone.
 */
export function checkClientSecret(
  request: FastifyRequest,
  intent: PaymentIntent | SetupIntent | undefined,
  id: string,
  params: Params,
): asserts intent is PaymentIntent | SetupIntent {
  const noun = id.startsWith('seti_') ? 'setup_intent' : 'payment_intent';
  if (!intent) throw resourceMissing(noun, id);
  if (request.sandboxKey !== 'publishable') return;
  const secret = params.string('client_secret');
  if (secret === undefined) {
    throw invalidRequest(`A client_secret is required to use ${noun} with a publishable key.`, {
      param: 'client_secret',
      code: 'parameter_missing',
    });
  }
  if (secret !== intent.client_secret) {
    throw invalidRequest(
      `The client_secret provided does not match the client_secret associated with the ${noun}.`,
      {
        param: 'client_secret',
        code: `${noun}_invalid_parameter`,
      },
    );
  }
}

export const SETUP_FUTURE_USAGE = ['on_session', 'off_session'] as const;
