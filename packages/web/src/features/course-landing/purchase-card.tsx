import { PAGE_ROUTES, type CourseDetail } from '@lectern/domain';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigation } from '../../platform/navigation/navigation';
import { reportError } from '../../platform/report-error';
import { PlainButton, PlainButtonLink } from '../../ui/plain-button';
import { cartErrorMessageId, serverDetail } from '../cart/cart-errors';
import { useCart, useCartClient } from '../cart/cart-provider';
import { listHas } from '../cart/cart-state';
import { courseListItem } from '../cart/course-list-item';
import { CoursePrice } from '../catalog/course-price';
import { expressLink } from '../express-checkout/express-link';
import { useCoursePrice } from '../pricing/pricing-provider';
import classes from './purchase-card.module.css';

/** What the purchase card needs of the course: the page passes its `CourseDetail` as it is. */
export type PurchaseCardCourse = Pick<
  CourseDetail,
  'id' | 'title' | 'url' | 'image_url' | 'visible_instructors' | 'price' | 'price_text' | 'is_enrolled'
>;

/** The card's fields of a course, and only those: they travel in the page's HTML (app/islands). */
export function purchaseCardCourse(course: CourseDetail): PurchaseCardCourse {
  const { id, title, url, image_url, visible_instructors, price, price_text, is_enrolled } = course;
  return { id, title, url, image_url, visible_instructors, price, price_text, is_enrolled };
}

export interface PurchaseCardProps {
  course: PurchaseCardCourse;
}

type Busy = 'cart' | 'buy' | 'gift' | 'wishlist' | null;

/**
 * Platform §2: a course landing page is identified by a body attribute holding the course id.
 * Set by the page's purchase card, which is hydrated on every course page, islands or not.
 */
function useBodyCourseId(courseId: number | undefined) {
  useEffect(() => {
    if (courseId === undefined) return;
    document.body.dataset.courseId = String(courseId);
    return () => {
      delete document.body.dataset.courseId;
    };
  }, [courseId]);
}

/**
 * The course landing page's price and the ways to buy or keep the course: "Add to cart" (then
 * "Go to cart"), "Buy now" (the express checkout, /express/), "Buy as a gift" and the wishlist
 * toggle; "Go to course" and "Buy as a gift" when the user owns it.
 *
 * Island-safe: no Mantine, router or zod, and JSON props, so public pages can hydrate it on its
 * own (app/islands); in an island "Buy now" reaches the express checkout with a full page load.
 */
export function PurchaseCard({ course }: PurchaseCardProps) {
  useBodyCourseId(course.id);
  const intl = useIntl();
  const { navigate } = useNavigation();
  const cart = useCartClient();
  const { lists } = useCart();
  const price = useCoursePrice(course.id);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const ref = { id: course.id, buyable_object_type: 'course' as const };
  const inCart = listHas(lists.cart, ref);
  const inWishlist = listHas(lists.wishlist, ref);
  const item = (type?: 'gift') => courseListItem(course, price.status === 'loaded' ? price : null, type);

  // "Add to cart" turns into "Go to cart" at once; keyboard focus follows it.
  const focusGoToCart = useRef(false);
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!inCart || !focusGoToCart.current) return;
    focusGoToCart.current = false;
    card.current?.querySelector<HTMLAnchorElement>(`a[href="${PAGE_ROUTES.cart}"]`)?.focus();
  }, [inCart]);

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

  // Checkout §7's express checkout: its page puts the course in the express list and pays for
  // it there (or asks a visitor to log in first and comes back).
  const buyNow = () => {
    setBusy('buy');
    navigate(expressLink(course.id));
  };

  // A gift is bought alone, by the express checkout (the rest of the cart stays for later);
  // owning the course does not stop anyone giving it.
  const buyAsGift = () => {
    setBusy('gift');
    navigate(expressLink(course.id, null, { gift: true }));
  };
  const giftButton = (
    <ActionButton
      variant="default"
      className={classes.outline}
      busy={busy === 'gift'}
      disabled={busy !== null}
      onClick={() => void buyAsGift()}
    >
      <FormattedMessage id="courseLanding.buyAsGift" />
    </ActionButton>
  );
  const alert = error && (
    <div role="alert" className={classes.alert}>
      {error}
    </div>
  );

  if (course.is_enrolled) {
    return (
      <div className={classes.card}>
        <p className={classes.owned}>
          <FormattedMessage id="courseLanding.owned" />
        </p>
        {alert}
        <PlainButtonLink to={PAGE_ROUTES.myCourses}>
          <FormattedMessage id="courseLanding.goToCourse" />
        </PlainButtonLink>
        {giftButton}
      </div>
    );
  }

  // A fixed id, not useId(): an island's root differs from the page's, so would its ids.
  return (
    <section ref={card} className={classes.card} aria-labelledby="purchase-heading">
      <h2 className={classes.heading} id="purchase-heading">
        <FormattedMessage id="courseLanding.purchaseHeading" />
      </h2>
      <CoursePrice course={course} size="xl" />
      {alert}
      {inCart ? (
        <PlainButtonLink to={PAGE_ROUTES.cart}>
          <FormattedMessage id="courseLanding.goToCart" />
        </PlainButtonLink>
      ) : (
        <ActionButton
          busy={busy === 'cart'}
          disabled={busy !== null}
          onClick={() => {
            focusGoToCart.current = true;
            void run('cart', () => cart.addToList('cart', [item()], 'course_landing_page'));
          }}
        >
          <FormattedMessage id="courseLanding.addToCart" />
        </ActionButton>
      )}
      <ActionButton
        variant="default"
        className={classes.outline}
        busy={busy === 'buy'}
        disabled={busy !== null}
        onClick={buyNow}
      >
        <FormattedMessage id="courseLanding.buyNow" />
      </ActionButton>
      {giftButton}
      <ActionButton
        variant="subtle"
        busy={busy === 'wishlist'}
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
      </ActionButton>
    </section>
  );
}

/**
 * A PlainButton with Mantine's `loading`: while `busy` it is marked aria-busy and shows a
 * spinner in place of its label, which still names it (disable it too, as Mantine did).
 */
function ActionButton({
  busy,
  className,
  children,
  ...rest
}: ComponentProps<typeof PlainButton> & { busy: boolean }) {
  return (
    <PlainButton
      {...rest}
      className={[classes.action, className].filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
    >
      <span className={classes.label}>{children}</span>
      {busy && <span className={classes.spinner} aria-hidden="true" />}
    </PlainButton>
  );
}
