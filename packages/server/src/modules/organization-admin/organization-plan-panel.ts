import type { PlanPanelFacts } from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from '../payments/payment-gateway.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';

/**
 * The older plan-panel variant of the billing area (team-plan §2, §4): the plan's facts, and
 * deleting the stored card, which turns automatic renewal off. The auto-renew toggle itself is
 * the GraphQL cancel and reactivate.
 */
export function createOrganizationPlanPanel(deps: {
  subscriptions: SubscriptionsService;
  gateway: Pick<PaymentGateway, 'detachPaymentMethod'>;
  log: FastifyBaseLogger;
}) {
  const subscriberOf = (organizationId: number) => ({ type: 'organization' as const, id: organizationId });

  return {
    async facts(organizationId: number): Promise<{ plan: PlanPanelFacts | null }> {
      const subscriber = subscriberOf(organizationId);
      const [row, profile] = await Promise.all([
        deps.subscriptions.currentEnrollmentOf(subscriber),
        deps.subscriptions.billingProfileOf(subscriber),
      ]);
      if (!row) return { plan: null };
      const plan = await deps.subscriptions.view(row);
      const hasPaymentMethod = !!profile?.paymentMethodId;
      const running = plan.status === 'TRIAL' || plan.status === 'ACTIVE';
      return {
        plan: {
          enrollmentId: plan.id,
          status: plan.status,
          isPreview: plan.status === 'TRIAL' && !hasPaymentMethod,
          isLimitedConsumptionTrial: plan.status === 'TRIAL',
          usedLicenses: plan.usedLicenseCount,
          totalLicenses: plan.licenseCount,
          endDate: plan.billing.currentPeriodEndDate,
          autoRenew: running && hasPaymentMethod,
          hasPaymentMethod,
        },
      };
    },

    /** Deletes the organization's card (automatic renewal goes off), then detaches it at the provider. */
    async removeCard(organizationId: number, userId: number): Promise<void> {
      const removed = await deps.subscriptions.removeStoredCard(subscriberOf(organizationId), userId);
      await deps.gateway
        .detachPaymentMethod(removed, { idempotencyKey: `detach:${removed}` })
        .catch((error: unknown) =>
          deps.log.warn({ err: error, method: removed }, 'deleted card not detached'),
        );
    },
  };
}

export type OrganizationPlanPanel = ReturnType<typeof createOrganizationPlanPanel>;
