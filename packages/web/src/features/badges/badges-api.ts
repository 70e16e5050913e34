import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';
import { graphqlRequest } from '../../platform/graphql/graphql-request';
import type { MyBadgeAssertionsQuery } from '../../platform/graphql/graphql-types.generated';

/** Platform §9: a page of badge assertions holds 12. */
export const BADGES_PAGE_SIZE = 12;

export type BadgeAssertion = MyBadgeAssertionsQuery['badgeAssertionsByUser']['items'][number];

/** The learner's own awards, newest first, for the page of the URL (`?p=` from 1; the API counts from 0). */
export function myBadgesQuery(api: ApiClient, userId: number, page: number) {
  return queryOptions({
    queryKey: ['badges', 'assertions', userId, page],
    queryFn: async ({ signal }) =>
      (
        await graphqlRequest(
          api,
          'MyBadgeAssertions',
          { userId: String(userId), page: page - 1, size: BADGES_PAGE_SIZE },
          { signal },
        )
      ).badgeAssertionsByUser,
    placeholderData: keepPreviousData,
  });
}
