import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { learningObjectivesGraphql } from './learning-objectives.graphql.js';

/** Learning objectives (platform §7). */
export const learningObjectivesModule = defineFeatureModule<AppServices>({
  name: 'learning-objectives',
  graphql: (services) => [learningObjectivesGraphql({ learningObjectives: services.learningObjectives })],
});
