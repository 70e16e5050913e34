import { SimpleGrid, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PaginatedResponse } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageLoader } from '../../ui/page-loader';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { CourseCard } from './course-card';
import type { CatalogCourse } from './courses-api';

/** A listing query as cards, with its loading, failure and empty states. */
export function CourseGrid({
  courses,
  headingLevel = 3,
}: {
  courses: UseQueryResult<PaginatedResponse<CatalogCourse>>;
  headingLevel?: 2 | 3;
}) {
  const intl = useIntl();
  if (courses.isPending) return <PageLoader label={intl.formatMessage({ id: 'home.loadingCourses' })} />;
  if (courses.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="home.coursesError" />}
        onRetry={() => void courses.refetch()}
      />
    );
  }
  if (courses.data.results.length === 0) {
    return (
      <Text>
        <FormattedMessage id="home.noCourses" />
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
      {courses.data.results.map((course) => (
        <CourseCard key={course.id} course={course} headingLevel={headingLevel} />
      ))}
    </SimpleGrid>
  );
}
