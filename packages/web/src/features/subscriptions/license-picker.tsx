import { licenseBounds, teamPlanCeilingNote, type PlanLicenseLimits } from '@lectern/domain';
import { Anchor, Alert, NativeSelect, Stack, Text } from '@mantine/core';

/** The picker's value: a count, or "more than the ceiling" (the Enterprise note instead of checkout). */
export type LicenseChoice = number | 'more';

/**
 * Team-plan §2 license picker: lower..upper and a final "More than N licenses"; above the cap
 * the checkout part gives way to the note 'Team Plan only allows for N total users.' and
 * Enterprise.
 */
export function LicensePicker({
  plan,
  purchase,
  current,
  value,
  onChange,
  disabled,
}: {
  plan: PlanLicenseLimits;
  purchase: 'new' | 'upsell' | 'resubscribe';
  current: number;
  value: LicenseChoice;
  onChange: (value: LicenseChoice) => void;
  disabled: boolean;
}) {
  const bounds = licenseBounds(purchase, plan, current);
  const counts = Array.from(
    { length: Math.max(0, bounds.upper - bounds.lower + 1) },
    (_, i) => bounds.lower + i,
  );
  const more = purchase === 'upsell' ? bounds.upper : plan.maximumLicenseCount;
  return (
    <Stack gap="xs">
      <NativeSelect
        label={purchase === 'upsell' ? 'Licenses to add' : 'Number of licenses'}
        data-testid="license-picker"
        value={String(value)}
        disabled={disabled}
        onChange={(event) => {
          const raw = event.currentTarget.value;
          onChange(raw === 'more' ? 'more' : Number(raw));
        }}
        data={[
          ...counts.map((count) => ({ value: String(count), label: String(count) })),
          { value: 'more', label: `More than ${more} licenses` },
        ]}
      />
      {value === 'more' && (
        <Alert color="blue" variant="light" data-testid="license-ceiling">
          <Text>{teamPlanCeilingNote(plan.maximumLicenseCount)}</Text>
          <Text size="sm">
            The Enterprise Plan gives your whole organization access, with admin tools and support.{' '}
            <Anchor
              href="https://business.example.com/request-demo/?ref=teamplan"
              target="_blank"
              rel="noreferrer"
            >
              Upgrade to enterprise
            </Anchor>
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
