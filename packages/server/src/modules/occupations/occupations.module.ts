import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { occupationsGraphql } from './occupations.graphql.js';

/** Occupations of the learning catalog (platform §7). */
export const occupationsModule = defineFeatureModule<AppServices>({
  name: 'occupations',
  graphql: (services) => [occupationsGraphql({ occupations: services.occupations, topics: services.topics })],
});
