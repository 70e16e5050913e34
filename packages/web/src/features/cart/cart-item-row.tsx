import { discountPercentage, type ListItem } from '@lectern/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import { AppLink } from '../../platform/navigation/navigation';
import { PlainButton } from '../../ui/plain-button';
import classes from './cart.module.css';

export interface CartItemAction {
  /** Visible text. */
  label: MessageId;
  /** Accessible name, given `{title}`; it starts with the visible text. */
  accessibleLabel: MessageId;
  onClick: () => void;
}

/**
 * One list item: the course, its price and discount, and the actions of its list. A gift (the
 * course bought for someone else) is badged and named "A gift of …" everywhere, its actions'
 * names too, so it is never taken for the course itself.
 */
export function CartItemRow({
  item,
  actions,
  pending,
}: {
  item: ListItem;
  actions: CartItemAction[];
  pending: boolean;
}) {
  const intl = useIntl();
  const { course } = item.buyable;
  const gift = item.buyable.buyable_object_type === 'gift';
  const name = gift ? intl.formatMessage({ id: 'cart.item.giftOf' }, { title: course.title }) : course.title;
  const instructors = intl.formatList(
    course.visible_instructors.map((instructor) => instructor.display_name),
  );
  const discounted = item.list_price.amount > item.purchase_price.amount;
  const percent = discountPercentage(item.list_price, item.purchase_price);
  return (
    <li className={`${classes.card} ${classes.item}`} aria-busy={pending || undefined}>
      <div className={classes.itemMain}>
        {gift && (
          <p>
            <span className={classes.giftBadge}>
              <FormattedMessage id="cart.item.giftBadge" />
            </span>
          </p>
        )}
        <AppLink to={course.url} className={classes.itemTitle}>
          {name}
        </AppLink>
        {instructors && <p className={`${classes.small} ${classes.muted}`}>{instructors}</p>}
        {item.current_discount && (
          <p className={classes.small}>
            <FormattedMessage
              id="cart.item.discount"
              values={{
                code: item.current_discount.code,
                saving: item.current_discount.saving_price.price_string,
                b: (chunks) => <strong>{chunks}</strong>,
              }}
            />
          </p>
        )}
        <div className={classes.itemActions}>
          {actions.map((action) => (
            <PlainButton
              key={action.label}
              variant="subtle"
              className={classes.compact}
              disabled={pending}
              aria-label={intl.formatMessage({ id: action.accessibleLabel }, { title: name })}
              onClick={action.onClick}
            >
              <FormattedMessage id={action.label} />
            </PlainButton>
          ))}
        </div>
      </div>
      <div className={classes.itemPrice}>
        <p className={classes.strong}>{item.purchase_price.price_string}</p>
        {discounted && (
          <>
            <p className={`${classes.small} ${classes.muted} ${classes.struck}`}>
              <span className={classes.visuallyHidden}>
                <FormattedMessage id="price.original" />
              </span>
              {item.list_price.price_string}
            </p>
            <p className={`${classes.small} ${classes.saving}`}>
              <FormattedMessage id="cart.percentOff" values={{ percent }} />
            </p>
          </>
        )}
      </div>
    </li>
  );
}
