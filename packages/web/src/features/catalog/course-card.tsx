import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import classes from './course-card.module.css';
import { COURSE_CARD_IMAGE_SIZES, CourseImage, type CourseImagePriority } from './course-image';
import { CoursePrice } from './course-price';
import type { CatalogCourse } from './courses-api';

/** A catalog card: image, title (the link), instructors, rating, price. */
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
          <Anchor component={Link} to={course.url} c="inherit" fw={700} className={classes.titleLink}>
            {course.title}
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
    </Card>
  );
}
