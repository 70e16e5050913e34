import {
  adminBulkCodesInputSchema,
  adminCodeInputSchema,
  adminCodesQuerySchema,
  type AdminBulkCodesResult,
  type AdminCampaign,
  type AdminCodeDetail,
  type AdminCodeRow,
  type AdminPage,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import { requireStaff, staffOnly } from '../staff/staff-access.js';
import type { AdminCodes } from './admin-codes.service.js';

export const ADMIN_CODES_PATH = '/api-2.0/admin/codes/';

const READ = staffOnly('backOffice.read');
const WRITE = staffOnly('codes.write');

const codeParams = z.object({ id: databaseId('id must be a discount code id.', { coerce: true }) });
const codeQuery = z.object({
  usage_page: z.coerce
    .number({ error: 'usage_page must be a number.' })
    .int('usage_page must be a whole number.')
    .min(1, 'usage_page starts at 1.')
    .max(100_000, 'usage_page is too large.')
    .default(1),
});
const campaignParams = z.object({
  campaign: z
    .string()
    .trim()
    .min(1, 'Name the campaign.')
    .max(80, 'A campaign name is at most 80 characters.'),
});
const exportQuery = z.object({
  format: z.enum(['csv'], { error: 'format must be csv.' }).default('csv'),
});

/** A file name for a campaign's download: its letters and digits, the rest hyphens. */
const fileNameOf = (campaign: string) =>
  `${campaign.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'campaign'}-codes.csv`;

/**
 * The back office's discount codes (issue 32): the list, a code with its uses and the campaigns
 * for any staff member (`backOffice.read`); creating, generating, deactivating and downloading a
 * campaign's codes for the roles that manage codes (`codes.write`).
 */
export const adminCodesRoutes: FastifyPluginAsyncZod<{ codes: AdminCodes }> = async (app, { codes }) => {
  app.get(
    ADMIN_CODES_PATH,
    { config: READ, schema: { querystring: adminCodesQuerySchema } },
    (request): Promise<AdminPage<AdminCodeRow>> => {
      const { q, page, page_size: pageSize, sort, status, campaign, kind } = request.query;
      return codes.list({ q, status, campaign, kind }, sort, { page, pageSize });
    },
  );

  app.post(
    ADMIN_CODES_PATH,
    { config: WRITE, schema: { body: adminCodeInputSchema } },
    async (request, reply): Promise<AdminCodeDetail> => {
      const created = await codes.create(requireStaff(request), request.body);
      reply.status(201);
      return created;
    },
  );

  app.post(
    `${ADMIN_CODES_PATH}bulk/`,
    { config: WRITE, schema: { body: adminBulkCodesInputSchema } },
    async (request, reply): Promise<AdminBulkCodesResult> => {
      const result = await codes.bulk(requireStaff(request), request.body);
      reply.status(201);
      return result;
    },
  );

  app.get(
    `${ADMIN_CODES_PATH}campaigns/`,
    { config: READ },
    async (): Promise<{ results: AdminCampaign[] }> => ({ results: await codes.campaigns() }),
  );

  // The codes themselves are what buyers redeem: only those who manage codes download them.
  app.get(
    `${ADMIN_CODES_PATH}campaigns/:campaign/export/`,
    { config: WRITE, schema: { params: campaignParams, querystring: exportQuery } },
    async (request, reply) => {
      const csv = await codes.campaignCsv(request.params.campaign);
      return reply
        .header('content-disposition', `attachment; filename="${fileNameOf(request.params.campaign)}"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get(
    `${ADMIN_CODES_PATH}:id/`,
    { config: READ, schema: { params: codeParams, querystring: codeQuery } },
    (request): Promise<AdminCodeDetail> => codes.detail(request.params.id, request.query.usage_page),
  );

  app.post(
    `${ADMIN_CODES_PATH}:id/deactivate/`,
    { config: WRITE, schema: { params: codeParams } },
    (request): Promise<AdminCodeDetail> => codes.deactivate(requireStaff(request), request.params.id),
  );
};
