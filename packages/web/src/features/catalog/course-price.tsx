import type { Money } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CoursePriceEntry } from '../pricing/pricing-client';
import { useCoursePrice } from '../pricing/pricing-provider';
import type { CatalogCourse } from './courses-api';
import classes from './course-price.module.css';
import hidden from '../../ui/visually-hidden.module.css';

/** The sizes of the shown price: Mantine's size scale (`MantineSize`). */
export type CoursePriceSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

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
 *
 * Island-safe (no Mantine, router or zod): the course landing page's purchase card, which
 * holds it, is hydrated on its own on public pages (app/islands).
 */
export function CoursePrice({
  course,
  size = 'md',
}: {
  course: Pick<CatalogCourse, 'id' | 'price_text'>;
  size?: CoursePriceSize;
}) {
  const intl = useIntl();
  const entry = useCoursePrice(course.id);
  if (entry.status === 'loading') {
    return (
      <div
        className={classes.skeleton}
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
    <div className={classes.price} data-testid="course-price">
      <p className={`${classes.current} ${classes[size]}`}>
        {discounted && (
          <span className={hidden.visuallyHidden}>
            <FormattedMessage id="price.current" />
          </span>
        )}
        {current?.price_string ?? course.price_text}
      </p>
      {discounted && (
        <p className={classes.original}>
          <span className={hidden.visuallyHidden}>
            <FormattedMessage id="price.original" />
          </span>
          {list.price_string}
        </p>
      )}
    </div>
  );
}
