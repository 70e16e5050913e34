import { PAGE_ROUTES, pagePath, type CourseDetail } from '@lectern/domain';
import { Alert, Anchor, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useUserContext } from '../../app/user-context/user-context-provider';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { PageLoader } from '../../ui/page-loader';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { authPath } from '../auth/auth-paths';
import { cartErrorMessageId, serverDetail } from '../cart/cart-errors';
import { useCart, useCartClient } from '../cart/cart-provider';
import { buyableKey, listHas } from '../cart/cart-state';
import { freezeCheckoutList } from '../cart/checkout-handoff';
import { courseListItem } from '../cart/course-list-item';
import { CourseImage } from '../catalog/course-image';
import { CoursePrice } from '../catalog/course-price';
import { courseBySlugQuery } from '../catalog/courses-api';
import { NotFoundPage } from '../not-found/not-found-page';
import { CourseHead } from '../seo/course-head';
import { PageTitle } from '../seo/page-head';
import { useCoursePrice } from '../pricing/pricing-provider';
import { ShareButton } from '../sharing/share-button';
import { shareableCourse } from '../sharing/shareable-course';
import { useTracker } from '../tracking/use-tracker';

/** Platform §2: a course landing page is identified by a body attribute holding the course id. */
function useBodyCourseId(courseId: number | undefined) {
  useEffect(() => {
    if (courseId === undefined) return;
    document.body.dataset.courseId = String(courseId);
    return () => {
      delete document.body.dataset.courseId;
    };
  }, [courseId]);
}

/** The hero's layout width: the side column of a `lg` container, the page's width on phones and tablets. */
const HERO_IMAGE_SIZES = '(min-width: 62em) 360px, calc(100vw - 2rem)';

/** `/course/:slug/`: the course, its price, and the ways to buy or keep it. */
export function CourseLandingPage() {
  const intl = useIntl();
  const api = useApiClient();
  const { slug = '' } = useParams();
  const course = useQuery(courseBySlugQuery(api, slug));
  useBodyCourseId(course.data?.id);
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
  const { track } = useTracker();
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
              <ShareButton
                object={shareableCourse(course)}
                context="clp"
                onShare={(network) => track('Share', { network, context: 'clp', objectId: course.id })}
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
            <PurchaseCard course={course} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

type Busy = 'cart' | 'buy' | 'wishlist' | null;

function PurchaseCard({ course }: { course: CourseDetail }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { me } = useUserContext();
  const cart = useCartClient();
  const { lists } = useCart();
  const price = useCoursePrice(course.id);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  // "Add to cart" turns into "Go to cart" at once; keyboard focus follows it.
  const focusGoToCart = useRef(false);
  const goToCartRef = useCallback((node: HTMLAnchorElement | null) => {
    if (node && focusGoToCart.current) {
      focusGoToCart.current = false;
      node.focus();
    }
  }, []);
  const ref = { id: course.id, buyable_object_type: 'course' as const };
  const inCart = listHas(lists.cart, ref);
  const inWishlist = listHas(lists.wishlist, ref);
  const item = () => courseListItem(course, price.status === 'loaded' ? price : null);

  const run = async (kind: Exclude<Busy, null>, action: () => Promise<unknown>) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (caught) {
      reportError(caught, { action: `course-landing-${kind}` });
      setError(serverDetail(caught) ?? intl.formatMessage({ id: cartErrorMessageId(caught) }));
    } finally {
      setBusy(null);
    }
  };

  const buyNow = () =>
    run('buy', async () => {
      if (!me.is_authenticated) {
        await navigate(authPath('login', course.url));
        return;
      }
      const answer = await cart.express([ref]);
      const express = answer.express.filter((entry) => buyableKey(entry.buyable) === buyableKey(ref));
      freezeCheckoutList(express.length ? express : answer.express);
      await navigate(PAGE_ROUTES.checkout);
    });

  if (course.is_enrolled) {
    return (
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Text fw={700}>
            <FormattedMessage id="courseLanding.owned" />
          </Text>
          <Button component={Link} to={PAGE_ROUTES.myCourses}>
            <FormattedMessage id="courseLanding.goToCourse" />
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="purchase-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="purchase-heading">
          <FormattedMessage id="courseLanding.purchaseHeading" />
        </Title>
        <CoursePrice course={course} size="xl" />
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        {inCart ? (
          <Button component={Link} to={PAGE_ROUTES.cart} ref={goToCartRef}>
            <FormattedMessage id="courseLanding.goToCart" />
          </Button>
        ) : (
          <Button
            loading={busy === 'cart'}
            disabled={busy !== null}
            onClick={() => {
              focusGoToCart.current = true;
              void run('cart', () => cart.addToList('cart', [item()], 'course_landing_page'));
            }}
          >
            <FormattedMessage id="courseLanding.addToCart" />
          </Button>
        )}
        <Button
          variant="outline"
          loading={busy === 'buy'}
          disabled={busy !== null}
          onClick={() => void buyNow()}
        >
          <FormattedMessage id="courseLanding.buyNow" />
        </Button>
        <Button
          variant="subtle"
          loading={busy === 'wishlist'}
          disabled={busy !== null}
          onClick={() =>
            void run('wishlist', () =>
              inWishlist
                ? cart.removeFromList('wishlist', ref)
                : cart.addToList('wishlist', [item()], 'course_landing_page'),
            )
          }
        >
          <FormattedMessage
            id={inWishlist ? 'courseLanding.removeFromWishlist' : 'courseLanding.addToWishlist'}
          />
        </Button>
      </Stack>
    </Card>
  );
}
