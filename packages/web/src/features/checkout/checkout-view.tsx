import { PAGE_ROUTES, type CheckoutItemData } from '@lectern/domain';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUserContext } from '../../app/user-context/use-user-context';
import { EmptyState } from '../../ui/empty-state';
import { PlainButtonLink } from '../../ui/plain-button';
import { PlainLoader } from '../../ui/plain-form';
import { useHydrated } from '../../ui/use-hydrated';
import { authPath } from '../auth/auth-paths';
import { readCheckoutList } from '../cart/checkout-handoff';
import { Checkout } from './checkout';
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
  const { me } = useUserContext();
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
  } else if (!me.is_authenticated) {
    body = (
      <PlainButtonLink to={authPath('login', PAGE_ROUTES.checkout)}>
        <FormattedMessage id="checkout.logInToContinue" />
      </PlainButtonLink>
    );
  } else body = <Checkout items={items} />;
  // At least a screen tall, so the footer never moves in view as the checkout fills in.
  return <div className={classes.view}>{body}</div>;
}
