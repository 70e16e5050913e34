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

/** One list item: the course, its price and discount, and the actions of its list. */
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
  const instructors = intl.formatList(
    course.visible_instructors.map((instructor) => instructor.display_name),
  );
  const discounted = item.list_price.amount > item.purchase_price.amount;
  const percent = discountPercentage(item.list_price, item.purchase_price);
  return (
    <li className={`${classes.card} ${classes.item}`} aria-busy={pending || undefined}>
      <div className={classes.itemMain}>
        <AppLink to={course.url} className={classes.itemTitle}>
          {course.title}
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
              aria-label={intl.formatMessage({ id: action.accessibleLabel }, { title: course.title })}
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
