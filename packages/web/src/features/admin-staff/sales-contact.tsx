import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { useStaffMay } from '../admin-shell/admin-layout';
import { backOfficeSettingsQuery } from './admin-staff-api';
import { SALES_CONTACT_FIELDS } from './sales-contact-fields';
import { SalesContactForm } from './sales-contact-form';

/** The sales links (issue 34): a list for most of the staff, the form for owners. */
export function SalesContact({ onChanged }: { onChanged: (text: string) => void }) {
  const api = useApiClient();
  const settings = useQuery(backOfficeSettingsQuery(api));
  const mayManage = useStaffMay('staff.manage');
  if (settings.isPending) return <PageLoader label="Loading the sales links" />;
  if (settings.isError) {
    return (
      <LoadErrorAlert
        message="The sales links could not be loaded."
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const { sales_contact: values, sales_contact_defaults: defaults } = settings.data;
  if (!mayManage) {
    return (
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {SALES_CONTACT_FIELDS.map((field) => (
          <li key={field.name}>
            <Text size="sm">
              {field.label}: {values[field.name] ?? `${defaults[field.name]} (default)`}
            </Text>
          </li>
        ))}
      </Stack>
    );
  }
  // A save answers new values: the form starts again from them.
  return <SalesContactForm key={JSON.stringify(values)} settings={settings.data} onChanged={onChanged} />;
}
