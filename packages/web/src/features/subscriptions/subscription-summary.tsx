import {
  INTERVAL_BILLING,
  INTERVAL_SUFFIX,
  formatMoney,
  money,
  type CurrencyCode,
  type SubscriptionCheckoutSummary,
} from '@lectern/domain';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { longDate } from './subscription-dates';

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: ReactNode;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * Team-plan §2 Summary panel: interval, price per license with its suffix, licenses ("Additional
 * user licenses" on a paid upsell), the subtotal in tax-exclusive countries (prorated for an
 * upsell), tax with its rate, "Total due on {trial end}" and "Total due today".
 */
export function SubscriptionSummary({
  summary,
  locale,
  upsell,
  licensed,
}: {
  summary: SubscriptionCheckoutSummary;
  locale: string;
  upsell: boolean;
  licensed: boolean;
}) {
  const price = (amount: number) => formatMoney(money(amount, summary.currency as CurrencyCode), locale);
  const interval = summary.renewal_interval.type;
  const exclusive = summary.tax_breakdown_type === 'tax_exclusive';
  const paidUpsell = upsell && summary.due_today.total > 0;
  const shown = paidUpsell || !summary.trial_end ? summary.due_today : summary.due_next;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="summary-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="summary-heading">
          Summary
        </Title>
        <Row label="Billing" value={INTERVAL_BILLING[interval]} />
        <Row
          label={licensed ? 'Price per user license' : 'Price'}
          value={`${price(summary.unit_price)} ${INTERVAL_SUFFIX[interval]}`}
        />
        {licensed && (
          <Row
            label={
              paidUpsell
                ? 'Additional user licenses'
                : upsell
                  ? 'Additional user licenses'
                  : 'Number of licenses'
            }
            value={String(upsell ? summary.added_licenses : summary.licenses)}
            testId="summary-licenses"
          />
        )}
        {exclusive && (
          <Row
            label={
              paidUpsell && summary.proration
                ? `Subtotal (prorated for ${summary.proration.remaining_days} of ${summary.proration.period_days} days)`
                : 'Subtotal'
            }
            value={price(shown.subtotal)}
            testId="summary-subtotal"
          />
        )}
        <Row label={`Tax (${summary.tax_rate}%)${exclusive ? '' : ' included'}`} value={price(shown.tax)} />
        <Divider />
        {summary.trial_end && (
          <Row
            label={`Total due on ${longDate(summary.trial_end, locale)}`}
            value={price(summary.due_next.total)}
            testId="summary-total-trial"
          />
        )}
        <Row
          label="Total due today"
          value={price(summary.due_today.total)}
          testId="summary-total-today"
          strong
        />
        <Text size="xs" c="dimmed">
          {summary.trial_end
            ? `Your free trial lasts until ${longDate(summary.trial_end, locale)}. Then ${price(summary.due_next.total)} is charged ${INTERVAL_SUFFIX[interval]} to the card you store, until you cancel. Cancel anytime before the trial ends and you pay nothing.`
            : `Renews automatically at ${price(summary.due_next.total)} ${INTERVAL_SUFFIX[interval]} on ${longDate(summary.next_charge_date, locale)} until you cancel. Refunds are not available except where required by law.`}
        </Text>
      </Stack>
    </Paper>
  );
}
