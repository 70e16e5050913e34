import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { shareLinkRoutes, sharingRoutes } from './sharing.routes.js';

/** Share links: made through the API, followed as short page addresses. */
export const sharingModule = defineFeatureModule<AppServices>({
  name: 'sharing',
  api: async (api, { services: { sharing, config } }) => {
    await api.register(sharingRoutes, { sharing, publicUrl: config.publicUrl });
  },
  // Short share links are page addresses: they answer before the web app's fallback.
  site: async (site, { services: { sharing } }) => {
    await site.register(shareLinkRoutes, { sharing });
  },
});
