import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { pricingRoutes } from './pricing.routes.js';

/** Course prices in the visitor's currency. */
export const pricingModule = defineFeatureModule<AppServices>({
  name: 'pricing',
  api: async (api, { services: { pricing, userContext } }) => {
    await api.register(pricingRoutes, { pricing, userContext });
  },
});
