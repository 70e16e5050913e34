import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { PlanPriceOption } from './subscription-api';
import { INTERVAL_NAMES } from './subscription-status';

/** The plan's billing intervals (team-plan §9: yearly first, and chosen by default). */
export function BillingIntervalChoice({
  options,
  value,
  onChange,
  disabled,
}: {
  options: readonly PlanPriceOption[];
  value: string;
  onChange: (optionId: string) => void;
  disabled: boolean;
}) {
  const intl = useIntl();
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text component="span" fw={500} size="sm" id={labelId}>
        {intl.formatMessage({ id: 'subscriptions.interval.label' })}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data-testid="billing-interval"
        value={value}
        disabled={disabled}
        onChange={onChange}
        data={options.map((option) => ({
          value: option.id,
          label: intl.formatMessage({ id: INTERVAL_NAMES[option.renewalInterval.type] }),
        }))}
      />
    </Stack>
  );
}
