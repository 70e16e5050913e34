import {
  PRICING_FIELDS,
  PRICING_MAX_COURSE_IDS,
  type PricingField,
  type PricingResponse,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseId } from '../../platform/http/database-id.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { PricingService } from './pricing.service.js';

const KNOWN = new Set<string>(PRICING_FIELDS);

const pricingQuery = z.object({
  course_ids: z
    .string({ error: 'course_ids is required: a comma-separated list of course ids.' })
    .max(200, `Send at most ${PRICING_MAX_COURSE_IDS} course ids.`)
    .transform((value, context) => {
      const parts = value.split(',').map((part) => part.trim());
      if (parts.length === 0 || parts.some((part) => !isDatabaseId(part))) {
        context.addIssue({
          code: 'custom',
          message: 'course_ids must be positive integers separated by commas.',
        });
        return z.NEVER;
      }
      if (parts.length > PRICING_MAX_COURSE_IDS) {
        context.addIssue({ code: 'custom', message: `Send at most ${PRICING_MAX_COURSE_IDS} course ids.` });
        return z.NEVER;
      }
      return [...new Set(parts.map(Number))];
    }),
  'fields[pricing_result]': z
    .string()
    .max(500)
    .optional()
    .transform((value, context) => {
      if (value === undefined) return new Set<PricingField>(PRICING_FIELDS);
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.filter((name) => !KNOWN.has(name));
      if (unknown.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}. Known fields: ${PRICING_FIELDS.join(', ')}.`,
        });
        return z.NEVER;
      }
      return new Set(names as PricingField[]);
    }),
});

export const pricingRoutes: FastifyPluginAsyncZod<{
  pricing: PricingService;
  userContext: UserContextService;
}> = async (app, { pricing, userContext }) => {
  app.get(
    '/api-2.0/pricing/',
    { schema: { querystring: pricingQuery } },
    async (request): Promise<PricingResponse> => {
      const context = await userContext.pricingContextOf(request);
      return pricing.pricesOf(
        request.query.course_ids,
        context.currency,
        context.intlLocale,
        request.query['fields[pricing_result]'],
      );
    },
  );
};
