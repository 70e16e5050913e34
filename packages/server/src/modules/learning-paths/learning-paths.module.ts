import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { learningPathsGraphql } from './learning-paths.graphql.js';

/** Learning paths (platform §7). */
export const learningPathsModule = defineFeatureModule<AppServices>({
  name: 'learning-paths',
  graphql: (services) => [
    learningPathsGraphql({ learningPaths: services.learningPaths, topics: services.topics }),
  ],
});
