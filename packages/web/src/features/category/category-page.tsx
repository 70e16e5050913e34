import { Container, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useApiClient } from '../../platform/api';
import { currentPage, Pagination } from '../../ui/pagination';
import { CategoryLinks } from '../catalog/category-links';
import { CourseGrid } from '../catalog/course-grid';
import { CATEGORY_PAGE_SIZE, categoriesQuery, coursesQuery } from '../catalog/courses-api';

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
  usePageTitle(intl.formatMessage({ id: 'category.pageTitle' }, { category: title }));
  const courses = useQuery({
    ...coursesQuery(api, { page, pageSize: CATEGORY_PAGE_SIZE, category }),
    placeholderData: keepPreviousData,
  });
  const pageCount = courses.data ? Math.max(1, Math.ceil(courses.data.count / CATEGORY_PAGE_SIZE)) : 1;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{intl.formatMessage({ id: 'category.heading' }, { category: title })}</Title>
        <CategoryLinks current={category} />
        <CourseGrid courses={courses} headingLevel={2} />
        <Pagination page={page} pageCount={pageCount} loading={courses.isPlaceholderData} />
      </Stack>
    </Container>
  );
}
