import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { giftsRoutes } from './gifts.routes.js';

/** Courses bought as gifts and redeemed by their recipients. */
export const giftsModule = defineFeatureModule<AppServices>({
  name: 'gifts',
  api: async (api, { services: { gifts } }) => {
    await api.register(giftsRoutes, { gifts });
  },
});
