import { Alert, Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useApiClient } from '../../platform/api';
import { PageLoader } from '../../ui/page-loader';
import { CourseCard } from './course-card';
import { coursesQuery } from './courses-api';

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
        <Title order={2} size="h3">
          <FormattedMessage id="home.coursesHeading" />
        </Title>
        {courses.isPending ? (
          <PageLoader label={intl.formatMessage({ id: 'home.loadingCourses' })} />
        ) : courses.isError ? (
          <Alert color="red" variant="light">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                <FormattedMessage id="home.coursesError" />
              </Text>
              <Button variant="default" onClick={() => void courses.refetch()}>
                <FormattedMessage id="common.tryAgain" />
              </Button>
            </Stack>
          </Alert>
        ) : courses.data.results.length === 0 ? (
          <Text>
            <FormattedMessage id="home.noCourses" />
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
            {courses.data.results.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
