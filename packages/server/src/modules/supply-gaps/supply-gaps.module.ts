import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { supplyGapsGraphql } from './supply-gaps.graphql.js';

/** Supply gaps: what learners look for and the catalog lacks (platform §7). */
export const supplyGapsModule = defineFeatureModule<AppServices>({
  name: 'supply-gaps',
  graphql: (services) => [supplyGapsGraphql({ supplyGaps: services.supplyGaps })],
});
