import { PAGE_ROUTES, type CheckoutItemData } from '@lectern/domain';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUserContext } from '../../app/user-context/use-user-context';
import { useNavigation } from '../../platform/navigation/navigation';
import { reportError } from '../../platform/report-error';
import { EmptyState } from '../../ui/empty-state';
import { PlainButtonLink } from '../../ui/plain-button';
import { PlainLoader } from '../../ui/plain-form';
import { useHydrated } from '../../ui/use-hydrated';
import { authPath } from '../auth/auth-paths';
import { cartErrorMessageId, serverDetail } from '../cart/cart-errors';
import { useCartClient } from '../cart/cart-provider';
import { buyableKey } from '../cart/cart-state';
import { freezeCheckoutList } from '../cart/checkout-handoff';
import { CheckoutFor } from '../checkout/checkout-view';
import { mayCheckOut } from '../checkout/guest-checkout';
import classes from '../checkout/checkout.module.css';
import { parseExpressLink } from './express-link';

type ExpressState =
  | { kind: 'loading' }
  | { kind: 'no-course' }
  | { kind: 'log-in' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; items: CheckoutItemData[]; course: { title: string; url: string } };

/**
 * `/express/?course_id=` (checkout §7): one course bought without the cart (`&gift=1`: as a
 * gift, whose recipient the checkout asks for; never with the rest of the cart). The course goes
 * into the express list (priced with the link's code and the buyer's best one), which is frozen
 * as the checkout list like "Buy now" does, and the checkout follows on the same page; "back"
 * leads to the course. Island-safe (decision 0026): the server renders the loader; the link is
 * read once the browser has hydrated.
 */
export function ExpressCheckoutView() {
  const intl = useIntl();
  const hydrated = useHydrated();
  const cart = useCartClient();
  const { me, experiment } = useUserContext();
  const { location } = useNavigation();
  // The link is read once the page is hydrated; a sign-in reloads the page.
  const request = useMemo(
    () => (hydrated ? parseExpressLink(location.search) : undefined),
    [hydrated, location.search],
  );
  const [allowed] = useState(() => mayCheckOut(me, experiment));
  const [answer, setAnswer] = useState<ExpressState | null>(null);
  const returnPath = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!request || !allowed) return;
    const ref = {
      id: request.courseId,
      buyable_object_type: request.gift ? ('gift' as const) : ('course' as const),
    };
    let live = true;
    cart
      .express([ref], request.codes)
      .then((session) => {
        if (!live) return;
        const express = session.express.filter((entry) => buyableKey(entry.buyable) === buyableKey(ref));
        const first = express[0];
        setAnswer(
          first
            ? { kind: 'ready', items: freezeCheckoutList(express), course: first.buyable.course }
            : { kind: 'no-course' },
        );
      })
      .catch((error: unknown) => {
        reportError(error, { action: 'express-checkout' });
        if (!live) return;
        setAnswer({
          kind: 'refused',
          message: serverDetail(error) ?? intl.formatMessage({ id: cartErrorMessageId(error) }),
        });
      });
    return () => {
      live = false;
    };
  }, [request, allowed, cart, intl]);

  const state: ExpressState =
    request === undefined
      ? { kind: 'loading' }
      : request === null
        ? { kind: 'no-course' }
        : !allowed
          ? { kind: 'log-in' }
          : (answer ?? { kind: 'loading' });

  let body;
  switch (state.kind) {
    case 'loading':
      body = <PlainLoader label={intl.formatMessage({ id: 'common.loading' })} />;
      break;
    case 'no-course':
      body = (
        <EmptyState
          message={<FormattedMessage id="expressCheckout.noCourse" />}
          linkTo={PAGE_ROUTES.home}
          linkLabel={<FormattedMessage id="expressCheckout.browseCourses" />}
        />
      );
      break;
    case 'log-in':
      body = (
        <PlainButtonLink to={authPath('login', returnPath)}>
          <FormattedMessage id="checkout.logInToContinue" />
        </PlainButtonLink>
      );
      break;
    case 'refused':
      body = (
        <>
          <div role="alert" className={classes.expressRefused}>
            {state.message}
          </div>
          <PlainButtonLink to={PAGE_ROUTES.myCourses} variant="default">
            <FormattedMessage id="expressCheckout.myCourses" />
          </PlainButtonLink>
        </>
      );
      break;
    case 'ready':
      body = (
        <CheckoutFor
          items={state.items}
          returnPath={returnPath}
          backLink={{
            to: state.course.url,
            label: (
              <FormattedMessage id="expressCheckout.backToCourse" values={{ title: state.course.title }} />
            ),
          }}
        />
      );
      break;
  }
  return <div className={classes.view}>{body}</div>;
}
