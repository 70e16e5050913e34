import { discountPercentage, type ListItem } from '@lectern/domain';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/load-messages';
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
    <Paper
      component="li"
      withBorder
      p="md"
      radius="md"
      className={classes.item}
      aria-busy={pending || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} className={classes.itemMain}>
          <Anchor component={Link} to={course.url} fw={700} c="inherit">
            {course.title}
          </Anchor>
          {instructors && (
            <Text size="sm" className={classes.muted}>
              {instructors}
            </Text>
          )}
          {item.current_discount && (
            <Text size="sm">
              <FormattedMessage
                id="cart.item.discount"
                values={{
                  code: item.current_discount.code,
                  saving: item.current_discount.saving_price.price_string,
                  b: (chunks) => <strong>{chunks}</strong>,
                }}
              />
            </Text>
          )}
          <Group gap="xs" mt={4}>
            {actions.map((action) => (
              <Button
                key={action.label}
                variant="subtle"
                size="compact-sm"
                disabled={pending}
                aria-label={intl.formatMessage({ id: action.accessibleLabel }, { title: course.title })}
                onClick={action.onClick}
              >
                <FormattedMessage id={action.label} />
              </Button>
            ))}
          </Group>
        </Stack>
        <Stack gap={2} align="flex-end" className={classes.itemPrice}>
          <Text fw={700}>{item.purchase_price.price_string}</Text>
          {discounted && (
            <>
              <Text size="sm" td="line-through" className={classes.muted}>
                <span className={classes.visuallyHidden}>
                  <FormattedMessage id="price.original" />
                </span>
                {item.list_price.price_string}
              </Text>
              <Text size="sm" className={classes.saving}>
                <FormattedMessage id="cart.percentOff" values={{ percent }} />
              </Text>
            </>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
