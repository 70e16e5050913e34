import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { creditRoutes } from './credit.routes.js';

/** The learner's account credit history. */
export const creditModule = defineFeatureModule<AppServices>({
  name: 'credit',
  api: async (api, { services: { credit, userContext } }) => {
    await api.register(creditRoutes, { credit, userContext });
  },
});
