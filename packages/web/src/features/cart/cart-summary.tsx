import {
  cartTotals,
  discountPercentage,
  formatMoney,
  money,
  type CurrencyCode,
  type ListItem,
} from '@lectern/domain';
import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CachedCartState } from './cart-state';
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
    <Stack gap="xs" component="section" aria-labelledby="summary-heading">
      <Title order={2} size="h4" id="summary-heading">
        <FormattedMessage id="cart.summary.heading" />
      </Title>
      <Text fz={32} fw={800} data-testid="cart-price-total">
        {format(totals.priceTotal)}
      </Text>
      {totals.savings.amount > 0 && (
        <Group gap="xs">
          <Text td="line-through" className={classes.muted}>
            <span className={classes.visuallyHidden}>
              <FormattedMessage id="price.original" />
            </span>
            {format(totals.listTotal)}
          </Text>
          <Text className={classes.saving}>
            <FormattedMessage id="cart.percentOff" values={{ percent }} />
          </Text>
        </Group>
      )}
      {totals.creditUsed.amount > 0 && (
        <Group justify="space-between">
          <Text size="sm">
            <FormattedMessage id="cart.summary.credit" />
          </Text>
          <Text size="sm" data-testid="cart-credit">
            <FormattedMessage id="cart.summary.minus" values={{ amount: format(totals.creditUsed) }} />
          </Text>
        </Group>
      )}
      <Divider />
      <Group justify="space-between">
        <Text fw={700}>
          <FormattedMessage id="cart.summary.totalDue" />
        </Text>
        <Text fw={700} data-testid="cart-total-due">
          {format(totals.totalDue)}
        </Text>
      </Group>
      <Button size="lg" fullWidth onClick={onCheckout} disabled={checkoutDisabled} mt="xs">
        <FormattedMessage id="cart.checkout" />
      </Button>
    </Stack>
  );
}
