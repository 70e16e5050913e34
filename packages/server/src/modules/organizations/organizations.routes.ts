import { pagePath } from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import type { OrganizationsService } from './organizations.service.js';

const body = z.object({
  organization_name: z
    .string({ error: 'Please enter your organization name.' })
    .trim()
    .min(1, 'Please enter your organization name.')
    .max(120, 'The organization name is at most 120 characters.'),
  /** Team-plan §2: the business sign-up's trial-extension referral parameter. */
  trial_extension: z.string().max(64, 'The referral code is at most 64 characters.').optional(),
});

/**
 * `POST /api-2.0/business/sign-up/` (team-plan §2 business sign-up): the signed-in user founds
 * a Team organization and becomes its owner, then goes on to the Team Plan checkout.
 */
export const organizationsRoutes: FastifyPluginAsyncZod<{ organizations: OrganizationsService }> = async (
  app,
  { organizations },
) => {
  app.post('/api-2.0/business/sign-up/', { config: SIGNED_IN, schema: { body } }, async (request, reply) => {
    const organization = await organizations.foundOrganization(
      requireUserId(request),
      request.body.organization_name,
      request.body.trial_extension ?? null,
    );
    return reply.status(201).send({
      organization: { id: organization.id, title: organization.name },
      next: pagePath('teamPlanCheckout'),
    });
  });
};
