import {
  INTERVAL_BILLING,
  INTERVAL_SUFFIX,
  PAGE_ROUTES,
  formatMoney,
  money,
  type SubscriptionCheckoutSummary,
} from '@lectern/domain';
import { Anchor, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useBrandName } from '../../app/user-context/use-user-context';
import { longDate } from './subscription-dates';

function Row({
  label,
  value,
  testId,
  strong = false,
}: {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400} data-testid={testId} ta="right">
        {value}
      </Text>
    </Group>
  );
}

export interface SubscriptionSummaryProps {
  summary: SubscriptionCheckoutSummary;
  /** Licenses are bought (Team Plan): the price is per user license and the count is shown. */
  licensed: boolean;
  upsell: boolean;
}

/**
 * Team-plan §2 Summary panel: billing interval, price per user license with its suffix, the
 * licenses ('Additional user licenses' on a paid upsell), the subtotal in tax-exclusive
 * countries (prorated on a paid upsell), tax with its rate, 'Total due on {trial end}' while a
 * trial applies, 'Total due today', and the terms.
 */
export function SubscriptionSummary({ summary, licensed, upsell }: SubscriptionSummaryProps) {
  const intl = useIntl();
  const brand = useBrandName();
  const headingId = useId();
  const price = (amount: number) => formatMoney(money(amount, summary.currency), intl.locale);
  const interval = summary.renewal_interval.type;
  const trialEnd = summary.trial_end ? longDate(summary.trial_end, intl.locale) : null;
  const paidUpsell = upsell && !trialEnd;
  // While a trial applies nothing is due today: the rows show what the trial's end charges.
  const shown = trialEnd ? summary.due_next : summary.due_today;
  const exclusive = summary.tax_breakdown_type === 'tax_exclusive';
  const rate = String(summary.tax_rate);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          <FormattedMessage id="subscriptions.summary.heading" />
        </Title>
        <Row
          label={<FormattedMessage id="subscriptions.summary.billing" />}
          value={INTERVAL_BILLING[interval]}
        />
        <Row
          label={
            <FormattedMessage
              id={licensed ? 'subscriptions.summary.pricePerLicense' : 'subscriptions.summary.price'}
            />
          }
          value={`${price(summary.unit_price)} ${INTERVAL_SUFFIX[interval]}`}
        />
        {licensed && (
          <Row
            label={
              <FormattedMessage
                id={
                  paidUpsell ? 'subscriptions.summary.additionalLicenses' : 'subscriptions.summary.licenses'
                }
              />
            }
            value={intl.formatNumber(paidUpsell ? summary.added_licenses : summary.licenses)}
            testId="summary-licenses"
          />
        )}
        {exclusive && (
          <Row
            label={
              paidUpsell && summary.proration ? (
                <FormattedMessage
                  id="subscriptions.summary.subtotalProrated"
                  values={{
                    remaining: summary.proration.remaining_days,
                    period: summary.proration.period_days,
                  }}
                />
              ) : (
                <FormattedMessage id="subscriptions.summary.subtotal" />
              )
            }
            value={price(shown.subtotal)}
            testId="summary-subtotal"
          />
        )}
        <Row
          label={
            <FormattedMessage
              id={exclusive ? 'subscriptions.summary.tax' : 'subscriptions.summary.taxIncluded'}
              values={{ rate }}
            />
          }
          value={price(shown.tax)}
          testId="summary-tax"
        />
        <Divider />
        {trialEnd && (
          <Row
            label={<FormattedMessage id="subscriptions.summary.totalOn" values={{ date: trialEnd }} />}
            value={price(summary.due_next.total)}
            testId="summary-total-trial"
          />
        )}
        <Row
          label={<FormattedMessage id="subscriptions.summary.totalToday" />}
          value={price(summary.due_today.total)}
          testId="summary-total-today"
          strong
        />
        <Text size="xs" c="dimmed">
          {trialEnd ? (
            <FormattedMessage
              id="subscriptions.summary.termsTrial"
              values={{
                date: trialEnd,
                amount: price(summary.due_next.total),
                interval: INTERVAL_SUFFIX[interval],
              }}
            />
          ) : (
            <FormattedMessage
              id="subscriptions.summary.termsPaid"
              values={{
                date: longDate(summary.next_charge_date, intl.locale),
                amount: price(summary.due_next.total),
                interval: INTERVAL_SUFFIX[interval],
              }}
            />
          )}
        </Text>
        {licensed && (
          // The business edition's terms (/terms/ub/), in a new tab so the checkout keeps its form.
          <Text size="xs" c="dimmed" data-testid="summary-business-terms">
            <FormattedMessage
              id="subscriptions.summary.businessTerms"
              values={{
                brand,
                link: (chunks: ReactNode) => (
                  <Anchor
                    href={PAGE_ROUTES.businessTerms}
                    target="_blank"
                    rel="noopener"
                    inherit
                    underline="always"
                  >
                    {chunks}
                  </Anchor>
                ),
              }}
            />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
