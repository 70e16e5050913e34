import { experimentInputSchema, type ExperimentSummary } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import { requireStaff, staffOnly } from '../staff/staff-access.js';
import type { ExperimentsService } from './experiments.service.js';

export const EXPERIMENTS_ADMIN_PATH = '/api-2.0/admin/experiments/';

const experimentParams = z.object({ id: databaseId('id must be an experiment id.', { coerce: true }) });

/** Reading experiments is any staff member's; changing them is the catalog's (and owners'). */
const READ = staffOnly('backOffice.read');
const WRITE = staffOnly('catalog.write');

/**
 * The staff's experiments API behind `/admin/experiments/`: list (with each variant's
 * exposed units), create, edit, start and stop. The back office's access rule applies (a
 * visitor gets 401, anyone without the permission 403, before the body is read and before
 * anything is written): reads need `backOffice.read`, changes `catalog.write`.
 */
export const experimentsAdminRoutes: FastifyPluginAsyncZod<{
  experiments: ExperimentsService;
}> = async (app, { experiments }) => {
  app.get(EXPERIMENTS_ADMIN_PATH, { config: READ }, async (): Promise<{ results: ExperimentSummary[] }> => ({
    results: await experiments.list(),
  }));

  app.post(
    EXPERIMENTS_ADMIN_PATH,
    { config: WRITE, schema: { body: experimentInputSchema } },
    async (request, reply): Promise<ExperimentSummary> => {
      reply.status(201);
      return experiments.create(request.body, requireStaff(request).userId);
    },
  );

  app.get(
    `${EXPERIMENTS_ADMIN_PATH}:id/`,
    { config: READ, schema: { params: experimentParams } },
    (request): Promise<ExperimentSummary> => experiments.get(request.params.id),
  );

  app.put(
    `${EXPERIMENTS_ADMIN_PATH}:id/`,
    { config: WRITE, schema: { params: experimentParams, body: experimentInputSchema } },
    (request): Promise<ExperimentSummary> => experiments.update(request.params.id, request.body),
  );

  app.post(
    `${EXPERIMENTS_ADMIN_PATH}:id/start/`,
    { config: WRITE, schema: { params: experimentParams } },
    (request): Promise<ExperimentSummary> => experiments.start(request.params.id),
  );

  app.post(
    `${EXPERIMENTS_ADMIN_PATH}:id/stop/`,
    { config: WRITE, schema: { params: experimentParams } },
    (request): Promise<ExperimentSummary> => experiments.stop(request.params.id),
  );
};
