import type { GraphqlPart } from './platform/graphql/graphql-endpoint.js';
import { featuresTypeDefs } from './modules/experiments/experiments.graphql.js';
import { subscriptionsTypeDefs } from './modules/subscriptions/subscriptions.graphql.js';
import { learningCommunitiesTypeDefs } from './modules/learning-communities/learning-communities.graphql.js';
import { learningRemindersTypeDefs } from './modules/learning-reminders/learning-reminders.graphql.js';
import { learningStreaksTypeDefs } from './modules/learning-streaks/learning-streaks.graphql.js';
import { topicsTypeDefs } from './modules/topics/topics.graphql.js';
import { occupationsTypeDefs } from './modules/occupations/occupations.graphql.js';
import { badgesTypeDefs } from './modules/badges/badges.graphql.js';
import { learningPathsTypeDefs } from './modules/learning-paths/learning-paths.graphql.js';
import { courseContentTypeDefs } from './modules/course-content/course-content.graphql.js';
import { labsTypeDefs } from './modules/labs/labs.graphql.js';
import { learningObjectivesTypeDefs } from './modules/learning-objectives/learning-objectives.graphql.js';
import { supplyGapsTypeDefs } from './modules/supply-gaps/supply-gaps.graphql.js';

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
  { typeDefs: occupationsTypeDefs },
  { typeDefs: badgesTypeDefs },
  { typeDefs: learningPathsTypeDefs },
  { typeDefs: courseContentTypeDefs },
  { typeDefs: labsTypeDefs },
  { typeDefs: learningObjectivesTypeDefs },
  { typeDefs: supplyGapsTypeDefs },
];

/** The SDL of `/api/2024-01/graphql/` (platform §7: feature assignment), a schema of its own. */
export const FEATURES_GRAPHQL_TYPE_DEFS: readonly Pick<GraphqlPart, 'typeDefs'>[] = [
  { typeDefs: featuresTypeDefs },
];
