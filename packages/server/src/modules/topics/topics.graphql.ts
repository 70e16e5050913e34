import {
  databaseIdText,
  TOPIC_LIMITS,
  topicGroupIdsSchema,
  topicIdsSchema,
  topicSearchSchema,
} from '@lectern/domain';
import DataLoader from 'dataloader';
import {
  requestLoaders,
  type GraphqlContext,
  type GraphqlPart,
} from '../../platform/graphql/graphql-endpoint.js';
import { parseGraphqlInput, signedInUserId } from '../../platform/graphql/graphql-input.js';
import type {
  MutationTopicInterestAssignArgs,
  MutationTopicInterestUnassignArgs,
  QueryTopicArgs,
  QueryTopicGroupsArgs,
  QueryTopicSearchArgs,
} from '../../platform/graphql/graphql-types.generated.js';
import type { Topic, TopicGroup, TopicsService } from './topics.service.js';

/** Platform §3 topics and topic groups, and the §7 topic queries and interest mutations. */
export const topicsTypeDefs = /* GraphQL */ `
  """
  What learning is about (platform §3). url is the topic's page on this site.
  """
  type Topic {
    id: ID!
    name: String!
    url: String!
    "The groups the topic is shelved in, by id."
    groups: [TopicGroup!]!
  }

  "Topics shelved together for browsing, such as Programming Languages."
  type TopicGroup {
    id: ID!
    name: String!
    "In the group's order."
    topics: [Topic!]!
  }

  input TopicSearchFilters {
    "Only topics of these groups (at most ${TOPIC_LIMITS.idsPerCall})."
    groupIds: [ID!]
  }

  extend type Query {
    "One topic; NOT_FOUND when there is none."
    topic(id: ID!): Topic!
    """
    Topics whose name holds every word of the query (case and width folded): the whole name
    first, then names starting with it, then names with a word starting with it. limit: 1 to
    ${TOPIC_LIMITS.searchLimitMax}.
    """
    topicSearch(filters: TopicSearchFilters, query: String!, limit: Int = ${TOPIC_LIMITS.searchLimitDefault}): [Topic!]!
    "The groups of ids in that order (NOT_FOUND when one does not exist); without ids, every group by name."
    topicGroups(ids: [ID!]): [TopicGroup!]!
    "The topics the caller follows, by name."
    topicInterests: [Topic!]!
  }

  extend type Mutation {
    """
    The caller follows the topics (at most ${TOPIC_LIMITS.idsPerCall} a call); those already
    followed stay as they were. Unknown ids are BAD_USER_INPUT. Answers the caller's interests.
    """
    topicInterestAssign(topicIds: [ID!]!): [Topic!]!
    "The caller stops following the topics; those not followed are left alone. Answers the caller's interests."
    topicInterestUnassign(topicIds: [ID!]!): [Topic!]!
  }
`;

const LOADERS = Symbol('topics');
const topicId = databaseIdText('id must be the id of a topic.');

/**
 * This request's topic loaders, shared by every part that shows topics (communities, badges,
 * occupations, labs, learning paths): one query per kind however many ask.
 */
export const topicLoaders = (context: GraphqlContext, topics: TopicsService) =>
  requestLoaders(context, LOADERS, () => ({
    topics: new DataLoader<number, Topic | null>(async (ids) => {
      const byId = await topics.byIds(ids);
      return ids.map((id) => byId.get(id) ?? null);
    }),
    groupIds: new DataLoader<number, number[]>(async (ids) => {
      const byTopic = await topics.groupIdsOfTopics(ids);
      return ids.map((id) => byTopic.get(id) ?? []);
    }),
    groups: new DataLoader<number, TopicGroup | null>(async (ids) => {
      const byId = await topics.groupsByIds(ids);
      return ids.map((id) => byId.get(id) ?? null);
    }),
    topicIds: new DataLoader<number, number[]>(async (ids) => {
      const byGroup = await topics.topicIdsOfGroups(ids);
      return ids.map((id) => byGroup.get(id) ?? []);
    }),
  }));

/** The present values of a loadMany (missing rows and errors left out). */
export const presentValues = <T>(values: (T | null | Error)[]): T[] =>
  values.filter((value): value is T => value !== null && !(value instanceof Error));

/** The topic of `id` through the request's loader; null when it is gone. */
export const loadTopic = (context: GraphqlContext, topics: TopicsService, id: number | null) =>
  id === null ? Promise.resolve(null) : topicLoaders(context, topics).topics.load(id);

/** The topics of `ids` through the request's loader, in that order, missing ones left out. */
export const loadTopics = async (context: GraphqlContext, topics: TopicsService, ids: readonly number[]) =>
  presentValues(await topicLoaders(context, topics).topics.loadMany(ids));

/** The Topic and TopicGroup types and the topic queries and mutations. */
export function topicsGraphql(deps: { topics: TopicsService }): GraphqlPart {
  const { topics } = deps;
  return {
    typeDefs: topicsTypeDefs,
    query: {
      topic: (args: QueryTopicArgs) => topics.byId(parseGraphqlInput(topicId, args.id, 'id')),
      topicSearch: (args: QueryTopicSearchArgs) =>
        topics.search(
          parseGraphqlInput(
            topicSearchSchema,
            {
              query: args.query,
              limit: args.limit ?? TOPIC_LIMITS.searchLimitDefault,
              filters: args.filters,
            },
            '',
          ),
        ),
      topicGroups: (args: QueryTopicGroupsArgs) =>
        topics.groups(parseGraphqlInput(topicGroupIdsSchema, args.ids, 'ids')),
      topicInterests: (_args: Record<string, never>, context: GraphqlContext) =>
        topics.interests(signedInUserId(context)),
    },
    mutation: {
      topicInterestAssign: (args: MutationTopicInterestAssignArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        return topics.assignInterests(userId, parseGraphqlInput(topicIdsSchema, args.topicIds, 'topicIds'));
      },
      topicInterestUnassign: (args: MutationTopicInterestUnassignArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        return topics.unassignInterests(userId, parseGraphqlInput(topicIdsSchema, args.topicIds, 'topicIds'));
      },
    },
    types: {
      Topic: {
        id: (topic: Topic) => String(topic.id),
        groups: async (topic: Topic, _args: never, context: GraphqlContext) => {
          const loaders = topicLoaders(context, topics);
          return presentValues(await loaders.groups.loadMany(await loaders.groupIds.load(Number(topic.id))));
        },
      },
      TopicGroup: {
        id: (group: TopicGroup) => String(group.id),
        topics: async (group: TopicGroup, _args: never, context: GraphqlContext) =>
          loadTopics(context, topics, await topicLoaders(context, topics).topicIds.load(Number(group.id))),
      },
    },
  };
}
