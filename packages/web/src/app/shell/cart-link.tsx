import { useIntl } from 'react-intl';
import { AppLink } from '../../platform/navigation/navigation';
import { CartIcon } from '../../ui/icons';
import classes from './shell.module.css';
import { useCartCount } from './use-cart-count';

export const CART_PATH = '/cart/';

/** The header cart icon; its name tells the count, the badge shows it. */
export function CartLink({ count }: { count: number }) {
  const intl = useIntl();
  return (
    <AppLink
      to={CART_PATH}
      className={classes.cartLink}
      aria-label={intl.formatMessage({ id: 'shell.cart' }, { count })}
    >
      <CartIcon />
      <span className={classes.cartBadge} aria-hidden="true" data-testid="cart-count">
        {intl.formatNumber(count)}
      </span>
    </AppLink>
  );
}

/**
 * The header's cart link with the cart's own count. No props and no Mantine nor React
 * Router: it may be hydrated as an island (app/islands).
 */
export function HeaderCartLink() {
  return <CartLink count={useCartCount()} />;
}
