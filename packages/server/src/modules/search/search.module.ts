import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { searchRoutes } from './search.routes.js';

/** Course search and autocomplete. */
export const searchModule = defineFeatureModule<AppServices>({
  name: 'search',
  api: async (api, { services: { search, userContext, orders } }) => {
    await api.register(searchRoutes, { search, userContext, orders });
  },
});
