import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { paymentsRoutes } from './payments.routes.js';

/** The payment provider's webhook endpoint; features subscribe to its events in their own modules. */
export const paymentsModule = defineFeatureModule<AppServices>({
  name: 'payments',
  api: async (api, { services: { payments } }) => {
    await api.register(paymentsRoutes, { payments });
  },
});
