import type { AdminAuditEvent, AdminPage } from '@lectern/domain';
import { Button, Code, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminDateTime } from '../admin-orders/admin-format';

/**
 * One object's audit trail (who changed what, when, before and after), newest first, from the
 * back office's audit log (`GET /api-2.0/admin/audit-events/?object_type=&object_id=`).
 */
export function ObjectHistory({ objectType, objectId }: { objectType: string; objectId: number | string }) {
  const api = useApiClient();
  const [page, setPage] = useState(1);
  const events = useQuery({
    queryKey: ['admin', 'audit', objectType, String(objectId), page],
    queryFn: ({ signal }) =>
      api.get<AdminPage<AdminAuditEvent>>('/admin/audit-events/', {
        params: { object_type: objectType, object_id: String(objectId), page, page_size: 20 },
        signal,
      }),
  });
  if (events.isPending) return <PageLoader label="Loading the history" />;
  if (events.isError)
    return (
      <LoadErrorAlert message="The history could not be loaded." onRetry={() => void events.refetch()} />
    );
  if (events.data.results.length === 0) return <Text c="dimmed">No changes recorded yet.</Text>;
  const more = page * events.data.page_size < events.data.count;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" striped>
          <Table.Caption>Changes, newest first</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Who</Table.Th>
              <Table.Th scope="col">What</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.data.results.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDateTime(event.created)}</Table.Td>
                <Table.Td>{event.actor.email}</Table.Td>
                <Table.Td>
                  <Text size="sm">{event.summary}</Text>
                  {event.reason && (
                    <Text size="xs" c="dimmed">
                      Reason: {event.reason}
                    </Text>
                  )}
                  {(event.before !== null || event.after !== null) && (
                    <details>
                      <summary>
                        <Text span size="xs">
                          Before and after
                        </Text>
                      </summary>
                      <Code block>
                        {JSON.stringify({ before: event.before, after: event.after }, null, 2)}
                      </Code>
                    </details>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack align="flex-start">
        {page > 1 && (
          <Button variant="default" size="xs" onClick={() => setPage(page - 1)}>
            Newer changes
          </Button>
        )}
        {more && (
          <Button variant="default" size="xs" onClick={() => setPage(page + 1)}>
            Older changes
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
