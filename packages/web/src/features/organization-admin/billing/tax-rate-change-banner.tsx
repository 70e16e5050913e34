import { formatMoney, money, type TaxRateChange } from '@lectern/domain';
import { Alert, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Team-plan §2 tax-rate-change banner, after a billing update changed the tax of the next
 * charge: the old and new rate, and the current and new totals (tax included; in tax-exclusive
 * countries also the price before tax plus the tax). Stays until dismissed.
 */
export function TaxRateChangeBanner({ change, onClose }: { change: TaxRateChange; onClose: () => void }) {
  const intl = useIntl();
  const price = (amount: number) => formatMoney(money(amount, change.currency), intl.locale);
  const exclusive = change.tax_breakdown_type === 'tax_exclusive';
  const total = (amount: number, tax: number) =>
    exclusive
      ? intl.formatMessage(
          { id: 'organizationAdmin.billing.taxChange.withBreakdown' },
          { total: price(amount), excluded: price(change.tax_excluded_amount), tax: price(tax) },
        )
      : price(amount);
  return (
    <Alert
      color="yellow"
      variant="light"
      title={intl.formatMessage({ id: 'organizationAdmin.billing.taxChange.title' })}
      withCloseButton
      closeButtonLabel={intl.formatMessage({ id: 'common.dismiss' })}
      onClose={onClose}
      data-testid="tax-rate-change"
    >
      <Stack gap={4}>
        <Text size="sm" data-testid="tax-rate-change-rates">
          <FormattedMessage
            id="organizationAdmin.billing.taxChange.rates"
            values={{ previous: change.previous_rate, next: change.new_rate }}
          />
        </Text>
        <Text size="sm" data-testid="tax-rate-change-current">
          <FormattedMessage
            id="organizationAdmin.billing.taxChange.currentTotal"
            values={{ total: total(change.previous_total, change.previous_tax) }}
          />
        </Text>
        <Text size="sm" data-testid="tax-rate-change-new">
          <FormattedMessage
            id="organizationAdmin.billing.taxChange.newTotal"
            values={{ total: total(change.new_total, change.new_tax) }}
          />
        </Text>
      </Stack>
    </Alert>
  );
}
