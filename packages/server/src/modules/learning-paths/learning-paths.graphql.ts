import { databaseIdText } from '@lectern/domain';
import DataLoader from 'dataloader';
import {
  requestLoaders,
  type GraphqlContext,
  type GraphqlPart,
} from '../../platform/graphql/graphql-endpoint.js';
import { parseGraphqlInput } from '../../platform/graphql/graphql-input.js';
import type { QueryProLearningPathsByTopicArgs } from '../../platform/graphql/graphql-types.generated.js';
import { loadTopic } from '../topics/topics.graphql.js';
import type { TopicsService } from '../topics/topics.service.js';
import type { LearningPath, LearningPathsService } from './learning-paths.service.js';

/** Learning paths and the §7 proLearningPathsByTopic. */
export const learningPathsTypeDefs = /* GraphQL */ `
  "A path of courses curated by the marketplace (a pro path)."
  type ProLearningPath {
    id: ID!
    title: String!
    description: String!
    "How many courses it holds."
    itemCount: Int!
    "How many learners enrolled in it."
    numberOfEnrollments: Int!
    "Its page on this site."
    url: String!
    topic: Topic
  }

  extend type Query {
    "The pro learning paths of a topic, by title; NOT_FOUND for a topic that does not exist."
    proLearningPathsByTopic(topicId: ID!): [ProLearningPath!]!
  }
`;

const LOADERS = Symbol('learning-paths');
const topicId = databaseIdText('topicId must be the id of a topic.');

/** The GraphQL part of learning paths: item and enrolment counts are read per request in batches. */
export function learningPathsGraphql(deps: {
  learningPaths: LearningPathsService;
  topics: TopicsService;
}): GraphqlPart {
  const { learningPaths, topics } = deps;
  const loadersOf = (context: GraphqlContext) =>
    requestLoaders(context, LOADERS, () => ({
      courseIds: new DataLoader<number, number[]>(async (ids) => {
        const byPath = await learningPaths.courseIdsOf(ids);
        return ids.map((id) => byPath.get(id) ?? []);
      }),
      enrollments: new DataLoader<number, number>(async (ids) => {
        const byPath = await learningPaths.enrollmentCounts(ids);
        return ids.map((id) => byPath.get(id) ?? 0);
      }),
    }));

  return {
    typeDefs: learningPathsTypeDefs,
    query: {
      proLearningPathsByTopic: (args: QueryProLearningPathsByTopicArgs) =>
        learningPaths.proByTopic(parseGraphqlInput(topicId, args.topicId, 'topicId')),
    },
    types: {
      ProLearningPath: {
        id: (path: LearningPath) => String(path.id),
        itemCount: async (path: LearningPath, _args: never, context: GraphqlContext) =>
          (await loadersOf(context).courseIds.load(path.id)).length,
        numberOfEnrollments: (path: LearningPath, _args: never, context: GraphqlContext) =>
          loadersOf(context).enrollments.load(path.id),
        topic: (path: LearningPath, _args: never, context: GraphqlContext) =>
          loadTopic(context, topics, path.topicId),
      },
    },
  };
}
