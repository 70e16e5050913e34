import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';
import { graphqlRequest } from '../../platform/graphql/graphql-request';
import type {
  LearningCommunityInput,
  MyLearningCommunitiesQuery,
} from '../../platform/graphql/graphql-types.generated';

export type LearningCommunity = MyLearningCommunitiesQuery['myLearningCommunities'][number];

export const MY_COMMUNITIES_KEY = ['learning-communities', 'mine'] as const;

/** Every community the learner belongs to, newest first. */
export function myCommunitiesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: MY_COMMUNITIES_KEY,
    queryFn: async ({ signal }) =>
      (await graphqlRequest(api, 'MyLearningCommunities', {}, { signal })).myLearningCommunities,
  });
}

export async function createCommunity(api: ApiClient, learningCommunity: LearningCommunityInput) {
  return (await graphqlRequest(api, 'LearningCommunityCreate', { learningCommunity }))
    .learningCommunityCreate;
}

/** The colleagues among `emails` who may be added to the community (others are left out). */
export async function findColleagues(api: ApiClient, id: string, emails: string[]) {
  return (await graphqlRequest(api, 'LearningCommunityColleagues', { id, emails }))
    .learningCommunityColleagues;
}

/** Adds colleagues; with a message they are mailed an invitation. */
export async function addMembers(api: ApiClient, id: string, userIds: string[], message: string | null) {
  return (
    await graphqlRequest(api, 'LearningCommunityAddMembers', {
      id,
      userIds,
      invitation: { message },
    })
  ).learningCommunityAddMembers;
}

export async function leaveCommunity(api: ApiClient, id: string): Promise<void> {
  await graphqlRequest(api, 'LearningCommunityLeave', { id });
}

export async function deleteCommunity(api: ApiClient, id: string): Promise<void> {
  await graphqlRequest(api, 'LearningCommunityDelete', { id });
}
