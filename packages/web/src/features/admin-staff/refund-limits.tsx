import { money } from '@lectern/domain';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminMoney } from '../admin-shell/admin-format';
import { useStaffMay } from '../admin-shell/admin-layout';
import { backOfficeSettingsQuery } from './admin-staff-api';
import { limitRowsOf } from './refund-limit-rows';
import { RefundLimitsForm } from './refund-limits-form';

/** The support refund limits: a list for most of the staff, the form for owners. */
export function RefundLimits({ onChanged }: { onChanged: (text: string) => void }) {
  const api = useApiClient();
  const settings = useQuery(backOfficeSettingsQuery(api));
  const mayManage = useStaffMay('staff.manage');
  if (settings.isPending) return <PageLoader label="Loading the limits" />;
  if (settings.isError) {
    return (
      <LoadErrorAlert message="The limits could not be loaded." onRetry={() => void settings.refetch()} />
    );
  }
  if (!mayManage) {
    const rows = limitRowsOf(settings.data);
    if (rows.length === 0) return <Text>No limit is set: Support cannot refund.</Text>;
    return (
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => (
          <li key={row.currency}>
            <Text size="sm">
              {row.currency}:{' '}
              {adminMoney(money(settings.data.support_refund_limits[row.currency] ?? 0, row.currency))}
            </Text>
          </li>
        ))}
      </Stack>
    );
  }
  return <RefundLimitsForm key={settings.data.updated} settings={settings.data} onChanged={onChanged} />;
}
