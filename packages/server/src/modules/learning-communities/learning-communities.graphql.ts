import {
  idListOf,
  databaseIdText,
  LEARNING_COMMUNITY_LIMITS,
  learningCommunityInputSchema,
  learningCommunityInvitationSchema,
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
  MutationLearningCommunityAddMembersArgs,
  MutationLearningCommunityCreateArgs,
  MutationLearningCommunityDeleteArgs,
  MutationLearningCommunityLeaveArgs,
  MutationLearningCommunityRemoveMembersArgs,
  QueryLearningCommunitiesArgs,
  QueryLearningCommunityColleaguesArgs,
} from '../../platform/graphql/graphql-types.generated.js';
import type { Topic, TopicsService } from '../topics/topics.service.js';
import type { UsersService } from '../users/users.service.js';
import type { LearningCommunitiesService, LearningCommunity } from './learning-communities.service.js';

/** E-mail addresses per learningCommunityColleagues call. */
const COLLEAGUE_EMAILS_MAX = 20;

/** Platform §3 learning communities and their §7 queries and mutations. */
export const learningCommunitiesTypeDefs = /* GraphQL */ `
  enum LearningCommunityCreationReasonType {
    COMPANY_WIDE_TRANSFORMATION_INITIATE
    COMPLIANCE_TRAINING
    LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS
    ONBOARDING_A_NEW_TEAM
    OTHER
    STUDY_FOR_A_CERTIFICATE
  }

  type LearningCommunityCreationReason {
    type: LearningCommunityCreationReasonType!
    "The founder's own words (always given for OTHER)."
    text: String
  }

  type LearningCommunityOwner {
    id: ID!
    name: String!
    surname: String!
  }

  "A member's profile pictures by size; null until the member has one."
  type LearningCommunityMemberImages {
    px50x50: String
    px100x100: String
  }

  type LearningCommunityMember {
    id: ID!
    name: String!
    surname: String!
    email: String!
    images: LearningCommunityMemberImages!
  }

  "People of one organization learning together. Only its members see it."
  type LearningCommunity {
    id: ID!
    title: String!
    description: String!
    creationReason: LearningCommunityCreationReason!
    owner: LearningCommunityOwner!
    "Longest-standing first; the owner is one of them."
    members: [LearningCommunityMember!]!
    numberOfMembers: Int!
    topics: [Topic!]!
    "The organization whose people may join; null for a community of someone without one."
    organizationId: ID
  }

  input LearningCommunityCreationReasonInput {
    type: LearningCommunityCreationReasonType!
    "Required for OTHER."
    text: String
  }

  input LearningCommunityInput {
    title: String!
    description: String
    creationReason: LearningCommunityCreationReasonInput!
    "At most ${LEARNING_COMMUNITY_LIMITS.topicsMax}, in the order to show them."
    topicIds: [ID!]
  }

  "Mails the added members that they were added, with the message."
  input LearningCommunityInvitationInput {
    message: String
  }

  extend type Query {
    """
    The caller's communities among ids (at most ${LEARNING_COMMUNITY_LIMITS.idsPerCall}), in that order;
    NOT_FOUND when any is not one of theirs.
    """
    learningCommunities(ids: [ID!]!): [LearningCommunity!]!
    "Every community the caller belongs to, newest first."
    myLearningCommunities: [LearningCommunity!]!
    """
    The colleagues among emails (at most ${COLLEAGUE_EMAILS_MAX}) whom the caller, a member of the
    community, may add to it with learningCommunityAddMembers: people of its organization, in the
    order asked. An address of anyone else is left out.
    """
    learningCommunityColleagues(id: ID!, emails: [String!]!): [LearningCommunityMember!]!
  }

  extend type Mutation {
    "Founds a community in the caller's organization, with the caller as owner and first member."
    learningCommunityCreate(learningCommunity: LearningCommunityInput!): LearningCommunity!
    """
    Adds colleagues of the community's organization (any member may); those already in are left
    as they are. With an invitation, the newly added are mailed.
    """
    learningCommunityAddMembers(
      id: ID!
      userIds: [ID!]!
      invitation: LearningCommunityInvitationInput
    ): LearningCommunity!
    "Removes members (the owner only)."
    learningCommunityRemoveMembers(id: ID!, userIds: [ID!]!): LearningCommunity!
    """
    The caller leaves. An owner hands the community to the member who has been in it longest;
    an owner who is its only member deletes it instead (CONFLICT).
    """
    learningCommunityLeave(id: ID!): Boolean!
    "Deletes the community (the owner only)."
    learningCommunityDelete(id: ID!): Boolean!
  }
`;

interface Person {
  id: number;
  name: string;
  surname: string;
  email: string;
}

const LOADERS = Symbol('learning-communities');
const colleagueEmails = z
  .array(
    z
      .string({ error: 'Each entry must be an e-mail address.' })
      .trim()
      .toLowerCase()
      .pipe(z.email('Each entry must be an e-mail address.')),
    {
      error: 'Give a list of e-mail addresses.',
    },
  )
  .min(1, 'Give at least one e-mail address.')
  .max(COLLEAGUE_EMAILS_MAX, `Give at most ${COLLEAGUE_EMAILS_MAX} e-mail addresses at once.`)
  .transform((emails) => [...new Set(emails)]);
const communityId = databaseIdText('id must be the id of a learning community.');
const communityIds = idListOf('learning community', LEARNING_COMMUNITY_LIMITS.idsPerCall);
const userIds = idListOf('user', LEARNING_COMMUNITY_LIMITS.usersPerCall);

/**
 * The GraphQL part of learning communities. Owners, members and topics are read per request
 * in batches (one query per kind, however many communities the answer holds).
 */
export function learningCommunitiesGraphql(deps: {
  communities: LearningCommunitiesService;
  users: UsersService;
  topics: TopicsService;
}): GraphqlPart {
  const { communities, users, topics } = deps;
  const loadersOf = (context: GraphqlContext) =>
    requestLoaders(context, LOADERS, () => ({
      people: new DataLoader<number, Person | null>(async (ids) => {
        const byId = new Map((await users.contacts([...ids])).map((person) => [person.id, person]));
        return ids.map((id) => byId.get(id) ?? null);
      }),
      memberIds: new DataLoader<number, number[]>(async (ids) => {
        const byCommunity = await communities.memberIdsOf(ids);
        return ids.map((id) => byCommunity.get(id) ?? []);
      }),
      topicIds: new DataLoader<number, number[]>(async (ids) => {
        const byCommunity = await communities.topicIdsOf(ids);
        return ids.map((id) => byCommunity.get(id) ?? []);
      }),
      topics: new DataLoader<number, Topic | null>(async (ids) => {
        const byId = await topics.byIds(ids);
        return ids.map((id) => byId.get(id) ?? null);
      }),
    }));
  const present = <T>(values: (T | null | Error)[]): T[] =>
    values.filter((value): value is T => value !== null && !(value instanceof Error));

  return {
    typeDefs: learningCommunitiesTypeDefs,
    query: {
      learningCommunities: (args: QueryLearningCommunitiesArgs, context: GraphqlContext) =>
        communities.visible(signedInUserId(context), parseGraphqlInput(communityIds, args.ids, 'ids')),
      myLearningCommunities: async (_args: Record<string, never>, context: GraphqlContext) => {
        const read = await communities.mineWithNames(signedInUserId(context), context.reads);
        // The nested fields find what they need in the request's loaders: no further round trip.
        const loaders = loadersOf(context);
        for (const person of read.people) loaders.people.prime(person.id, person);
        for (const topic of read.topics) loaders.topics.prime(topic.id, topic);
        return read.communities.map((row) => {
          loaders.memberIds.prime(row.id, row.memberIds);
          loaders.topicIds.prime(row.id, row.topicIds);
          return communities.toCommunity(row);
        });
      },
      learningCommunityColleagues: async (
        args: QueryLearningCommunityColleaguesArgs,
        context: GraphqlContext,
      ) => {
        const userId = signedInUserId(context);
        const colleagues = await communities.colleaguesByEmail(
          userId,
          parseGraphqlInput(communityId, args.id, 'id'),
          parseGraphqlInput(colleagueEmails, args.emails, 'emails'),
        );
        return colleagues.map((person) => ({
          id: String(person.id),
          name: person.name,
          surname: person.surname,
          email: person.email,
          images: { px50x50: null, px100x100: null },
        }));
      },
    },
    mutation: {
      learningCommunityCreate: (args: MutationLearningCommunityCreateArgs, context: GraphqlContext) => {
        const userId = signedInUserId(context);
        const input = parseGraphqlInput(
          learningCommunityInputSchema,
          args.learningCommunity,
          'learningCommunity',
        );
        return communities.create(userId, input);
      },
      learningCommunityAddMembers: (
        args: MutationLearningCommunityAddMembersArgs,
        context: GraphqlContext,
      ) => {
        const userId = signedInUserId(context);
        return communities.addMembers(
          userId,
          parseGraphqlInput(communityId, args.id, 'id'),
          parseGraphqlInput(userIds, args.userIds, 'userIds'),
          parseGraphqlInput(learningCommunityInvitationSchema, args.invitation, 'invitation'),
        );
      },
      learningCommunityRemoveMembers: (
        args: MutationLearningCommunityRemoveMembersArgs,
        context: GraphqlContext,
      ) => {
        const userId = signedInUserId(context);
        return communities.removeMembers(
          userId,
          parseGraphqlInput(communityId, args.id, 'id'),
          parseGraphqlInput(userIds, args.userIds, 'userIds'),
        );
      },
      learningCommunityLeave: async (args: MutationLearningCommunityLeaveArgs, context: GraphqlContext) => {
        await communities.leave(signedInUserId(context), parseGraphqlInput(communityId, args.id, 'id'));
        return true;
      },
      learningCommunityDelete: async (args: MutationLearningCommunityDeleteArgs, context: GraphqlContext) => {
        await communities.delete(signedInUserId(context), parseGraphqlInput(communityId, args.id, 'id'));
        return true;
      },
    },
    types: {
      LearningCommunity: {
        id: (community: LearningCommunity) => String(community.id),
        organizationId: (community: LearningCommunity) =>
          community.organizationId === null ? null : String(community.organizationId),
        owner: async (community: LearningCommunity, _args: never, context: GraphqlContext) => {
          const owner = await loadersOf(context).people.load(community.ownerId);
          if (!owner) throw new Error(`learning community ${community.id} has no owner ${community.ownerId}`);
          return { id: String(owner.id), name: owner.name, surname: owner.surname };
        },
        members: async (community: LearningCommunity, _args: never, context: GraphqlContext) => {
          const loaders = loadersOf(context);
          const people = present(await loaders.people.loadMany(await loaders.memberIds.load(community.id)));
          return people.map((person) => ({
            id: String(person.id),
            name: person.name,
            surname: person.surname,
            email: person.email,
            images: { px50x50: null, px100x100: null },
          }));
        },
        numberOfMembers: async (community: LearningCommunity, _args: never, context: GraphqlContext) =>
          (await loadersOf(context).memberIds.load(community.id)).length,
        topics: async (community: LearningCommunity, _args: never, context: GraphqlContext) => {
          const loaders = loadersOf(context);
          const found = present(await loaders.topics.loadMany(await loaders.topicIds.load(community.id)));
          return found.map((topic) => ({ ...topic, id: String(topic.id) }));
        },
      },
    },
  };
}
