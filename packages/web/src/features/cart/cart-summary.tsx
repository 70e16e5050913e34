import {
  cartTotals,
  discountPercentage,
  formatMoney,
  money,
  type CurrencyCode,
  type ListItem,
} from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlainButton } from '../../ui/plain-button';
import type { CachedCartState } from './cart-state';
import { PlainHeading } from '../../ui/plain-heading';
import classes from './cart.module.css';

/** The totals of platform §4: price total, savings, credit, and total due (never below 0). */
export function CartSummary({
  items,
  state,
  onCheckout,
  checkoutDisabled,
}: {
  items: readonly ListItem[];
  state: CachedCartState;
  onCheckout: () => void;
  checkoutDisabled: boolean;
}) {
  const intl = useIntl();
  const currency: CurrencyCode = items[0]?.purchase_price.currency ?? state.credit?.currency ?? 'USD';
  const credit = state.credit ? money(state.credit.amount, state.credit.currency) : money(0, currency);
  const totals = cartTotals(
    items.map((item) => ({ listPrice: item.list_price, purchasePrice: item.purchase_price })),
    credit,
    currency,
  );
  const format = (value: Parameters<typeof formatMoney>[0]) => formatMoney(value, intl.locale);
  const percent = discountPercentage(totals.listTotal, totals.priceTotal);

  return (
    <section className={classes.summaryPart} aria-labelledby="summary-heading">
      <PlainHeading id="summary-heading">
        <FormattedMessage id="cart.summary.heading" />
      </PlainHeading>
      <p className={classes.total} data-testid="cart-price-total">
        {format(totals.priceTotal)}
      </p>
      {totals.savings.amount > 0 && (
        <p className={classes.row}>
          <span className={`${classes.muted} ${classes.struck}`}>
            <span className={classes.visuallyHidden}>
              <FormattedMessage id="price.original" />
            </span>
            {format(totals.listTotal)}
          </span>
          <span className={classes.saving}>
            <FormattedMessage id="cart.percentOff" values={{ percent }} />
          </span>
        </p>
      )}
      {totals.creditUsed.amount > 0 && (
        <p className={`${classes.row} ${classes.spread} ${classes.small}`}>
          <span>
            <FormattedMessage id="cart.summary.credit" />
          </span>
          <span data-testid="cart-credit">
            <FormattedMessage id="cart.summary.minus" values={{ amount: format(totals.creditUsed) }} />
          </span>
        </p>
      )}
      <hr className={classes.divider} />
      <p className={`${classes.row} ${classes.spread} ${classes.strong}`}>
        <span>
          <FormattedMessage id="cart.summary.totalDue" />
        </span>
        <span data-testid="cart-total-due">{format(totals.totalDue)}</span>
      </p>
      <PlainButton fullWidth className={classes.checkout} onClick={onCheckout} disabled={checkoutDisabled}>
        <FormattedMessage id="cart.checkout" />
      </PlainButton>
    </section>
  );
}
