import { ADMIN_PAGE_SIZE_DEFAULT } from '@lectern/domain';
import { Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { AdminPager, useAdminListParams } from '../admin-shell/admin-list-controls';
import { staffQuery } from './admin-staff-api';
import { StaffFilters } from './staff-filters';
import { StaffTable } from './staff-table';

/** The staff members, searched, filtered, sorted and paged by the server from the URL. */
export function StaffMembers({ onChanged }: { onChanged: (text: string) => void }) {
  const api = useApiClient();
  const list = useAdminListParams();
  const params = Object.fromEntries([...list.search].filter(([, value]) => value !== ''));
  const members = useQuery({ ...staffQuery(api, params), placeholderData: keepPreviousData });
  return (
    <Stack gap="sm">
      <StaffFilters key={list.search.toString()} list={list} />
      {members.isPending ? (
        <PageLoader label="Loading the staff" />
      ) : members.isError ? (
        <LoadErrorAlert message="The staff could not be loaded." onRetry={() => void members.refetch()} />
      ) : members.data.results.length === 0 ? (
        <Text>Nobody on the staff matches this search.</Text>
      ) : (
        <>
          <StaffTable rows={members.data.results} onChanged={onChanged} />
          <AdminPager
            page={members.data.page}
            pageSize={members.data.page_size || ADMIN_PAGE_SIZE_DEFAULT}
            count={members.data.count}
            loading={members.isPlaceholderData}
          />
        </>
      )}
    </Stack>
  );
}
