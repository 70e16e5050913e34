import { PAGE_ROUTES } from '@lectern/domain';
import { Anchor, Button, Container, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { PageLoader } from '../../ui/page-loader';
import { currentPage, Pagination } from '../../ui/pagination';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { EmptyState } from '../../ui/empty-state';
import { authPath } from '../auth/auth-paths';
import { CourseCard } from '../catalog/course-card';
import { MY_COURSES_PAGE_SIZE, subscribedCoursesQuery } from '../catalog/courses-api';
import { WeeklyStreak } from './weekly-streak';

/**
 * `/home/my-courses/`: the courses the user owns, their weekly streak, and the way to their
 * learning reminders and communities.
 */
export function MyCoursesPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'myCourses.pageTitle' }));
  const { me } = useUserContext();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="myCourses.heading" />
        </Title>
        {me.is_authenticated ? (
          <>
            <Group gap="lg" component="nav" aria-label={intl.formatMessage({ id: 'myCourses.learningNav' })}>
              <Anchor component={Link} to={PAGE_ROUTES.learningReminders}>
                <FormattedMessage id="myCourses.reminders" />
              </Anchor>
              <Anchor component={Link} to={PAGE_ROUTES.learningCommunities}>
                <FormattedMessage id="myCourses.communities" />
              </Anchor>
            </Group>
            <WeeklyStreak />
            <OwnedCourses />
          </>
        ) : (
          <Button component={Link} to={authPath('login', PAGE_ROUTES.myCourses)} w="fit-content">
            <FormattedMessage id="common.logInToSee" />
          </Button>
        )}
      </Stack>
    </Container>
  );
}

function OwnedCourses() {
  const intl = useIntl();
  const api = useApiClient();
  const { search } = useLocation();
  const page = currentPage(search);
  const owned = useQuery({ ...subscribedCoursesQuery(api, page), placeholderData: keepPreviousData });
  if (owned.isPending) return <PageLoader label={intl.formatMessage({ id: 'home.loadingCourses' })} />;
  if (owned.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="home.coursesError" />}
        onRetry={() => void owned.refetch()}
      />
    );
  }
  if (owned.data.results.length === 0) {
    return (
      <EmptyState
        message={<FormattedMessage id="myCourses.empty" />}
        linkTo={PAGE_ROUTES.home}
        linkLabel={<FormattedMessage id="cart.keepShopping" />}
      />
    );
  }
  const pageCount = Math.max(1, Math.ceil(owned.data.count / MY_COURSES_PAGE_SIZE));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
        {owned.data.results.map((course) => (
          <CourseCard key={course.id} course={{ ...course, is_enrolled: true }} headingLevel={2} />
        ))}
      </SimpleGrid>
      <Pagination page={page} pageCount={pageCount} loading={owned.isPlaceholderData} />
    </Stack>
  );
}
