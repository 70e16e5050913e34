import {
  featureExposure,
  HIDE_QUICK_VIEW_WISHLIST_FEATURE,
  isFeatureEnabled,
  PAGE_ROUTES,
  type ApiPrice,
  type ListItem,
} from '@lectern/domain';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUserContext } from '../../app/user-context/use-user-context';
import { reportError } from '../../platform/report-error';
import { Icon } from '../../ui/icons';
import { PlainButton, PlainButtonLink } from '../../ui/plain-button';
import { cartErrorMessageId, serverDetail } from '../cart/cart-errors';
import { useCart, useCartClient } from '../cart/cart-provider';
import { listHas } from '../cart/cart-state';
import type { CoursePriceEntry } from '../pricing/pricing-client';
import { useCoursePrice } from '../pricing/pricing-provider';
import { useTracker } from '../tracking/use-tracker';
import { contentLength } from './content-length';
import type { QuickViewCourse } from './quick-view-course';
import classes from './quick-view.module.css';
import { reportExposureOnce } from './report-exposure';

type Busy = 'cart' | 'wishlist' | null;

/** Where adds from the box come from, for the cart's analytics (`context`). */
const CART_CONTEXT = 'course_card_quick_view';

/**
 * A course card's quick view box: the course's headline and facts (length, language), "Add to
 * cart" (then "Go to cart") and the wishlist toggle, with the same cart client as the course
 * page's purchase card. `hide_wishlist_button_on_course_card_quick_view_box` takes the wishlist
 * button away. The catalog has no "what you'll learn" points, so the headline says what the
 * course is about.
 *
 * A non-modal dialog named by the course's title: it opens beside the card without taking
 * focus, and card-intent.ts keeps it in the tab order right after the card's link. Loaded on
 * demand with the rest of the card's behaviour (card-behaviour.tsx); island-safe, since islands
 * pages open it.
 */
export function QuickViewBox({ course }: { course: QuickViewCourse }) {
  const intl = useIntl();
  // Not useId(): each card's island is a React root of its own, counting ids from the same start.
  const titleId = `course-quick-view-${course.id}-title`;
  const tracker = useTracker();
  const { experiment } = useUserContext();
  const assignments = experiment?.assignments;
  const cart = useCartClient();
  const { lists } = useCart();
  const price = useCoursePrice(course.id);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const focusGoToCart = useRef(false);
  const ref = { id: course.id, buyable_object_type: 'course' as const };
  const inCart = listHas(lists.cart, ref);
  const inWishlist = listHas(lists.wishlist, ref);
  const hideWishlist = isFeatureEnabled(assignments, HIDE_QUICK_VIEW_WISHLIST_FEATURE);

  // The wishlist button is there or not from the moment the box shows: that is the exposure.
  useEffect(() => {
    reportExposureOnce(tracker, featureExposure(assignments, HIDE_QUICK_VIEW_WISHLIST_FEATURE));
  }, [tracker, assignments]);

  // "Add to cart" turns into "Go to cart" at once; keyboard focus follows it.
  useEffect(() => {
    if (!inCart || !focusGoToCart.current) return;
    focusGoToCart.current = false;
    box.current?.querySelector<HTMLAnchorElement>(`a[href="${PAGE_ROUTES.cart}"]`)?.focus();
  }, [inCart]);

  const run = async (kind: Exclude<Busy, null>, action: () => Promise<unknown>) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (caught) {
      reportError(caught, { action: `course-quick-view-${kind}` });
      setError(serverDetail(caught) ?? intl.formatMessage({ id: cartErrorMessageId(caught) }));
    } finally {
      setBusy(null);
    }
  };
  const item = () => listItemOf(course, price.status === 'loaded' ? price : null);

  const length = contentLength(course.estimated_content_length);
  const languageCode = course.locale.locale.split('_')[0] ?? '';
  const language = intl.formatDisplayName(languageCode, { type: 'language' }) ?? course.locale.title;

  return (
    <div ref={box} role="dialog" aria-labelledby={titleId} className={classes.box}>
      <p id={titleId} className={classes.title}>
        {course.title}
      </p>
      {course.headline && <p className={classes.headline}>{course.headline}</p>}
      <ul className={classes.facts}>
        {length && (
          <li>
            {length.unit === 'hours' ? (
              <FormattedMessage id="course.quickView.hours" values={{ hours: length.value }} />
            ) : (
              <FormattedMessage id="course.quickView.minutes" values={{ minutes: length.value }} />
            )}
          </li>
        )}
        <li>
          <FormattedMessage id="course.quickView.language" values={{ language }} />
        </li>
      </ul>
      {error && (
        <div role="alert" className={classes.alert}>
          {error}
        </div>
      )}
      {course.is_enrolled ? (
        <p className={classes.owned}>
          <FormattedMessage id="course.owned" />
        </p>
      ) : (
        <div className={classes.actions}>
          {inCart ? (
            <PlainButtonLink to={PAGE_ROUTES.cart} className={classes.primary}>
              <FormattedMessage id="course.quickView.goToCart" />
            </PlainButtonLink>
          ) : (
            <PlainButton
              className={classes.primary}
              loading={busy === 'cart'}
              disabled={busy !== null}
              onClick={() => {
                focusGoToCart.current = true;
                void run('cart', () => cart.addToList('cart', [item()], CART_CONTEXT));
              }}
            >
              <FormattedMessage id="course.quickView.addToCart" />
            </PlainButton>
          )}
          {!hideWishlist && (
            <PlainButton
              variant="default"
              className={classes.wishlist}
              loading={busy === 'wishlist'}
              disabled={busy !== null}
              aria-label={intl.formatMessage({
                id: inWishlist ? 'course.quickView.removeFromWishlist' : 'course.quickView.addToWishlist',
              })}
              onClick={() =>
                void run('wishlist', () =>
                  inWishlist
                    ? cart.removeFromList('wishlist', ref)
                    : cart.addToList('wishlist', [item()], CART_CONTEXT),
                )
              }
            >
              {busy !== 'wishlist' && <HeartIcon filled={inWishlist} />}
            </PlainButton>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The list item shown while the server has not answered an add (its own item replaces it): the
 * course at the price the card shows. The course page's `courseListItem` does the same; shared,
 * it would become a chunk of its own that the course page loads too, over its JavaScript budget.
 */
function listItemOf(course: QuickViewCourse, prices: CoursePriceEntry | null): ListItem {
  const listed: ApiPrice = { ...course.price, price_string: course.price_text };
  const purchase = prices?.discountPrice ?? prices?.price ?? listed;
  const { id, title, url, image_url, visible_instructors } = course;
  return {
    buyable: {
      id,
      buyable_object_type: 'course',
      course: { id, title, url, image_url, visible_instructors },
    },
    purchase_price: purchase,
    list_price: prices?.listPrice ?? purchase,
    current_discount: null,
  };
}

/** The wishlist's heart, filled once the course is in it (the button's label says which). */
function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <Icon width={20} height={20} fill={filled ? 'currentColor' : 'none'}>
      <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z" />
    </Icon>
  );
}
