import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { userContextRoutes } from './user-context.routes.js';

/** The user context every page starts from (platform §1) and the user's own settings. */
export const userContextModule = defineFeatureModule<AppServices>({
  name: 'user-context',
  api: async (api, { services: { userContext, users } }) => {
    await api.register(userContextRoutes, { userContext, users });
  },
});
