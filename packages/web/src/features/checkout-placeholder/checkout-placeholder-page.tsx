import { PAGE_ROUTES, formatMoney, money, type CheckoutItemData } from '@lectern/domain';
import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useUserContext } from '../../app/user-context/user-context-provider';
import { authPath } from '../auth/auth-paths';
import { useCart } from '../cart/cart-provider';
import { readCheckoutList } from '../cart/checkout-handoff';
import classes from '../cart/cart.module.css';

/**
 * `/payment/checkout/` until the checkout issue lands: shows the frozen checkout list
 * (platform §4 hand-off) and says that payment is coming.
 */
export function CheckoutPlaceholderPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'checkout.pageTitle' }));
  const { me } = useUserContext();
  const { lists } = useCart();
  const [items] = useState<CheckoutItemData[]>(() => readCheckoutList());
  const titleOf = (item: CheckoutItemData) => {
    const known = [...lists.express, ...lists.cart, ...lists.saved_for_later, ...lists.wishlist].find(
      (entry) =>
        entry.buyable.id === item.buyableId && entry.buyable.buyable_object_type === item.buyableType,
    );
    return (
      known?.buyable.course.title ??
      intl.formatMessage({ id: 'checkout.itemFallback' }, { id: item.buyableId })
    );
  };
  const currency = items[0]?.purchasePrice.currency ?? 'USD';
  const total = money(
    items.reduce((sum, item) => sum + item.purchasePrice.amount, 0),
    currency,
  );

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="checkout.heading" />
        </Title>
        <Alert color="blue" variant="light" title={intl.formatMessage({ id: 'checkout.comingTitle' })}>
          <FormattedMessage id="checkout.comingBody" />
        </Alert>
        {!me.is_authenticated && items.length > 0 && (
          <Button component={Link} to={authPath('login', PAGE_ROUTES.checkout)} variant="default">
            <FormattedMessage id="checkout.logInToContinue" />
          </Button>
        )}
        {items.length === 0 ? (
          <Stack gap="sm" align="flex-start">
            <Text>
              <FormattedMessage id="checkout.empty" />
            </Text>
            <Anchor component={Link} to={PAGE_ROUTES.cart} fw={700}>
              <FormattedMessage id="checkout.backToCart" />
            </Anchor>
          </Stack>
        ) : (
          <Stack gap="sm" component="section" aria-labelledby="order-heading">
            <Title order={2} size="h4" id="order-heading">
              <FormattedMessage id="checkout.orderHeading" values={{ count: items.length }} />
            </Title>
            <ul className={classes.list} data-testid="checkout-items">
              {items.map((item) => (
                <Paper
                  component="li"
                  withBorder
                  p="md"
                  radius="md"
                  key={`${item.buyableType}:${item.buyableId}`}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={2}>
                      <Text fw={700}>{titleOf(item)}</Text>
                      {item.discountInfo && (
                        <Text size="sm" className={classes.muted}>
                          <FormattedMessage
                            id="checkout.discount"
                            values={{
                              code: item.discountInfo.code,
                              b: (chunks) => <strong>{chunks}</strong>,
                            }}
                          />
                        </Text>
                      )}
                    </Stack>
                    <Text fw={700}>{item.purchasePrice.price_string}</Text>
                  </Group>
                </Paper>
              ))}
            </ul>
            <Group justify="space-between">
              <Text fw={700}>
                <FormattedMessage id="checkout.total" />
              </Text>
              <Text fw={700}>{formatMoney(total, intl.locale)}</Text>
            </Group>
            <Anchor component={Link} to={PAGE_ROUTES.cart}>
              <FormattedMessage id="checkout.backToCart" />
            </Anchor>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
