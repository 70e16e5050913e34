import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { courseContentGraphql } from './course-content.graphql.js';

/** Course curricula and assessments (platform §7). */
export const courseContentModule = defineFeatureModule<AppServices>({
  name: 'course-content',
  graphql: (services) => [
    courseContentGraphql({
      courseContent: services.courseContent,
      catalog: services.catalog,
      experiments: services.experiments,
      userContext: services.userContext,
    }),
  ],
});
