import type { AppServices } from '../../app-services.js';
import { defineFeatureModule } from '../../platform/modules/feature-module.js';
import { FEATURES_GRAPHQL_PATH, registerGraphqlEndpoint } from '../../platform/graphql/graphql-endpoint.js';
import { experimentsAdminRoutes } from './experiments-admin.routes.js';
import { featuresGraphql } from './experiments.graphql.js';

/** Feature experiments: their own GraphQL endpoint (platform §3) and the back office's page. */
export const experimentsModule = defineFeatureModule<AppServices>({
  name: 'experiments',
  api: async (api, { services: { experiments, userContext, config, readStatements } }) => {
    registerGraphqlEndpoint(api, {
      path: FEATURES_GRAPHQL_PATH,
      parts: [featuresGraphql({ experiments, userContext })],
      production: config.isProduction,
      statements: readStatements,
    });
    await api.register(experimentsAdminRoutes, { experiments });
  },
});
