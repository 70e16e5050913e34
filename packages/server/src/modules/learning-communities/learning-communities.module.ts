import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { learningCommunitiesGraphql } from './learning-communities.graphql.js';

/** Learning communities (platform §7). */
export const learningCommunitiesModule = defineFeatureModule<AppServices>({
  name: 'learning-communities',
  graphql: (services) => [
    learningCommunitiesGraphql({
      communities: services.learningCommunities,
      users: services.users,
      topics: services.topics,
    }),
  ],
});
