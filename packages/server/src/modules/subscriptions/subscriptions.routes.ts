import {
  RETENTION_OFFER_IDS,
  type RetentionOfferAcceptance,
  type RetentionOfferAvailability,
  type TeamPlanPricingInfo,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId, SIGNED_IN } from '../../platform/auth/session.plugin.js';
import { databaseId } from '../../platform/http/database-id.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import { checkoutReference } from './subscription-checkout.schemas.js';
import { createRetentionOffers } from './subscription-retention-offers.js';
import type { SubscriptionsService } from './subscriptions.service.js';

export const SUBSCRIPTION_PATHS = {
  teamPlanInfo: '/payment/checkout-teamplan-info/',
  pricingInfo: '/payment/teamplan-pricing-info-view/',
  skipFreeTrial: '/payment/skip-free-trial/',
  /** Checkout §7 retention promo (decision 0029): GET whether a plan has an offer, POST accepts it. */
  retentionPromo: '/payment/retention-promo-submit/',
} as const;

const licenses = z.coerce
  .number({ error: 'licenses must be a number of licenses.' })
  .int('licenses must be a number of licenses.')
  .min(1, 'licenses must be a number of licenses.')
  .max(100_000, 'licenses must be a number of licenses.');
const planId = databaseId('subscription_plan_id must be a plan id.', { coerce: true });

const enrollmentIdMessage = 'enrollment_id must be the id of your subscription.';
const offerIdMessage = `offer_id must be one of ${RETENTION_OFFER_IDS.join(', ')}.`;

/**
 * Team-plan §7 pricing views, the skip-free-trial switch and the retention promo (checkout §7).
 * Signed-in buyers only.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  userContext: UserContextService;
}> = async (app, { subscriptions, userContext }) => {
  /** A new Team Plan's pricing info (the default option, or `licenses` licenses). */
  app.get(
    SUBSCRIPTION_PATHS.teamPlanInfo,
    { config: SIGNED_IN, schema: { querystring: z.object({ licenses: licenses.optional() }) } },
    async (request): Promise<TeamPlanPricingInfo> => {
      const pricing = await userContext.pricingContextOf(request);
      return subscriptions.pricingInfo(
        requireUserId(request),
        null,
        pricing.currency,
        request.query.licenses,
      );
    },
  );

  /** The pricing info of the enrollment `checkout_ref` names (404 for another subscriber's). */
  app.get(
    SUBSCRIPTION_PATHS.pricingInfo,
    { config: SIGNED_IN, schema: { querystring: z.object({ checkout_ref: checkoutReference }) } },
    async (request): Promise<TeamPlanPricingInfo> => {
      const pricing = await userContext.pricingContextOf(request);
      return subscriptions.pricingInfo(requireUserId(request), request.query.checkout_ref, pricing.currency);
    },
  );

  app.get(
    SUBSCRIPTION_PATHS.skipFreeTrial,
    { config: SIGNED_IN, schema: { querystring: z.object({ subscription_plan_id: planId }) } },
    async (request): Promise<{ subscription_plan_id: number; enabled: boolean }> => {
      const id = request.query.subscription_plan_id;
      return {
        subscription_plan_id: id,
        enabled: await subscriptions.skipsTrial(requireUserId(request), id),
      };
    },
  );

  /** `enabled: true`: the next checkout of this plan charges the first period now, without a trial. */
  app.post(
    SUBSCRIPTION_PATHS.skipFreeTrial,
    {
      config: SIGNED_IN,
      schema: {
        body: z.object({
          subscription_plan_id: planId,
          enabled: z.boolean({ error: 'enabled must be true or false.' }),
        }),
      },
    },
    async (request): Promise<{ subscription_plan_id: number; enabled: boolean }> => {
      const { subscription_plan_id: id, enabled } = request.body;
      await subscriptions.setSkipTrial(requireUserId(request), id, enabled);
      return { subscription_plan_id: id, enabled };
    },
  );

  const retention = createRetentionOffers({ subscriptions });

  /** Whether the plan has a retention offer now (and the one accepted before, while it lasts). */
  app.get(
    SUBSCRIPTION_PATHS.retentionPromo,
    {
      config: SIGNED_IN,
      schema: { querystring: z.object({ enrollment_id: databaseId(enrollmentIdMessage, { coerce: true }) }) },
    },
    async (request): Promise<RetentionOfferAvailability> =>
      retention.availability(requireUserId(request), request.query.enrollment_id),
  );

  /**
   * Accepts the plan's retention offer instead of cancelling: 201 with what the subscriber now
   * pays and until when; 409 with the reason as `code` when the plan has no such offer now.
   */
  app.post(
    SUBSCRIPTION_PATHS.retentionPromo,
    {
      config: SIGNED_IN,
      schema: {
        body: z.object({
          enrollment_id: databaseId(enrollmentIdMessage),
          offer_id: z.enum(RETENTION_OFFER_IDS, { error: offerIdMessage }),
        }),
      },
    },
    async (request, reply): Promise<RetentionOfferAcceptance> => {
      const { enrollment_id: id, offer_id: offerId } = request.body;
      const accepted = await retention.accept(requireUserId(request), id, offerId);
      reply.status(201);
      return accepted;
    },
  );
};
