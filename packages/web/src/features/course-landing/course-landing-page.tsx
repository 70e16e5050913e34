import { pagePath, type CourseDetail } from '@lectern/domain';
import { Anchor, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Island } from '../../app/islands/island';
import { useApiClient } from '../../platform/api';
import { PageLoader } from '../../ui/page-loader';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { CourseImage } from '../catalog/course-image';
import { courseBySlugQuery } from '../catalog/courses-api';
import { NotFoundPage } from '../not-found/not-found-page';
import { CourseHead } from '../seo/course-head';
import { PageTitle } from '../seo/page-head';
import { shareableCourse } from '../sharing/shareable-course';
import { CourseShareButton } from './course-share-button';
import { PurchaseCard, purchaseCardCourse } from './purchase-card';

/** The hero's layout width: the side column of a `lg` container, the page's width on phones and tablets. */
const HERO_IMAGE_SIZES = '(min-width: 62em) 360px, calc(100vw - 2rem)';

/** `/course/:slug/`: the course, its price, and the ways to buy or keep it. */
export function CourseLandingPage() {
  const intl = useIntl();
  const api = useApiClient();
  const { slug = '' } = useParams();
  const course = useQuery(courseBySlugQuery(api, slug));
  const pageTitle = <PageTitle title={intl.formatMessage({ id: 'courseLanding.pageTitle' })} />;

  if (course.isPending) {
    return (
      <>
        {pageTitle}
        <PageLoader label={intl.formatMessage({ id: 'courseLanding.loading' })} />
      </>
    );
  }
  if (course.isError) {
    return (
      <Container size="lg" py="xl">
        {pageTitle}
        <LoadErrorAlert
          message={<FormattedMessage id="courseLanding.error" />}
          onRetry={() => void course.refetch()}
        />
      </Container>
    );
  }
  if (!course.data) return <NotFoundPage />;
  return <CourseLanding course={course.data} />;
}

function CourseLanding({ course }: { course: CourseDetail }) {
  const intl = useIntl();
  const instructors = intl.formatList(
    course.visible_instructors.map((instructor) => instructor.display_name),
  );
  return (
    <Container size="lg" py="xl">
      <CourseHead course={course} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Anchor
              component={Link}
              to={pagePath('category', { category: course.primary_category.slug })}
              fw={700}
              size="sm"
            >
              {course.primary_category.title}
            </Anchor>
            <Title order={1}>{course.title}</Title>
            <Text size="lg">{course.headline}</Text>
            {instructors && (
              <Text>
                <FormattedMessage id="courseLanding.instructors" values={{ instructors }} />
              </Text>
            )}
            <Group gap="lg">
              <Text size="sm">
                <FormattedMessage
                  id="course.rating"
                  values={{
                    rating: course.avg_rating_recent,
                    reviews: course.num_reviews,
                    star: (chunks) => <span aria-hidden="true">{chunks}</span>,
                    b: (chunks) => <strong>{chunks}</strong>,
                  }}
                />
              </Text>
              <Text size="sm">
                <FormattedMessage id="course.students" values={{ count: course.num_subscribers }} />
              </Text>
              <Island
                name="course-share"
                component={CourseShareButton}
                props={{ course: shareableCourse(course) }}
                hydrate="on-interaction"
              />
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {/* The page's largest picture: fetched first, preloaded from the head. */}
            <CourseImage
              imageUrl={course.image_url}
              alt={intl.formatMessage({ id: 'courseLanding.imageAlt' }, { title: course.title })}
              sizes={HERO_IMAGE_SIZES}
              priority="lcp"
            />
            <Island
              name="purchase-card"
              component={PurchaseCard}
              props={{ course: purchaseCardCourse(course) }}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
