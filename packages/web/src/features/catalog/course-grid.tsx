import { SimpleGrid, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PaginatedResponse } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageLoader } from '../../ui/page-loader';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { CourseCard } from './course-card';
import type { CatalogCourse } from './courses-api';

/** Cards in the first row at the widest layout (4 columns): their pictures are above the fold. */
export const FIRST_ROW_CARDS = 4;

/**
 * A listing query as cards, with its loading, failure and empty states. With `eagerImages`, the
 * first cards' pictures load at once (the first one as the page's largest picture), the rest
 * lazily: a grid at the top of its page passes `FIRST_ROW_CARDS`.
 */
export function CourseGrid({
  courses,
  headingLevel = 3,
  eagerImages = 0,
}: {
  courses: UseQueryResult<PaginatedResponse<CatalogCourse>>;
  headingLevel?: 2 | 3;
  eagerImages?: number;
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
      {courses.data.results.map((course, index) => (
        <CourseCard
          key={course.id}
          course={course}
          headingLevel={headingLevel}
          imagePriority={index >= eagerImages ? 'lazy' : index === 0 ? 'lcp' : 'eager'}
        />
      ))}
    </SimpleGrid>
  );
}
