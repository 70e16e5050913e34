import { SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { salesLinkProps, useSalesLinks } from './subscription-links';

/**
 * Team-plan §2 region-restriction banner: not dismissible; its title says whether a new plan
 * or more licenses cannot be bought online here, and 'Request a demo' opens sales in a new tab.
 */
export function RegionRestrictionBanner({ brand, licenses }: { brand: string; licenses: boolean }) {
  const sales = useSalesLinks();
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      data-testid="region-restriction"
      title={
        licenses
          ? SUBSCRIPTION_MESSAGES.regionRestrictedLicenses
          : SUBSCRIPTION_MESSAGES.regionRestrictedNew(brand)
      }
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{SUBSCRIPTION_MESSAGES.regionRestrictedBody}</Text>
        <Anchor {...salesLinkProps(sales.request_demo_url)}>{SUBSCRIPTION_MESSAGES.requestDemo}</Anchor>
      </Stack>
    </Alert>
  );
}
