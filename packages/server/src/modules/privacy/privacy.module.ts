import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { privacyRoutes } from './privacy.routes.js';

/** Privacy requests and consent records. */
export const privacyModule = defineFeatureModule<AppServices>({
  name: 'privacy',
  api: async (api, { services: { privacy } }) => {
    await api.register(privacyRoutes, { privacy });
  },
});
