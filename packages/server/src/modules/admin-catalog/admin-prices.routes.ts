import {
  adminCoursePriceInputSchema,
  adminTierAmountsInputSchema,
  type AdminCourseDetail,
  type AdminPricePreview,
  type AdminPriceTier,
  type AdminPriceTiersResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId } from '../../platform/http/database-id.js';
import { requireStaff, staffOnly } from '../staff/staff-access.js';
import { ADMIN_COURSES_PATH, courseParams } from './admin-courses.routes.js';
import type { AdminPrices } from './admin-prices.service.js';

export const ADMIN_PRICE_TIERS_PATH = '/api-2.0/admin/price-tiers/';

const READ = staffOnly('backOffice.read');
const WRITE = staffOnly('prices.write');

const tierParams = z.object({ id: databaseId('id must be a price tier id.', { coerce: true }) });
const changeParams = courseParams.extend({
  changeId: databaseId('changeId must be a scheduled price id.', { coerce: true }),
});

const previewQuery = z.object({
  country: z
    .string({ error: 'Choose the buyer’s country (two letters, such as DE).' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose the buyer’s country (two letters, such as DE).'),
  /** A US ZIP code, a Canadian province, an Indian state, an emirate (where the tax depends on it). */
  secondary_location: z.string().trim().max(10, 'The location is at most 10 characters.').optional(),
  /** Another tier than the course's (to see a price before choosing it). */
  price_tier_id: databaseId('price_tier_id must be a price tier id.', { coerce: true }).optional(),
});

/**
 * The back office's prices (issue 32): the tier table (`backOffice.read`) and its amounts, a
 * course's tier now or from a date, and cancelling a scheduled one (`prices.write`); what a buyer
 * in a country pays (`backOffice.read`).
 */
export const adminPricesRoutes: FastifyPluginAsyncZod<{ prices: AdminPrices }> = async (app, { prices }) => {
  app.get(ADMIN_PRICE_TIERS_PATH, { config: READ }, (): Promise<AdminPriceTiersResponse> => prices.tiers());

  app.put(
    `${ADMIN_PRICE_TIERS_PATH}:id/`,
    { config: WRITE, schema: { params: tierParams, body: adminTierAmountsInputSchema } },
    (request): Promise<AdminPriceTier> =>
      prices.setTierAmounts(requireStaff(request), request.params.id, request.body.amounts),
  );

  app.put(
    `${ADMIN_COURSES_PATH}:id/price/`,
    { config: WRITE, schema: { params: courseParams, body: adminCoursePriceInputSchema } },
    (request): Promise<AdminCourseDetail> =>
      prices.setCoursePrice(requireStaff(request), request.params.id, request.body),
  );

  app.post(
    `${ADMIN_COURSES_PATH}:id/price-changes/:changeId/cancel/`,
    { config: WRITE, schema: { params: changeParams } },
    (request): Promise<AdminCourseDetail> =>
      prices.cancelScheduled(requireStaff(request), request.params.id, request.params.changeId),
  );

  app.get(
    `${ADMIN_COURSES_PATH}:id/price-preview/`,
    { config: READ, schema: { params: courseParams, querystring: previewQuery } },
    (request): Promise<AdminPricePreview> => prices.preview(request.params.id, request.query),
  );
};
