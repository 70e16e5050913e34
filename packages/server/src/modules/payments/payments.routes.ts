import type { FastifyInstance } from 'fastify';
import type { PaymentsService } from './payments.service.js';

/** The provider's webhooks may be larger than the API's 64 KiB JSON bodies. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const GATEWAY_WEBHOOK_PATH = '/payment/webhooks/gateway/';

/**
 * `POST /payment/webhooks/gateway/`: signed by the provider, so no CSRF; the body is kept raw
 * (the signature covers its exact bytes) and parsed only after verification.
 */
export async function paymentsRoutes(app: FastifyInstance, options: { payments: PaymentsService }) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      GATEWAY_WEBHOOK_PATH,
      { config: { csrf: false }, bodyLimit: WEBHOOK_BODY_LIMIT },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const receipt = await options.payments.receiveWebhook(
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true, event: receipt.eventId, duplicate: receipt.duplicate };
      },
    );
  });
}
