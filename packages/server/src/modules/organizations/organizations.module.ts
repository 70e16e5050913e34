import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { organizationsRoutes } from './organizations.routes.js';

/** Organizations as their members see them. */
export const organizationsModule = defineFeatureModule<AppServices>({
  name: 'organizations',
  api: async (api, { services: { organizations } }) => {
    await api.register(organizationsRoutes, { organizations });
  },
});
