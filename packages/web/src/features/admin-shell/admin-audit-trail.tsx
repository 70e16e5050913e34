import { STAFF_ROLE_LABELS, type AdminAuditEvent, type AdminPage } from '@lectern/domain';
import { Badge, Box, Button, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useApiClient, type ApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminDateTime } from './admin-format';

export const AUDIT_EVENTS_API_PATH = '/admin/audit-events/';

/** `GET /api-2.0/admin/audit-events/` with these parameters (search, filters, sort, page). */
export function auditEventsQuery(api: ApiClient, params: Record<string, string | number>) {
  return queryOptions({
    queryKey: ['admin', 'audit-events', params],
    queryFn: ({ signal }) => api.get<AdminPage<AdminAuditEvent>>(AUDIT_EVENTS_API_PATH, { params, signal }),
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value, null, 1);

/**
 * An audit entry's object before and after the change, field by field in two columns; the
 * fields that changed are marked. Values that are not objects are one field, "value".
 */
export function AuditBeforeAfter({ before, after }: { before: unknown; after: unknown }) {
  const bothRecords = (isRecord(before) || before === null) && (isRecord(after) || after === null);
  const rows: { field: string; before: unknown; after: unknown }[] = bothRecords
    ? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].map((field) => ({
        field,
        before: before === null ? undefined : (before as Record<string, unknown>)[field],
        after: after === null ? undefined : (after as Record<string, unknown>)[field],
      }))
    : [{ field: 'value', before, after }];
  if (rows.length === 0) return <Text size="sm">Nothing was recorded before or after this change.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={4} withColumnBorders fz="sm" data-testid="audit-before-after">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Before</Table.Th>
            <Table.Th scope="col">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const changed = JSON.stringify(row.before) !== JSON.stringify(row.after);
            return (
              <Table.Tr key={row.field} bg={changed ? 'var(--mantine-color-yellow-light)' : undefined}>
                <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                  {row.field}
                  {changed && <VisuallyHidden> (changed)</VisuallyHidden>}
                </Table.Th>
                <Table.Td>
                  <Code block style={{ whiteSpace: 'pre-wrap', background: 'transparent' }}>
                    {shown(row.before)}
                  </Code>
                </Table.Td>
                <Table.Td>
                  <Code block style={{ whiteSpace: 'pre-wrap', background: 'transparent' }}>
                    {shown(row.after)}
                  </Code>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Who made an audited change: their e-mail as it was, and their role then. */
export function AuditActor({ actor }: { actor: AdminAuditEvent['actor'] }) {
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {actor.email}
      </Text>
      {actor.role && (
        <Text size="xs" c="dimmed">
          {STAFF_ROLE_LABELS[actor.role]}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Rows of audit entries, each expandable to its reason and its before and after. `showObject`
 * adds the object column (the whole log; one object's trail does not need it).
 */
export function AuditEventsTable({
  events,
  showObject,
  caption,
}: {
  events: AdminAuditEvent[];
  showObject: boolean;
  caption: string;
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const columns = showObject ? 5 : 4;
  return (
    <Table.ScrollContainer minWidth={showObject ? 820 : 640}>
      <Table verticalSpacing="xs" data-testid="audit-events-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            {showObject && <Table.Th scope="col">Object</Table.Th>}
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => {
            const expanded = open.has(event.id);
            const detailsId = `audit-event-${event.id}-details`;
            return (
              <Fragment key={event.id}>
                <Table.Tr>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDateTime(event.created)}</Table.Td>
                  <Table.Td>
                    <AuditActor actor={event.actor} />
                  </Table.Td>
                  {showObject && (
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {event.object_type} #{event.object_id}
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm">{event.summary}</Text>
                    <Group gap={6} mt={2}>
                      <Badge variant="light" color="gray" size="sm" tt="none">
                        {event.action}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="xs"
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      aria-label={`${expanded ? 'Hide' : 'Show'} the details of: ${event.summary}`}
                      onClick={() => toggle(event.id)}
                    >
                      {expanded ? 'Hide' : 'Details'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={detailsId}>
                    <Table.Td colSpan={columns}>
                      <Stack gap="xs" py={4}>
                        <Text size="sm">
                          <strong>Reason:</strong> {event.reason ?? 'none given'}
                        </Text>
                        <AuditBeforeAfter before={event.before} after={event.after} />
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const TRAIL_PAGE_SIZE = 20;

/**
 * One object's audit trail (issue 32): who changed it, when, why, before and after, newest
 * first, from the back office's audit log. Any admin page embeds it:
 * `<AdminAuditTrail objectType="course" objectId={course.id} />`.
 */
export function AdminAuditTrail({ objectType, objectId }: { objectType: string; objectId: number | string }) {
  const api = useApiClient();
  const [page, setPage] = useState(1);
  const events = useQuery({
    ...auditEventsQuery(api, {
      object_type: objectType,
      object_id: String(objectId),
      page,
      page_size: TRAIL_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  if (events.isPending) return <PageLoader label="Loading the audit trail" />;
  if (events.isError) {
    return (
      <LoadErrorAlert message="The audit trail could not be loaded." onRetry={() => void events.refetch()} />
    );
  }
  const { count, results } = events.data;
  if (count === 0) return <Text c="dimmed">No changes recorded yet.</Text>;
  const pages = Math.max(1, Math.ceil(count / TRAIL_PAGE_SIZE));
  return (
    <Box data-testid="admin-audit-trail">
      <Stack gap="sm">
        <AuditEventsTable events={results} showObject={false} caption="Changes, newest first" />
        {pages > 1 && (
          <Group gap="xs" justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              Page {page} of {pages}
              {events.isPlaceholderData ? ' (loading…)' : ''}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer changes
              </Button>
              <Button variant="default" size="xs" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Older changes
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Box>
  );
}
