import { experimentInputSchema, type ExperimentSummary } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { databaseId } from '../../platform/http/database-id.js';
import { permissionDenied } from '../../platform/http/http-error.js';
import type { UsersService } from '../users/users.service.js';
import type { ExperimentsService } from './experiments.service.js';

export const EXPERIMENTS_ADMIN_PATH = '/api-2.0/admin/experiments/';

const experimentParams = z.object({ id: databaseId('id must be an experiment id.', { coerce: true }) });

/**
 * The operator's experiments API behind `/admin/experiments/`: list (with each variant's
 * exposed units), create, edit, start and stop. Signed-in operators only: a visitor gets 401,
 * anyone else 403, before the body is read and before anything is written.
 */
export const experimentsAdminRoutes: FastifyPluginAsyncZod<{
  experiments: ExperimentsService;
  users: UsersService;
}> = async (app, { experiments, users }) => {
  // This plugin's routes only (encapsulated); after the session's 401, before validation.
  app.addHook('preValidation', async (request) => {
    const user = await users.findById(requireUserId(request));
    if (!user?.isOperator) throw permissionDenied('Only the marketplace’s operators may manage experiments.');
  });

  app.get(
    EXPERIMENTS_ADMIN_PATH,
    { config: SIGNED_IN },
    async (): Promise<{ results: ExperimentSummary[] }> => ({ results: await experiments.list() }),
  );

  app.post(
    EXPERIMENTS_ADMIN_PATH,
    { config: SIGNED_IN, schema: { body: experimentInputSchema } },
    async (request, reply): Promise<ExperimentSummary> => {
      reply.status(201);
      return experiments.create(request.body, requireUserId(request));
    },
  );

  app.get(
    `${EXPERIMENTS_ADMIN_PATH}:id/`,
    { config: SIGNED_IN, schema: { params: experimentParams } },
    (request): Promise<ExperimentSummary> => experiments.get(request.params.id),
  );

  app.put(
    `${EXPERIMENTS_ADMIN_PATH}:id/`,
    { config: SIGNED_IN, schema: { params: experimentParams, body: experimentInputSchema } },
    (request): Promise<ExperimentSummary> => experiments.update(request.params.id, request.body),
  );

  app.post(
    `${EXPERIMENTS_ADMIN_PATH}:id/start/`,
    { config: SIGNED_IN, schema: { params: experimentParams } },
    (request): Promise<ExperimentSummary> => experiments.start(request.params.id),
  );

  app.post(
    `${EXPERIMENTS_ADMIN_PATH}:id/stop/`,
    { config: SIGNED_IN, schema: { params: experimentParams } },
    (request): Promise<ExperimentSummary> => experiments.stop(request.params.id),
  );
};
