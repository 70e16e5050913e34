import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api';
import { graphqlRequest } from '../../platform/graphql/graphql-request';
import type { SearchLecturesQuery } from '../../platform/graphql/graphql-types.generated';

/** Lectures shown beside a search's courses: a handful, the best matches. */
export const LECTURE_RESULTS_LIMIT = 6;

export type LectureSearch = SearchLecturesQuery['searchLectures'];

/**
 * Platform §7 `searchLectures(query)`: the lectures whose titles match the search, as the search
 * page shows them (rendered by the server with the page: its own module, so the header's search
 * box, in every public page's first bundle, does not bring the GraphQL client along).
 */
export function lectureSearchQuery(api: ApiClient, query: string) {
  return queryOptions({
    queryKey: ['lecture-search', query],
    queryFn: async ({ signal }) =>
      (await graphqlRequest(api, 'SearchLectures', { query, limit: LECTURE_RESULTS_LIMIT }, { signal }))
        .searchLectures,
    staleTime: 60_000,
  });
}
