import { BILLING_COUNTRIES, secondaryLocationFieldOf } from '@lectern/domain';
import { Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { useBillingInformation, type BillingInformation } from './billing-api';
import { BillingPanel, LastEdited, LinkButton, PanelSkeleton } from './billing-panel';

/** A country's name from the billing select's table (its code when it is not there). */
function countryName(code: string): string {
  return BILLING_COUNTRIES.find((country) => country.id === code)?.title ?? code;
}

/** The secondary location as read: a province, state or emirate by its name; a ZIP as it is. */
function secondaryLocationName(country: string, location: string): string {
  const field = secondaryLocationFieldOf(country);
  if (field?.kind !== 'select') return location;
  return field.options.find((option) => option.id === location)?.title ?? location;
}

/** 'Ontario, Canada', '97201, United States', or the country alone. */
export function locationLine(
  info: Pick<BillingInformation, 'country' | 'secondary_location'>,
): string | null {
  if (!info.country) return null;
  const country = countryName(info.country);
  return info.secondary_location
    ? `${secondaryLocationName(info.country, info.secondary_location)}, ${country}`
    : country;
}

function Address({ info }: { info: BillingInformation }) {
  const location = locationLine(info);
  if (!info.customer_name && !info.address_line1 && !location) {
    return (
      <Text data-testid="billing-information-empty">
        <FormattedMessage id="organizationAdmin.billing.info.empty" />
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="billing-information-address">
      {info.customer_name && <Text fw={700}>{info.customer_name}</Text>}
      {info.address_line1 && <Text>{info.address_line1}</Text>}
      {info.address_line2 && <Text>{info.address_line2}</Text>}
      {location && <Text>{location}</Text>}
      {info.tax_number && (
        <Text>
          <FormattedMessage
            id="organizationAdmin.billing.info.taxNumber"
            values={{ taxNumber: info.tax_number }}
          />
        </Text>
      )}
    </Stack>
  );
}

/**
 * Team-plan §2 billing overview, panel 1: the organization's billing information with its
 * 'Edit billing information' link (disabled until loaded, or when the plan is expired) and who
 * edited it last; skeletons while loading, the §8 banner with 'Try again' when loading failed.
 */
export function BillingInformationPanel({
  organizationId,
  expired,
  onEdit,
}: {
  organizationId: number;
  expired: boolean;
  onEdit: () => void;
}) {
  const query = useBillingInformation(organizationId);
  return (
    <BillingPanel
      id="billing-information"
      title="organizationAdmin.billing.info.title"
      action={
        <LinkButton disabled={!query.isSuccess || expired} onClick={onEdit}>
          <FormattedMessage id="organizationAdmin.billing.info.edit" />
        </LinkButton>
      }
      footer={query.data && <LastEdited name={query.data.created_by} date={query.data.created} />}
    >
      {query.isPending ? (
        <PanelSkeleton label="organizationAdmin.billing.info.loading" lines={4} />
      ) : query.isError ? (
        <LoadErrorAlert
          message={<FormattedMessage id="organizationAdmin.billing.info.error" />}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Address info={query.data} />
      )}
    </BillingPanel>
  );
}
