import type { Money } from '@lectern/domain';
import { Group, Skeleton, Text, VisuallyHidden, type MantineSize } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CoursePriceEntry } from '../pricing/pricing-client';
import { useCoursePrice } from '../pricing/pricing-provider';
import type { CatalogCourse } from './courses-api';
import classes from './course-card.module.css';

/**
 * The amount `CoursePrice` shows the visitor pays: the discounted price, else the price, from
 * the pricing client; the listing's price while it loads or when it failed.
 */
export function shownCoursePrice(entry: CoursePriceEntry, course: { price: Money }): Money {
  const current = entry.status === 'loaded' ? (entry.discountPrice ?? entry.price) : null;
  return current ? { amount: current.amount, currency: current.currency } : course.price;
}

/**
 * A course's price from the batched pricing client: a placeholder while it loads, the
 * discounted price with the list price struck through when discounted, and the listing's
 * price when the pricing request failed.
 */
export function CoursePrice({ course, size = 'md' }: { course: CatalogCourse; size?: MantineSize }) {
  const intl = useIntl();
  const entry = useCoursePrice(course.id);
  if (entry.status === 'loading') {
    return (
      <Skeleton
        height={20}
        width={80}
        role="status"
        aria-label={intl.formatMessage({ id: 'price.loading' })}
      />
    );
  }
  const current = entry.status === 'loaded' ? (entry.discountPrice ?? entry.price) : null;
  const list = entry.listPrice;
  const discounted =
    entry.status === 'loaded' &&
    entry.discountPrice !== null &&
    list !== null &&
    list.amount > entry.discountPrice.amount;
  return (
    <Group gap="xs" align="baseline" data-testid="course-price">
      <Text fw={700} size={size}>
        {discounted && (
          <VisuallyHidden>
            <FormattedMessage id="price.current" />
          </VisuallyHidden>
        )}
        {current?.price_string ?? course.price_text}
      </Text>
      {discounted && (
        <Text size="sm" td="line-through" className={classes.muted}>
          <VisuallyHidden>
            <FormattedMessage id="price.original" />
          </VisuallyHidden>
          {list.price_string}
        </Text>
      )}
    </Group>
  );
}
