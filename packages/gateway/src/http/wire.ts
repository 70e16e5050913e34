import type { FastifyError, FastifyInstance } from 'fastify';
import qs from 'qs';
import { StripeApiError } from '../core/stripe-error.js';

/** Bracket nesting as Stripe's clients write it: `card[exp_month]=12&expand[0]=customer`. */
export const QS_OPTIONS = {
  depth: 8,
  arrayLimit: 100,
  parameterLimit: 2000,
  allowPrototypes: false,
} as const;

export function parseQuery(text: string): Record<string, unknown> {
  return qs.parse(text, QS_OPTIONS);
}

/**
 * Stripe's wire conventions for the whole sandbox: form-encoded bodies, `request-id` and
 * `stripe-version` on every answer, errors as `{"error": {...}}` with Stripe's statuses,
 * and Stripe's wording for unknown URLs.
 */
export function registerWireFormat(app: FastifyInstance, apiVersion: string): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, parseQuery(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('request-id', request.id);
    if (request.url.startsWith('/v1/')) {
      const requested = request.headers['stripe-version'];
      reply.header('stripe-version', typeof requested === 'string' && requested ? requested : apiVersion);
      reply.header('cache-control', 'no-cache, no-store');
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | StripeApiError, request, reply) => {
    if (error instanceof StripeApiError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.toJSON());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Invalid request: send application/x-www-form-urlencoded parameters.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body too large.'
            : `Invalid request: ${error.message}`;
      return reply.code(status).send({ error: { type: 'invalid_request_error', message } });
    }
    request.log.error({ err: error }, 'sandbox request failed');
    return reply.code(500).send({
      error: { type: 'api_error', message: 'An unknown error occurred in the sandbox.' },
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). The sandbox implements the Stripe API subset described in docs/decisions.`,
      },
    }),
  );
}
