import path from 'node:path';
import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { courseImagesRoutes } from './course-images.routes.js';
import { createCourseImages } from './course-images.service.js';

/** Course covers: public files, rendered on first request and kept. */
export const courseImagesModule = defineFeatureModule<AppServices>({
  name: 'course-images',
  site: async (site, { services: { catalog, config, log } }) => {
    await site.register(courseImagesRoutes, {
      images: createCourseImages({
        catalog,
        // Tests start many servers on the default DATA_DIR: they keep renders in memory only.
        cacheDir: config.env === 'test' ? null : path.join(config.dataDir, 'course-images'),
        log,
      }),
    });
  },
});
