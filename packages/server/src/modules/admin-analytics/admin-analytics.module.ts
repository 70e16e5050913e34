import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { createAdminAnalyticsRepository } from './admin-analytics.repository.js';
import { adminAnalyticsRoutes } from './admin-analytics.routes.js';

/**
 * The back office's revenue analytics (issue 33): SQL over orders, plan charges and invoices and
 * refunds, in the shop's base currency at the rates stored with each sale.
 */
export const adminAnalyticsModule = defineFeatureModule<AppServices>({
  name: 'admin-analytics',
  api: async (api, { services }) => {
    await api.register(adminAnalyticsRoutes, {
      repository: createAdminAnalyticsRepository(services.db),
      clock: services.clock,
    });
  },
});
