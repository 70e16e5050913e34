import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { createAdminSubscriptionCredits } from './admin-subscription-credits.js';
import { createAdminSubscriptionDetail } from './admin-subscription-detail.js';
import { createAdminSubscriptionsRepository } from './admin-subscriptions.repository.js';
import { adminSubscriptionsRoutes } from './admin-subscriptions.routes.js';

/**
 * The back office's subscriptions console (issue 33), under `/api-2.0/admin/subscriptions/`:
 * reads over plans, invoices, charges, mails and the audit log, and staff actions through the
 * subscriptions service and the lifecycle engine (cancel, reactivate, extend, licenses, retry
 * now, uncollectible) and the provider's refunds with credit notes.
 */
export const adminSubscriptionsModule = defineFeatureModule<AppServices>({
  name: 'admin-subscriptions',
  api: async (api, { services }) => {
    const { db, subscriptions, renewals, documents, audit, clock, config, payments } = services;
    const repository = createAdminSubscriptionsRepository(db);
    const credits = createAdminSubscriptionCredits({
      subscriptions,
      documents,
      gateway: payments.gateway,
      clock,
      log: api.log,
    });
    const detail = createAdminSubscriptionDetail({ repository, subscriptions, documents, credits, clock });
    await api.register(adminSubscriptionsRoutes, {
      repository,
      detail,
      subscriptions,
      renewals,
      credits,
      documents,
      audit,
      clock,
      brandName: config.brandName,
    });
  },
});
