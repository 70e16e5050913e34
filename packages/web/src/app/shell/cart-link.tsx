import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CartIcon } from '../../ui/icons';
import classes from './shell.module.css';

export const CART_PATH = '/cart/';

/** The header cart icon; its name tells the count, the badge shows it. */
export function CartLink({ count }: { count: number }) {
  const intl = useIntl();
  return (
    <Link
      to={CART_PATH}
      className={classes.cartLink}
      aria-label={intl.formatMessage({ id: 'shell.cart' }, { count })}
    >
      <CartIcon />
      <span className={classes.cartBadge} aria-hidden="true" data-testid="cart-count">
        {intl.formatNumber(count)}
      </span>
    </Link>
  );
}
