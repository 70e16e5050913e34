import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { labsGraphql } from './labs.graphql.js';

/** Hands-on labs (platform §7). */
export const labsModule = defineFeatureModule<AppServices>({
  name: 'labs',
  graphql: (services) => [
    labsGraphql({ labs: services.labs, catalog: services.catalog, topics: services.topics }),
  ],
});
