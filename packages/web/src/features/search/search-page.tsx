import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Island } from '../../app/islands/island';
import { useBrandName } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { Pagination } from '../../ui/pagination';
import { CourseCard } from '../catalog/course-card';
import { PageHead } from '../seo/page-head';
import { HeaderSearch } from './header-search';
import { LectureResults } from './lecture-results';
import {
  courseSearchQuery,
  readSearchParams,
  SEARCH_FILTERS,
  SEARCH_PAGE_PATH,
  SEARCH_PAGE_SIZE,
  searchHref,
  type SearchPageParams,
} from './search-api';
import { SearchFilters } from './search-filters';
import { SearchSortControl } from './search-sort-control';
import classes from './search-page.module.css';

// The page module's prefetch, for the server's render (it lives with the queries, which the
// server's bundle can import without this page).
export { prefetchSearchPage } from './search-api';

/** Cards of the first row at the widest layout (3 columns): their pictures are above the fold. */
const FIRST_ROW = 3;

/**
 * `/courses/search/?q=`: the courses matching the query, filtered and sorted, a page at a time
 * (`p`). Everything it shows comes from its URL.
 */
export function SearchPage() {
  const intl = useIntl();
  const api = useApiClient();
  const brand = useBrandName();
  const { search } = useLocation();
  const params = readSearchParams(search);
  const results = useQuery({ ...courseSearchQuery(api, params), placeholderData: keepPreviousData });
  const data = results.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.count / SEARCH_PAGE_SIZE)) : 1;
  const heading = params.q
    ? intl.formatMessage({ id: 'search.heading' }, { query: params.q })
    : intl.formatMessage({ id: 'search.headingAll' });

  return (
    <Container size="lg" py="xl">
      <PageHead
        title={heading}
        description={
          params.q
            ? intl.formatMessage({ id: 'search.description' }, { query: params.q, brand })
            : intl.formatMessage({ id: 'search.descriptionAll' }, { brand })
        }
        path={searchHref(params)}
      />
      {/* Result pages are not worth indexing (endless combinations); the courses they link are. */}
      <meta name="robots" content="noindex, follow" />
      <Stack gap="lg">
        <Island name="header-search" component={HeaderSearch} props={{ variant: 'page' }} />
        <Title order={1}>{heading}</Title>
        <div className={classes.layout}>
          {data && <SearchFilters params={params} facets={data.facets} />}
          <Stack gap="md" className={classes.results} aria-busy={results.isPlaceholderData}>
            <div className={classes.toolbar}>
              <Text role="status" fw={700}>
                {data && <FormattedMessage id="search.resultCount" values={{ count: data.count }} />}
              </Text>
              <Island name="search-sort" component={SearchSortControl} props={{ params }} />
            </div>
            {results.isPending ? (
              <PageLoader label={intl.formatMessage({ id: 'search.loading' })} />
            ) : results.isError ? (
              <LoadErrorAlert
                message={<FormattedMessage id="search.error" />}
                onRetry={() => void results.refetch()}
              />
            ) : results.data.results.length === 0 ? (
              <NoResults params={params} count={results.data.count} />
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg">
                {results.data.results.map((course, index) => (
                  <CourseCard
                    key={course.id}
                    course={course}
                    headingLevel={2}
                    imagePriority={index === 0 ? 'lcp' : index < FIRST_ROW ? 'eager' : 'lazy'}
                  />
                ))}
              </SimpleGrid>
            )}
            <Pagination page={params.page} pageCount={pageCount} loading={results.isPlaceholderData} />
            {/* Lectures that match, under the first page of courses. */}
            {params.q && params.page === 1 && <LectureResults query={params.q} />}
          </Stack>
        </div>
      </Stack>
    </Container>
  );
}

/** Nothing on this page: why, and where to go instead. */
function NoResults({ params, count }: { params: SearchPageParams; count: number }) {
  const filtered = SEARCH_FILTERS.some((name) => params[name] !== undefined);
  if (count > 0) {
    // A page past the last one (an old link, a shrunken result list).
    return (
      <Stack gap="sm" align="flex-start">
        <Text>
          <FormattedMessage id="search.empty.pastLastPage" />
        </Text>
        <Anchor component={Link} to={searchHref({ ...params, page: 1 })} fw={700}>
          <FormattedMessage id="search.empty.firstPage" />
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={2} size="h4">
        {params.q ? (
          <FormattedMessage id="search.empty.heading" values={{ query: params.q }} />
        ) : (
          <FormattedMessage id="search.empty.headingFiltered" />
        )}
      </Title>
      <Text>
        <FormattedMessage id={filtered ? 'search.empty.tipsFiltered' : 'search.empty.tips'} />
      </Text>
      {filtered && (
        <Anchor component={Link} to={searchHref({ q: params.q, sort: params.sort })} fw={700}>
          <FormattedMessage id="search.empty.clearFilters" />
        </Anchor>
      )}
      <Anchor component={Link} to={SEARCH_PAGE_PATH} fw={700}>
        <FormattedMessage id="search.empty.browseAll" />
      </Anchor>
    </Stack>
  );
}
