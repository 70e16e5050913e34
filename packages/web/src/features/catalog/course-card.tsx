import { Anchor, AspectRatio, Card, Image, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import classes from './course-card.module.css';
import { CoursePrice } from './course-price';
import type { CatalogCourse } from './courses-api';

/** A catalog card: image, title (the link), instructors, rating, price. */
export function CourseCard({ course, headingLevel = 3 }: { course: CatalogCourse; headingLevel?: 2 | 3 }) {
  const intl = useIntl();
  const instructors = intl.formatList(
    course.visible_instructors.map((instructor) => instructor.display_name),
  );
  return (
    <Card component="article" withBorder radius="md" padding="md" className={classes.card}>
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {course.image_url ? (
            // The title says what the course is; the picture adds nothing for screen readers.
            <Image src={course.image_url} alt="" />
          ) : (
            <div className={classes.placeholder} aria-hidden="true" />
          )}
        </AspectRatio>
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
