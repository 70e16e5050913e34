import {
  licenseBounds,
  teamPlanCeilingNote,
  type LicensePurchase,
  type PlanLicenseLimits,
} from '@lectern/domain';
import { Alert, Anchor, NativeSelect, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { salesLinkProps, useSalesLinks } from './subscription-links';

/** The picker's value: a count, or "more than the ceiling" (the Enterprise note instead of checkout). */
export type LicenseChoice = number | 'more';

/** The picker's first choice: the plan's default count, or 1 to add (team-plan §9). */
export function initialLicenseChoice(purchase: LicensePurchase, plan: PlanLicenseLimits, current: number) {
  const bounds = licenseBounds(purchase, plan, current);
  return bounds.upper < 1 ? 'more' : bounds.default;
}

/** Team-plan §2: the note above the ceiling, with the upsell to Enterprise. */
export function LicenseCeilingNote({ maximum }: { maximum: number }) {
  const sales = useSalesLinks();
  return (
    <Alert color="blue" variant="light" data-testid="license-ceiling">
      <Stack gap={4}>
        <Text fw={700}>{teamPlanCeilingNote(maximum)}</Text>
        <Text size="sm">
          <FormattedMessage id="subscriptions.licenses.enterprise" />{' '}
          <Anchor {...salesLinkProps(sales.enterprise_upgrade_url)}>
            <FormattedMessage id="subscriptions.licenses.upgrade" />
          </Anchor>
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * Team-plan §2 license picker: the counts from the lower to the upper bound and a final
 * "More than N licenses"; that one gives way to the ceiling note. An upsell picks the
 * licenses to add, up to the ceiling less the licenses held.
 */
export function LicensePicker({
  plan,
  purchase,
  current,
  value,
  onChange,
  disabled,
  error,
}: {
  plan: PlanLicenseLimits;
  purchase: LicensePurchase;
  current: number;
  value: LicenseChoice;
  onChange: (value: LicenseChoice) => void;
  disabled: boolean;
  error: string | null;
}) {
  const intl = useIntl();
  const bounds = licenseBounds(purchase, plan, current);
  if (bounds.upper < 1) return <LicenseCeilingNote maximum={plan.maximumLicenseCount} />;
  const counts = Array.from({ length: bounds.upper - bounds.lower + 1 }, (_, index) => bounds.lower + index);
  return (
    <Stack gap="xs">
      <NativeSelect
        label={intl.formatMessage({
          id: purchase === 'upsell' ? 'subscriptions.licenses.toAdd' : 'subscriptions.licenses.count',
        })}
        data-testid="license-picker"
        value={String(value)}
        disabled={disabled}
        error={error}
        onChange={(event) => {
          const raw = event.currentTarget.value;
          onChange(raw === 'more' ? 'more' : Number(raw));
        }}
        data={[
          ...counts.map((count) => ({ value: String(count), label: intl.formatNumber(count) })),
          {
            value: 'more',
            label: intl.formatMessage({ id: 'subscriptions.licenses.more' }, { count: bounds.upper }),
          },
        ]}
      />
      {value === 'more' && <LicenseCeilingNote maximum={plan.maximumLicenseCount} />}
    </Stack>
  );
}
