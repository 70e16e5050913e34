import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { topicsGraphql } from './topics.graphql.js';

/** Topics of the learning graph (platform §7). */
export const topicsModule = defineFeatureModule<AppServices>({
  name: 'topics',
  graphql: (services) => [topicsGraphql({ topics: services.topics })],
});
