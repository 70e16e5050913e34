import { PAGE_ROUTES, type ListItem, type ShoppingListName } from '@lectern/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useUserContext } from '../../app/user-context/use-user-context';
import type { MessageId } from '../../i18n/load-messages';
import { AppLink, useNavigation } from '../../platform/navigation/navigation';
import { reportError } from '../../platform/report-error';
import { PlainButton } from '../../ui/plain-button';
import { PlainAlert } from '../../ui/plain-form';
import { mayCheckOut } from '../checkout/guest-checkout';
import { authPath } from '../auth/auth-paths';
import { CartItemRow, type CartItemAction } from './cart-item-row';
import { cartErrorMessageId, serverDetail } from './cart-errors';
import { useCart, useCartClient } from './cart-provider';
import { buyableKey } from './cart-state';
import { CartSummary } from './cart-summary';
import { freezeCheckoutList } from './checkout-handoff';
import { CouponBox } from './coupon-box';
import { PlainHeading } from '../../ui/plain-heading';
import classes from './cart.module.css';

type PageList = Exclude<ShoppingListName, 'express'>;

const HEADING_IDS: Record<PageList, string> = {
  cart: 'cart-list-heading',
  saved_for_later: 'saved-list-heading',
  wishlist: 'wishlist-heading',
};

/**
 * The item's row goes away at once when it is moved or removed; keyboard focus goes to its
 * list's heading (or the cart's, when that list is gone) instead of being lost.
 */
function keepFocusNear(list: ShoppingListName) {
  const heading =
    document.getElementById(HEADING_IDS[list as PageList] ?? HEADING_IDS.cart) ??
    document.getElementById(HEADING_IDS.cart);
  heading?.focus();
}

/** Platform §2: emptying these lists asks the user to reload. */
const RELOAD_NOTICE_LISTS: readonly ShoppingListName[] = ['cart', 'wishlist'];

type Move = { to: ShoppingListName; label: MessageId; accessibleLabel: MessageId };

const MOVES: Record<PageList, Move[]> = {
  cart: [
    {
      to: 'saved_for_later',
      label: 'cart.item.saveForLater',
      accessibleLabel: 'cart.item.saveForLaterLabel',
    },
    { to: 'wishlist', label: 'cart.item.moveToWishlist', accessibleLabel: 'cart.item.moveToWishlistLabel' },
  ],
  saved_for_later: [
    { to: 'cart', label: 'cart.item.moveToCart', accessibleLabel: 'cart.item.moveToCartLabel' },
  ],
  wishlist: [{ to: 'cart', label: 'cart.item.moveToCart', accessibleLabel: 'cart.item.moveToCartLabel' }],
};

/**
 * What `/cart/` shows under its heading: the cart, saved for later and wishlist, coupons,
 * totals and checkout. Island-safe (the cart page is hydrated as islands, decision 0026): the
 * server renders it from the visitor's cart, and the browser's cart client starts from the
 * same answer, so nothing moves when it hydrates.
 */
export function CartView() {
  const intl = useIntl();
  const { navigate } = useNavigation();
  const { me, experiment } = useUserContext();
  const cart = useCartClient();
  const snapshot = useCart();
  const [error, setError] = useState<string | null>(null);
  const [reloadNotice, setReloadNotice] = useState(false);

  const change = async (list: ShoppingListName, action: () => Promise<unknown>) => {
    setError(null);
    const done = action();
    keepFocusNear(list);
    try {
      await done;
      if (RELOAD_NOTICE_LISTS.includes(list) && cart.getSnapshot().lists[list].length === 0)
        setReloadNotice(true);
    } catch (caught) {
      reportError(caught, { action: 'cart-change', list });
      setError(serverDetail(caught) ?? intl.formatMessage({ id: cartErrorMessageId(caught) }));
    }
  };

  const actionsFor = (list: PageList, item: ListItem): CartItemAction[] => [
    {
      label: 'cart.item.remove',
      accessibleLabel: 'cart.item.removeLabel',
      onClick: () => void change(list, () => cart.removeFromList(list, item.buyable)),
    },
    // A gift is bought for someone else: nothing to wish for oneself.
    ...MOVES[list]
      .filter((move) => move.to !== 'wishlist' || item.buyable.buyable_object_type !== 'gift')
      .map((move) => ({
        label: move.label,
        accessibleLabel: move.accessibleLabel,
        onClick: () => void change(list, () => cart.moveItem(item, list, move.to)),
      })),
  ];

  const checkout = () => {
    if (!mayCheckOut(me, experiment)) {
      navigate(authPath('login', PAGE_ROUTES.cart));
      return;
    }
    freezeCheckoutList(snapshot.lists.cart);
    navigate(PAGE_ROUTES.checkout);
  };

  if (snapshot.status === 'notReady' && snapshot.state.etag === null) {
    return (
      <p role="status" className={classes.muted}>
        <FormattedMessage id="cart.loading" />
      </p>
    );
  }

  const renderList = (list: PageList, items: readonly ListItem[]) => (
    <ul className={classes.list}>
      {items.map((item) => (
        <CartItemRow
          key={buyableKey(item.buyable)}
          item={item}
          pending={snapshot.pendingKeys[list].has(buyableKey(item.buyable))}
          actions={actionsFor(list, item)}
        />
      ))}
    </ul>
  );

  const { cart: cartItems, saved_for_later: saved, wishlist } = snapshot.lists;
  return (
    <div className={classes.view}>
      {snapshot.status === 'unAvailable' && (
        <PlainAlert tone="red">
          <p>
            <FormattedMessage id="cart.unavailable" />
          </p>
          <PlainButton variant="default" onClick={() => void cart.refetch().catch(() => {})}>
            <FormattedMessage id="common.tryAgain" />
          </PlainButton>
        </PlainAlert>
      )}
      {reloadNotice && (
        <div className={classes.notice} data-testid="reload-notice">
          <p>
            <FormattedMessage id="cart.reloadNotice" />
          </p>
          <PlainButton variant="default" onClick={() => window.location.reload()}>
            <FormattedMessage id="moduleLoadError.reload" />
          </PlainButton>
        </div>
      )}
      {error && (
        <PlainAlert tone="red" onDismiss={() => setError(null)}>
          {error}
        </PlainAlert>
      )}
      <div className={classes.columns}>
        <div className={classes.lists}>
          <section className={classes.part} aria-labelledby="cart-list-heading">
            <PlainHeading id="cart-list-heading" tabIndex={-1}>
              <FormattedMessage id="cart.list.cart" values={{ count: cartItems.length }} />
            </PlainHeading>
            {cartItems.length === 0 ? (
              <div className={`${classes.card} ${classes.empty}`}>
                <p>
                  <FormattedMessage id="cart.empty" />
                </p>
                <AppLink to={PAGE_ROUTES.home} className={classes.strongLink}>
                  <FormattedMessage id="cart.keepShopping" />
                </AppLink>
              </div>
            ) : (
              renderList('cart', cartItems)
            )}
          </section>
          {saved.length > 0 && (
            <section className={classes.part} aria-labelledby="saved-list-heading">
              <PlainHeading id="saved-list-heading" tabIndex={-1}>
                <FormattedMessage id="cart.list.savedForLater" values={{ count: saved.length }} />
              </PlainHeading>
              {renderList('saved_for_later', saved)}
            </section>
          )}
          <section className={classes.part} aria-labelledby="wishlist-heading">
            <PlainHeading id="wishlist-heading" tabIndex={-1}>
              <FormattedMessage id="cart.list.wishlist" values={{ count: wishlist.length }} />
            </PlainHeading>
            {wishlist.length === 0 ? (
              <p className={`${classes.small} ${classes.muted}`}>
                <FormattedMessage id="cart.wishlistEmpty" />
              </p>
            ) : (
              renderList('wishlist', wishlist)
            )}
          </section>
        </div>
        <div className={`${classes.card} ${classes.summary}`}>
          <CartSummary
            items={cartItems}
            state={snapshot.state}
            onCheckout={checkout}
            checkoutDisabled={cartItems.length === 0}
          />
          <CouponBox />
        </div>
      </div>
    </div>
  );
}
