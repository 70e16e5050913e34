import { PAGE_ROUTES, type CheckoutItemData } from '@lectern/domain';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUserContext } from '../../app/user-context/use-user-context';
import { EmptyState } from '../../ui/empty-state';
import { AppLink } from '../../platform/navigation/navigation';
import { PlainButtonLink } from '../../ui/plain-button';
import { PlainLoader } from '../../ui/plain-form';
import { useHydrated } from '../../ui/use-hydrated';
import { authPath } from '../auth/auth-paths';
import { readCheckoutList } from '../cart/checkout-handoff';
import { Checkout, type CheckoutBackLink } from './checkout';
import { isGuestCheckoutEnabled } from './guest-checkout';
import classes from './checkout.module.css';

/**
 * What `/payment/checkout/` shows under its heading: the frozen checkout list's payment, or
 * why there is none. Island-safe (the page is hydrated as an island, decision 0026): the list
 * lives in this tab's session storage, which the server cannot see, so the server renders a
 * loader and the list is read once the browser has hydrated it; the payment's parts show
 * together once the server's checkout information is in (no part moves another).
 */
export function CheckoutView() {
  const intl = useIntl();
  const hydrated = useHydrated();
  const items = useMemo<CheckoutItemData[] | null>(() => (hydrated ? readCheckoutList() : null), [hydrated]);

  let body;
  if (items === null) body = <PlainLoader label={intl.formatMessage({ id: 'common.loading' })} />;
  else if (items.length === 0) {
    body = (
      <EmptyState
        message={<FormattedMessage id="checkout.empty" />}
        linkTo={PAGE_ROUTES.cart}
        linkLabel={<FormattedMessage id="checkout.backToCart" />}
      />
    );
  } else body = <CheckoutFor items={items} returnPath={PAGE_ROUTES.checkout} />;
  // At least a screen tall, so the footer never moves in view as the checkout fills in.
  return <div className={classes.view}>{body}</div>;
}

/**
 * The checkout of a non-empty list for whoever is here: a signed-in user pays; a visitor in
 * the guest-checkout experiment pays with an e-mail (team-plan §6); anyone else logs in first
 * and comes back to `returnPath`. Shared by the checkout and the express checkout pages.
 */
export function CheckoutFor({
  items,
  returnPath,
  backLink,
}: {
  items: CheckoutItemData[];
  returnPath: string;
  /** Where "back" leads (the cart by default). */
  backLink?: CheckoutBackLink;
}) {
  const { me, experiment } = useUserContext();
  // Decided once: a guest's paid submit may sign the device in, and the page must not turn into
  // the account's checkout under the buyer while the payment finishes.
  const [guest] = useState(() => !me.is_authenticated && isGuestCheckoutEnabled(experiment));
  if (guest) {
    return (
      <>
        <p className={classes.guestLogin}>
          <FormattedMessage
            id="checkout.guest.haveAccount"
            values={{
              link: (chunks) => <AppLink to={authPath('login', returnPath)}>{chunks}</AppLink>,
            }}
          />
        </p>
        <Checkout items={items} guest backLink={backLink} />
      </>
    );
  }
  if (!me.is_authenticated) {
    return (
      <PlainButtonLink to={authPath('login', returnPath)}>
        <FormattedMessage id="checkout.logInToContinue" />
      </PlainButtonLink>
    );
  }
  return <Checkout items={items} backLink={backLink} />;
}
