import { cardBrandName } from '@lectern/domain';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/load-messages';
import { MethodIcon, methodIconCodeOf } from '../../checkout/method-icons';
import { longDate } from '../../subscriptions/subscription-dates';

/**
 * One panel of the billing overview (team-plan §2): a titled section with an optional action
 * link beside its title and a footer below its content.
 */
export function BillingPanel({
  id,
  title,
  action,
  footer,
  children,
}: {
  id: string;
  title: MessageId;
  action?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3" id={`${id}-title`}>
            <FormattedMessage id={title} />
          </Title>
          {action}
        </Group>
        {children}
        {footer}
      </Stack>
    </Paper>
  );
}

/** The skeleton of a panel's content while it loads, announced as loading `label`. */
export function PanelSkeleton({ label, lines = 3 }: { label: MessageId; lines?: number }) {
  const intl = useIntl();
  return (
    <Stack gap="xs" role="status" aria-label={intl.formatMessage({ id: label })}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height={14} width={index === lines - 1 ? '40%' : '70%'} />
      ))}
    </Stack>
  );
}

/**
 * The panels' 'Edit …' and 'Update …' links: buttons (they open a modal) that look like links,
 * disabled until the data has loaded or while the plan is expired (team-plan §2).
 */
export function LinkButton({
  children,
  disabled,
  onClick,
}: {
  children: ReactNode;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      fw={700}
      disabled={disabled}
      c={disabled ? 'dimmed' : undefined}
      underline={disabled ? 'never' : 'hover'}
      style={disabled ? { cursor: 'not-allowed' } : undefined}
      onClick={onClick}
    >
      {children}
    </Anchor>
  );
}

/** Team-plan §2 panel footer: 'Last edited by {name} on {date}' (nothing when unknown). */
export function LastEdited({ name, date }: { name: string | null; date: string | null }) {
  const intl = useIntl();
  if (!name || !date) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="last-edited">
      <FormattedMessage
        id="organizationAdmin.billing.lastEdited"
        values={{ name, date: longDate(date, intl.locale) }}
      />
    </Text>
  );
}

/** A card as the billing overview shows it: the brand's icon (or name) and its masked digits. */
export function CardLabel({ brand, masked }: { brand: string | null; masked: string }) {
  const code = methodIconCodeOf(brand);
  const name = cardBrandName(brand);
  return (
    <Group gap="xs" wrap="nowrap">
      {code && <MethodIcon code={code} label={name} size={20} />}
      <Text size="sm" data-testid="card-label">
        {code ? masked : `${name} ${masked}`}
      </Text>
    </Group>
  );
}
