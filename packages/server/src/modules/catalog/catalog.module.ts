import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { catalogRoutes } from './catalog.routes.js';

/** Courses and categories as the storefront reads them. */
export const catalogModule = defineFeatureModule<AppServices>({
  name: 'catalog',
  api: async (api, { services: { catalog, userContext, orders } }) => {
    await api.register(catalogRoutes, { catalog, userContext, orders });
  },
});
