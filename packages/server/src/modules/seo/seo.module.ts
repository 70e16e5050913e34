import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { seoRoutes } from './seo.routes.js';
import { createSeoService } from './seo.service.js';

/** robots.txt and the sitemap. */
export const seoModule = defineFeatureModule<AppServices>({
  name: 'seo',
  site: async (site, { services: { catalog, config } }) => {
    await site.register(seoRoutes, {
      seo: createSeoService({ catalog, publicUrl: config.publicUrl, brandName: config.brandName }),
    });
  },
});
