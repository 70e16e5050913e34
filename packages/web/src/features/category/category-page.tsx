import { PAGE_ROUTES, pagePath } from '@lectern/domain';
import { Container, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router';
import { useBrandName } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { currentPage, Pagination } from '../../ui/pagination';
import { CategoryLinks } from '../catalog/category-links';
import { CourseGrid, FIRST_ROW_CARDS } from '../catalog/course-grid';
import { CATEGORY_PAGE_SIZE, categoriesQuery, coursesQuery } from '../catalog/courses-api';
import { NotFoundPage } from '../not-found/not-found-page';
import { JsonLd } from '../seo/json-ld';
import { PageHead } from '../seo/page-head';
import { usePublicOrigin } from '../seo/public-origin';
import { breadcrumbListData } from '../seo/structured-data';

/** `/courses/:category/`: the category's courses, a page at a time (`?p=`). */
export function CategoryPage() {
  const intl = useIntl();
  const api = useApiClient();
  const { category = '' } = useParams();
  const { search } = useLocation();
  const page = currentPage(search);
  const categories = useQuery(categoriesQuery(api));
  const title =
    categories.data?.find((candidate) => candidate.slug === category)?.title ??
    category.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());
  const brand = useBrandName();
  const origin = usePublicOrigin();
  const categoryPath = pagePath('category', { category });
  const courses = useQuery({
    ...coursesQuery(api, { page, pageSize: CATEGORY_PAGE_SIZE, category }),
    placeholderData: keepPreviousData,
  });
  const pageCount = courses.data ? Math.max(1, Math.ceil(courses.data.count / CATEGORY_PAGE_SIZE)) : 1;
  // The server answers 404 for the same reason, so a crawler and a person see the same thing.
  if (categories.data && !categories.data.some((candidate) => candidate.slug === category)) {
    return <NotFoundPage />;
  }

  return (
    <Container size="lg" py="xl">
      <PageHead
        title={intl.formatMessage({ id: 'category.pageTitle' }, { category: title })}
        description={intl.formatMessage({ id: 'seo.category.description' }, { category: title, brand })}
        // Each page of the listing is a page of its own (`?p=`), with its own courses.
        path={page > 1 ? `${categoryPath}?p=${page}` : categoryPath}
      />
      <JsonLd
        data={breadcrumbListData([
          { name: intl.formatMessage({ id: 'seo.breadcrumb.home' }), url: `${origin}${PAGE_ROUTES.home}` },
          { name: title, url: `${origin}${categoryPath}` },
        ])}
      />
      <Stack gap="lg">
        <Title order={1}>{intl.formatMessage({ id: 'category.heading' }, { category: title })}</Title>
        <CategoryLinks current={category} />
        <CourseGrid courses={courses} headingLevel={2} eagerImages={FIRST_ROW_CARDS} />
        <Pagination page={page} pageCount={pageCount} loading={courses.isPlaceholderData} />
      </Stack>
    </Container>
  );
}
