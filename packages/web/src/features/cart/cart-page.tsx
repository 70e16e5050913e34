import { PAGE_ROUTES, type ListItem, type ShoppingListName } from '@lectern/domain';
import { Alert, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/use-user-context';
import type { MessageId } from '../../i18n/load-messages';
import { reportError } from '../../platform/report-error';
import { PageLoader } from '../../ui/page-loader';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { EmptyState } from '../../ui/empty-state';
import { authPath } from '../auth/auth-paths';
import { CartItemRow, type CartItemAction } from './cart-item-row';
import { cartErrorMessageId, serverDetail } from './cart-errors';
import { useCart, useCartClient } from './cart-provider';
import { buyableKey } from './cart-state';
import { CartSummary } from './cart-summary';
import { freezeCheckoutList } from './checkout-handoff';
import { CouponBox } from './coupon-box';
import classes from './cart.module.css';

const HEADING_IDS: Record<Exclude<ShoppingListName, 'express'>, string> = {
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
    document.getElementById(HEADING_IDS[list as keyof typeof HEADING_IDS] ?? HEADING_IDS.cart) ??
    document.getElementById(HEADING_IDS.cart);
  heading?.focus();
}

/** Platform §2: emptying these lists asks the user to reload. */
const RELOAD_NOTICE_LISTS: readonly ShoppingListName[] = ['cart', 'wishlist'];

type Move = { to: ShoppingListName; label: MessageId; accessibleLabel: MessageId };

const MOVES: Record<Exclude<ShoppingListName, 'express'>, Move[]> = {
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

/** `/cart/`: the cart, saved for later and wishlist, coupons, totals and checkout. */
export function CartPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'cart.pageTitle' }));
  const navigate = useNavigate();
  const { me } = useUserContext();
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

  const actionsFor = (list: Exclude<ShoppingListName, 'express'>, item: ListItem): CartItemAction[] => [
    {
      label: 'cart.item.remove',
      accessibleLabel: 'cart.item.removeLabel',
      onClick: () => void change(list, () => cart.removeFromList(list, item.buyable)),
    },
    ...MOVES[list].map((move) => ({
      label: move.label,
      accessibleLabel: move.accessibleLabel,
      onClick: () => void change(list, () => cart.moveItem(item, list, move.to)),
    })),
  ];

  const checkout = () => {
    if (!me.is_authenticated) {
      void navigate(authPath('login', PAGE_ROUTES.cart));
      return;
    }
    freezeCheckoutList(snapshot.lists.cart);
    void navigate(PAGE_ROUTES.checkout);
  };

  if (snapshot.status === 'notReady' && snapshot.state.etag === null) {
    return <PageLoader label={intl.formatMessage({ id: 'cart.loading' })} />;
  }

  const renderList = (list: Exclude<ShoppingListName, 'express'>, items: readonly ListItem[]) => (
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
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="cart.heading" />
        </Title>
        {snapshot.status === 'unAvailable' && (
          <LoadErrorAlert
            message={<FormattedMessage id="cart.unavailable" />}
            onRetry={() => void cart.refetch().catch(() => {})}
          />
        )}
        {reloadNotice && (
          <Alert color="blue" variant="light" data-testid="reload-notice">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                <FormattedMessage id="cart.reloadNotice" />
              </Text>
              <Button variant="default" onClick={() => window.location.reload()}>
                <FormattedMessage id="moduleLoadError.reload" />
              </Button>
            </Stack>
          </Alert>
        )}
        {error && (
          <Alert
            color="red"
            variant="light"
            withCloseButton
            closeButtonLabel={intl.formatMessage({ id: 'common.dismiss' })}
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        )}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl">
              <Stack gap="sm" component="section" aria-labelledby="cart-list-heading">
                <Title order={2} size="h4" id="cart-list-heading" tabIndex={-1}>
                  <FormattedMessage id="cart.list.cart" values={{ count: cartItems.length }} />
                </Title>
                {cartItems.length === 0 ? (
                  <Paper withBorder p="lg" radius="md">
                    <EmptyState
                      message={<FormattedMessage id="cart.empty" />}
                      linkTo={PAGE_ROUTES.home}
                      linkLabel={<FormattedMessage id="cart.keepShopping" />}
                    />
                  </Paper>
                ) : (
                  renderList('cart', cartItems)
                )}
              </Stack>
              {saved.length > 0 && (
                <Stack gap="sm" component="section" aria-labelledby="saved-list-heading">
                  <Title order={2} size="h4" id="saved-list-heading" tabIndex={-1}>
                    <FormattedMessage id="cart.list.savedForLater" values={{ count: saved.length }} />
                  </Title>
                  {renderList('saved_for_later', saved)}
                </Stack>
              )}
              <Stack gap="sm" component="section" aria-labelledby="wishlist-heading">
                <Title order={2} size="h4" id="wishlist-heading" tabIndex={-1}>
                  <FormattedMessage id="cart.list.wishlist" values={{ count: wishlist.length }} />
                </Title>
                {wishlist.length === 0 ? (
                  <Text size="sm" className={classes.muted}>
                    <FormattedMessage id="cart.wishlistEmpty" />
                  </Text>
                ) : (
                  renderList('wishlist', wishlist)
                )}
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="lg" radius="md" className={classes.summary}>
              <Stack gap="lg">
                <CartSummary
                  items={cartItems}
                  state={snapshot.state}
                  onCheckout={checkout}
                  checkoutDisabled={cartItems.length === 0}
                />
                <CouponBox />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
