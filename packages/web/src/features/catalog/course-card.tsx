import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { COURSE_CARDS_NEW_TAB_FEATURE, featureExposure, isFeatureEnabled } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Island } from '../../app/islands/island';
import { useIslandPage } from '../../app/islands/island-page';
import { useUserContext } from '../../app/user-context/use-user-context';
import { CourseCardIntent } from '../course-quick-view/course-card-intent';
import classes from './course-card.module.css';
import hidden from '../../ui/visually-hidden.module.css';
import { COURSE_CARD_IMAGE_SIZES, CourseImage, type CourseImagePriority } from './course-image';
import { CoursePrice } from './course-price';
import type { CatalogCourse } from './courses-api';

/**
 * A catalog card: image, title (the link), instructors, rating, price. With
 * `course_cards_open_in_new_tab` on, the link opens the course in a new tab and says so to
 * screen readers. What the card does on hover and focus (prefetch, the quick view box) is
 * CourseCardIntent, hydrated on its own on islands pages: the card itself is never hydrated.
 */
export function CourseCard({
  course,
  headingLevel = 3,
  imagePriority = 'lazy',
}: {
  course: CatalogCourse;
  headingLevel?: 2 | 3;
  /** `lcp` for the first card of a listing at the top of its page, `eager` for the rest of its first row. */
  imagePriority?: CourseImagePriority;
}) {
  const intl = useIntl();
  const { experiment } = useUserContext();
  const assignments = experiment?.assignments;
  const newTab = isFeatureEnabled(assignments, COURSE_CARDS_NEW_TAB_FEATURE);
  // On a page hydrated as islands the link loads the course page as a document, as a new tab does.
  const loadsDocument = useIslandPage() !== null || newTab;
  const instructors = intl.formatList(
    course.visible_instructors.map((instructor) => instructor.display_name),
  );
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      className={imagePriority === 'lazy' ? `${classes.card} ${classes.belowFold}` : classes.card}
    >
      <Card.Section>
        {/* The title says what the course is; the picture adds nothing for screen readers. */}
        <CourseImage
          imageUrl={course.image_url}
          alt=""
          sizes={COURSE_CARD_IMAGE_SIZES}
          priority={imagePriority}
        />
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Title order={headingLevel} size="h5" lineClamp={2}>
          <Anchor
            component={Link}
            to={course.url}
            c="inherit"
            fw={700}
            className={classes.titleLink}
            {...(newTab && { target: '_blank', rel: 'noopener' })}
          >
            {course.title}
            {newTab && (
              <span className={hidden.visuallyHidden}>
                {' '}
                <FormattedMessage id="course.opensInNewTab" />
              </span>
            )}
          </Anchor>
        </Title>
        {instructors && (
          <Text size="sm" className={classes.muted} lineClamp={1}>
            {instructors}
          </Text>
        )}
        <Text size="sm">
          <FormattedMessage
            id="course.rating"
            values={{
              rating: course.avg_rating_recent,
              reviews: course.num_reviews,
              star: (chunks) => (
                <span aria-hidden="true" className={classes.star}>
                  {chunks}
                </span>
              ),
              b: (chunks) => <strong>{chunks}</strong>,
            }}
          />
        </Text>
        <Text size="sm" className={classes.muted}>
          <FormattedMessage id="course.students" values={{ count: course.num_subscribers }} />
        </Text>
        {course.is_enrolled ? (
          <Text fw={700} size="sm">
            <FormattedMessage id="course.owned" />
          </Text>
        ) : (
          <CoursePrice course={course} />
        )}
      </Stack>
      <Island
        name="course-card"
        component={CourseCardIntent}
        props={{
          courseId: course.id,
          url: course.url,
          quickView: !course.is_enrolled,
          loadsDocument,
          // Decided here, so the browser's part needs none of the experiment's code to report it.
          newTabExposure: featureExposure(assignments, COURSE_CARDS_NEW_TAB_FEATURE),
        }}
      />
    </Card>
  );
}
