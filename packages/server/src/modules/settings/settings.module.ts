import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { settingsRoutes } from './settings.routes.js';

/** The user's settings. */
export const settingsModule = defineFeatureModule<AppServices>({
  name: 'settings',
  api: async (api, { services: { settings, catalog } }) => {
    await api.register(settingsRoutes, { settings, catalog });
  },
});
