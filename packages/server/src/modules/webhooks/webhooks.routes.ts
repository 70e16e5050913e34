import {
  ADMIN_WEBHOOK_DELIVERIES_API_PATH,
  ADMIN_WEBHOOKS_API_PATH,
  webhookDeliveriesQuerySchema,
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
  webhookIdSchema,
  type AdminWebhookDeliveriesPage,
  type AdminWebhookDeliveryDetail,
  type AdminWebhookEndpoint,
  type AdminWebhookEndpointList,
  type AdminWebhookEndpointWithSecret,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, staffOnly } from '../staff/staff-access.js';
import type { Webhooks } from './webhooks.service.js';

const READ = staffOnly('backOffice.read');
const MANAGE = staffOnly('webhooks.manage');

const idParams = z.object({ id: webhookIdSchema });

/**
 * The back office's outgoing webhooks (issue 33): endpoints and their deliveries for any staff
 * member (`backOffice.read`; secrets are never read back), registering, changing, disabling,
 * deleting, rolling a secret and re-sending a delivery for those who manage webhooks.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: Webhooks }> = async (app, { webhooks }) => {
  app.get(ADMIN_WEBHOOKS_API_PATH, { config: READ }, (): Promise<AdminWebhookEndpointList> =>
    webhooks.list(),
  );

  app.post(
    ADMIN_WEBHOOKS_API_PATH,
    { config: MANAGE, schema: { body: webhookEndpointInputSchema } },
    async (request, reply): Promise<AdminWebhookEndpointWithSecret> => {
      const created = await webhooks.create(requireStaff(request), request.body);
      reply.status(201);
      return created;
    },
  );

  app.get(
    `${ADMIN_WEBHOOKS_API_PATH}:id/`,
    { config: READ, schema: { params: idParams } },
    (request): Promise<AdminWebhookEndpoint> => webhooks.endpoint(request.params.id),
  );

  app.patch(
    `${ADMIN_WEBHOOKS_API_PATH}:id/`,
    { config: MANAGE, schema: { params: idParams, body: webhookEndpointPatchSchema } },
    (request): Promise<AdminWebhookEndpoint> =>
      webhooks.update(requireStaff(request), request.params.id, request.body),
  );

  app.delete(
    `${ADMIN_WEBHOOKS_API_PATH}:id/`,
    { config: MANAGE, schema: { params: idParams } },
    async (request, reply) => {
      await webhooks.remove(requireStaff(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${ADMIN_WEBHOOKS_API_PATH}:id/roll-secret/`,
    { config: MANAGE, schema: { params: idParams } },
    (request): Promise<AdminWebhookEndpointWithSecret> =>
      webhooks.rollSecret(requireStaff(request), request.params.id),
  );

  app.get(
    `${ADMIN_WEBHOOKS_API_PATH}:id/deliveries/`,
    { config: READ, schema: { params: idParams, querystring: webhookDeliveriesQuerySchema } },
    (request): Promise<AdminWebhookDeliveriesPage> => {
      const { page, page_size: pageSize, status, event_type: eventType } = request.query;
      return webhooks.deliveries(request.params.id, { status, eventType }, { page, pageSize });
    },
  );

  app.get(
    `${ADMIN_WEBHOOK_DELIVERIES_API_PATH}:id/`,
    { config: READ, schema: { params: idParams } },
    (request): Promise<AdminWebhookDeliveryDetail> => webhooks.delivery(request.params.id),
  );

  app.post(
    `${ADMIN_WEBHOOK_DELIVERIES_API_PATH}:id/resend/`,
    { config: MANAGE, schema: { params: idParams } },
    (request): Promise<AdminWebhookDeliveryDetail> =>
      webhooks.resend(requireStaff(request), request.params.id),
  );
};
