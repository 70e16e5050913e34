import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { badgesGraphql } from './badges.graphql.js';

/** Badges and certifications (platform §7). */
export const badgesModule = defineFeatureModule<AppServices>({
  name: 'badges',
  graphql: (services) => [
    badgesGraphql({
      badges: services.badges,
      topics: services.topics,
      catalog: services.catalog,
      learningPaths: services.learningPaths,
    }),
  ],
});
