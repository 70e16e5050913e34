import type { ApiPrice, OrderSummary as OrderSummaryData } from '@lectern/domain';
import { Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import classes from './checkout.module.css';

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: ReactNode;
  value: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : undefined} size={strong ? 'lg' : 'sm'}>
        {label}
      </Text>
      <Text fw={strong ? 700 : undefined} size={strong ? 'lg' : 'sm'} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

const minus = (price: ApiPrice) => `−${price.price_string}`;

/**
 * Checkout §2 order summary, exactly as the server priced it: original price, discounts,
 * subtotal (only tax-exclusive or with credit), tax with its percentage (a loader while tax
 * loads; unknown while the billing address is incomplete), credits used and the total.
 */
export function OrderSummary({
  summary,
  taxLoading,
  taxKnown,
  taxExclusive,
}: {
  summary: OrderSummaryData;
  taxLoading: boolean;
  /** False when the tax context is reset: tax (and a tax-exclusive total) are not known yet. */
  taxKnown: boolean;
  /** Tax comes on top of the price (US, CA), so the total waits for it. */
  taxExclusive: boolean;
}) {
  const intl = useIntl();
  const pending = intl.formatMessage({ id: 'checkout.summary.taxPending' });
  const taxValue = taxLoading ? (
    <Loader size="xs" aria-label={intl.formatMessage({ id: 'checkout.summary.taxLoading' })} />
  ) : taxKnown ? (
    summary.tax.price_string
  ) : (
    pending
  );
  const totalKnown = taxKnown || !taxExclusive;
  return (
    <Stack gap="xs" component="section" aria-labelledby="summary-heading">
      <Title order={2} size="h4" id="summary-heading">
        <FormattedMessage id="checkout.summary.heading" />
      </Title>
      <Row
        label={<FormattedMessage id="checkout.summary.original" />}
        value={summary.original_price.price_string}
        testId="summary-original"
      />
      {summary.discount.amount > 0 && (
        <Row
          label={
            <FormattedMessage
              id="checkout.summary.discounts"
              values={{ percent: summary.discount_percent }}
            />
          }
          value={<span className={classes.saving}>{minus(summary.discount)}</span>}
          testId="summary-discount"
        />
      )}
      {summary.subtotal && (
        <Row
          label={<FormattedMessage id="checkout.summary.subtotal" />}
          value={summary.subtotal.price_string}
          testId="summary-subtotal"
        />
      )}
      {taxKnown && !taxLoading && summary.tax_lines.length > 1 ? (
        // Taxes the law wants apart (Canada's GST and QST): one row each.
        summary.tax_lines.map((line) => (
          <Row
            key={`${line.jurisdiction}:${line.name}`}
            label={
              <FormattedMessage
                id="checkout.summary.taxLine"
                values={{ name: line.name, rate: intl.formatNumber(line.rate, { maximumFractionDigits: 3 }) }}
              />
            }
            value={line.amount.price_string}
            testId="summary-tax-line"
          />
        ))
      ) : (
        <Row
          label={
            <FormattedMessage
              id="checkout.summary.tax"
              values={{
                rate: intl.formatNumber(taxKnown ? summary.tax_rate : 0, { maximumFractionDigits: 3 }),
              }}
            />
          }
          value={taxValue}
          testId="summary-tax"
        />
      )}
      {taxKnown && summary.tax_note && (
        <Text size="xs" className={classes.muted} data-testid="summary-tax-note">
          {summary.tax_note}
        </Text>
      )}
      {summary.credit_used.amount > 0 && (
        <Row
          label={<FormattedMessage id="checkout.summary.credit" />}
          value={minus(summary.credit_used)}
          testId="summary-credit"
        />
      )}
      <Divider />
      <Row
        strong
        label={<FormattedMessage id="checkout.summary.total" />}
        value={totalKnown ? summary.total.price_string : pending}
        testId="summary-total"
      />
      <Text size="xs" className={classes.muted}>
        <FormattedMessage id="checkout.summary.detail" values={{ count: summary.lines.length }} />
      </Text>
      <ul className={classes.lines} data-testid="checkout-items">
        {summary.lines.map((line) => (
          <li key={`${line.buyable.buyable_object_type}:${line.buyable.id}`}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0}>
                <Text size="sm">{line.title}</Text>
                {line.discount_code && (
                  <Text size="xs" className={classes.muted}>
                    <FormattedMessage
                      id="checkout.discount"
                      values={{ code: line.discount_code, b: (chunks) => <strong>{chunks}</strong> }}
                    />
                  </Text>
                )}
              </Stack>
              <Text size="sm">{line.price.price_string}</Text>
            </Group>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
