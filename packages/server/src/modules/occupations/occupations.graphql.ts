import {
  OCCUPATION_LIMITS,
  occupationGroupIdSchema,
  occupationGroupIdsSchema,
  occupationIdSchema,
  occupationIdsSchema,
  occupationSearchSchema,
  rawOccupationNamesSchema,
} from '@lectern/domain';
import DataLoader from 'dataloader';
import { z } from 'zod';
import {
  requestLoaders,
  type GraphqlContext,
  type GraphqlPart,
} from '../../platform/graphql/graphql-endpoint.js';
import { parseGraphqlInput, signedInUserId } from '../../platform/graphql/graphql-input.js';
import type {
  MutationOccupationAssignArgs,
  MutationOccupationGroupAssignArgs,
  MutationOccupationManagerAssignArgs,
  MutationOccupationRawAssignArgs,
  QueryOccupationGroupsArgs,
  QueryOccupationsArgs,
  QueryOccupationSearchArgs,
} from '../../platform/graphql/graphql-types.generated.js';
import { loadTopic } from '../topics/topics.graphql.js';
import type { TopicsService } from '../topics/topics.service.js';
import type {
  Occupation,
  OccupationGroup,
  OccupationsService,
  UserOccupationInfo,
} from './occupations.service.js';

/** Platform §3 occupations and occupation info, and their §7 queries and mutations. */
export const occupationsTypeDefs = /* GraphQL */ `
  "A family of occupations, such as Software Development."
  type OccupationGroup {
    id: ID!
    name: String!
  }

  "A canonical occupation. urlLandingPage is its page on this site."
  type Occupation {
    id: ID!
    name: String!
    urlLandingPage: String!
    "The topic that stands for the occupation's learning; null when it has none."
    representativeTopic: Topic
    group: OccupationGroup!
  }

  "What a learner typed as their job when no canonical occupation fitted."
  type RawOccupation {
    id: ID!
    name: String!
  }

  "The caller's own answers about their job; all empty until they answer."
  type UserOccupationInfo {
    group: OccupationGroup
    "The canonical occupation, always within group."
    canonical: Occupation
    raw: [RawOccupation!]!
    isManager: Boolean!
  }

  type OccupationPage {
    "This page's number, from 0."
    page: Int!
    pageCount: Int!
    items: [Occupation!]!
  }

  extend type Query {
    "The occupations of ids (at most ${OCCUPATION_LIMITS.idsPerCall}) in that order; NOT_FOUND when one does not exist."
    occupations(ids: [ID!]!): [Occupation!]!
    "The groups of ids in that order (NOT_FOUND when one does not exist); without ids, every group by name."
    occupationGroups(ids: [ID!]): [OccupationGroup!]!
    """
    Occupations whose name holds every word of search (all without one), in groupIds (all
    without), names starting with it first: one page from 0, pageSize 1 to ${OCCUPATION_LIMITS.pageSizeMax}.
    """
    occupationSearch(search: String, groupIds: [ID!], page: Int = 0, pageSize: Int = ${OCCUPATION_LIMITS.pageSizeDefault}): OccupationPage!
    "The caller's occupation info."
    userOccupationInfo: UserOccupationInfo!
  }

  extend type Mutation {
    "Whether the caller manages people."
    occupationManagerAssign(isManager: Boolean!): UserOccupationInfo!
    "The caller's occupation group; an occupation of another group is let go. An unknown group is BAD_USER_INPUT."
    occupationGroupAssign(groupId: ID!): UserOccupationInfo!
    "The caller's canonical occupation, with its group. An unknown occupation is BAD_USER_INPUT."
    occupationAssign(occupationId: ID!): UserOccupationInfo!
    """
    Replaces the caller's own words for their job (at most ${OCCUPATION_LIMITS.rawMax}, each up to
    ${OCCUPATION_LIMITS.rawNameMaxLength} characters; repeats dropped); an empty list clears them.
    """
    occupationRawAssign(names: [String!]!): UserOccupationInfo!
  }
`;

const LOADERS = Symbol('occupations');
const isManagerSchema = z.boolean({ error: 'isManager must be true or false.' });

/** The GraphQL part of occupations: groups, canonical occupations and their topics are read per request in batches. */
export function occupationsGraphql(deps: {
  occupations: OccupationsService;
  topics: TopicsService;
}): GraphqlPart {
  const { occupations, topics } = deps;
  const loadersOf = (context: GraphqlContext) =>
    requestLoaders(context, LOADERS, () => ({
      occupations: new DataLoader<number, Occupation | null>(async (ids) => {
        const byId = await occupations.occupationsByIds(ids);
        return ids.map((id) => byId.get(id) ?? null);
      }),
      groups: new DataLoader<number, OccupationGroup | null>(async (ids) => {
        const byId = await occupations.groupsByIds(ids);
        return ids.map((id) => byId.get(id) ?? null);
      }),
    }));

  return {
    typeDefs: occupationsTypeDefs,
    query: {
      occupations: (args: QueryOccupationsArgs) =>
        occupations.occupations(parseGraphqlInput(occupationIdsSchema, args.ids, 'ids')),
      occupationGroups: (args: QueryOccupationGroupsArgs) =>
        occupations.groups(parseGraphqlInput(occupationGroupIdsSchema, args.ids, 'ids')),
      occupationSearch: (args: QueryOccupationSearchArgs) =>
        occupations.search(
          parseGraphqlInput(
            occupationSearchSchema,
            {
              search: args.search,
              groupIds: args.groupIds,
              page: args.page ?? 0,
              pageSize: args.pageSize ?? OCCUPATION_LIMITS.pageSizeDefault,
            },
            '',
          ),
        ),
      userOccupationInfo: (_args: Record<string, never>, context: GraphqlContext) =>
        occupations.info(signedInUserId(context)),
    },
    mutation: {
      occupationManagerAssign: (args: MutationOccupationManagerAssignArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        return occupations.assignManager(
          userId,
          parseGraphqlInput(isManagerSchema, args.isManager, 'isManager'),
        );
      },
      occupationGroupAssign: (args: MutationOccupationGroupAssignArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        return occupations.assignGroup(
          userId,
          parseGraphqlInput(occupationGroupIdSchema, args.groupId, 'groupId'),
        );
      },
      occupationAssign: (args: MutationOccupationAssignArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        return occupations.assignOccupation(
          userId,
          parseGraphqlInput(occupationIdSchema, args.occupationId, 'occupationId'),
        );
      },
      occupationRawAssign: (args: MutationOccupationRawAssignArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        return occupations.assignRaw(
          userId,
          parseGraphqlInput(rawOccupationNamesSchema, args.names, 'names'),
        );
      },
    },
    types: {
      Occupation: {
        id: (occupation: Occupation) => String(occupation.id),
        representativeTopic: (occupation: Occupation, _args: never, context: GraphqlContext) =>
          loadTopic(context, topics, occupation.representativeTopicId),
        group: async (occupation: Occupation, _args: never, context: GraphqlContext) => {
          const group = await loadersOf(context).groups.load(occupation.groupId);
          if (!group) throw new Error(`occupation ${occupation.id} has no group ${occupation.groupId}`);
          return group;
        },
      },
      OccupationGroup: {
        id: (group: OccupationGroup) => String(group.id),
      },
      RawOccupation: {
        id: (raw: { id: number }) => String(raw.id),
      },
      UserOccupationInfo: {
        group: (info: UserOccupationInfo, _args: never, context: GraphqlContext) =>
          info.groupId === null ? null : loadersOf(context).groups.load(info.groupId),
        canonical: (info: UserOccupationInfo, _args: never, context: GraphqlContext) =>
          info.occupationId === null ? null : loadersOf(context).occupations.load(info.occupationId),
      },
    },
  };
}
