import type { GraphqlPart } from './platform/graphql/graphql-endpoint.js';
import { featuresTypeDefs } from './modules/experiments/experiments.graphql.js';
import { subscriptionsTypeDefs } from './modules/subscriptions/subscriptions.graphql.js';
import { learningCommunitiesTypeDefs } from './modules/learning-communities/learning-communities.graphql.js';
import { learningRemindersTypeDefs } from './modules/learning-reminders/learning-reminders.graphql.js';
import { learningStreaksTypeDefs } from './modules/learning-streaks/learning-streaks.graphql.js';
import { topicsTypeDefs } from './modules/topics/topics.graphql.js';

/**
 * The SDL of every feature that answers on the GraphQL endpoint, in one list: the server builds
 * its schema from it and `npm run codegen` generates the server's and the web app's types.
 */
export const GRAPHQL_TYPE_DEFS: readonly Pick<GraphqlPart, 'typeDefs'>[] = [
  { typeDefs: subscriptionsTypeDefs },
  { typeDefs: topicsTypeDefs },
  { typeDefs: learningCommunitiesTypeDefs },
  { typeDefs: learningRemindersTypeDefs },
  { typeDefs: learningStreaksTypeDefs },
];

/** The SDL of `/api/2024-01/graphql/` (platform §7: feature assignment), a schema of its own. */
export const FEATURES_GRAPHQL_TYPE_DEFS: readonly Pick<GraphqlPart, 'typeDefs'>[] = [
  { typeDefs: featuresTypeDefs },
];
