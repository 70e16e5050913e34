import { Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useApiClient } from '../../platform/api';
import { CategoryLinks } from '../catalog/category-links';
import { CourseGrid } from '../catalog/course-grid';
import { coursesQuery } from '../catalog/courses-api';

export function HomePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'home.pageTitle' }));
  const api = useApiClient();
  const courses = useQuery(coursesQuery(api));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>
            <FormattedMessage id="home.heading" />
          </Title>
          <Text size="lg">
            <FormattedMessage id="home.intro" />
          </Text>
        </Stack>
        <CategoryLinks />
        <Title order={2} size="h3">
          <FormattedMessage id="home.coursesHeading" />
        </Title>
        <CourseGrid courses={courses} />
      </Stack>
    </Container>
  );
}
