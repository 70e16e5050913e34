import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { learningStreaksGraphql } from './learning-streaks.graphql.js';

/** Weekly learning streaks (platform §7). */
export const learningStreaksModule = defineFeatureModule<AppServices>({
  name: 'learning-streaks',
  graphql: (services) => [learningStreaksGraphql({ streaks: services.learningStreaks })],
});
