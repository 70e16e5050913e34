import {
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_REFUND_VIEW_LABELS,
  ADMIN_REFUND_VIEWS,
  type AdminRefundRow,
} from '@lectern/domain';
import { Alert, Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { AdminPager, useAdminListParams } from '../admin-shell/admin-list-controls';
import { RefundStatusBadge } from './admin-order-badges';
import { adminOrderPath, adminRefundsQuery, retryRefund } from './admin-orders-api';

const VIEW_OPTIONS = ADMIN_REFUND_VIEWS.map((view) => ({
  value: view,
  label: ADMIN_REFUND_VIEW_LABELS[view],
}));
const AGE_OPTIONS = [
  { value: 'any', label: 'Any age' },
  { value: '15', label: 'Older than 15 minutes' },
  { value: '60', label: 'Older than 1 hour' },
  { value: '1440', label: 'Older than 1 day' },
];

/**
 * `/admin/refunds/`: refunds that need staff — failed at the provider, or pending with their
 * automatic retries run out — and every other refund by state, with Retry where it helps.
 */
export function AdminRefundsPage() {
  return (
    <AdminLayout
      title="Refunds"
      subtitle="A failed refund gave the buyer the course back; a stuck one is still pending after its automatic retries ran out. Retry sends either to the payment provider again."
    >
      <RefundsList />
    </AdminLayout>
  );
}

function RefundsList() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const list = useAdminListParams();
  const mayRetry = useStaffMay('orders.refund');
  const refunds = useQuery({ ...adminRefundsQuery(api, list.search), placeholderData: keepPreviousData });
  const [result, setResult] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  // One retry at a time: a second click before the pending state renders sends nothing.
  const retrying = useRef(false);
  const retry = useMutation({
    mutationFn: (refundId: number) => retryRefund(api, refundId),
    onMutate: () => setResult(null),
    onSuccess: ({ refund }) =>
      setResult(
        refund.status === 'refunded'
          ? { tone: 'green', text: `Refund #${refund.id} is done: ${adminMoney(refund.amount)} went back.` }
          : refund.status === 'failed'
            ? {
                tone: 'red',
                text: `The payment provider refused refund #${refund.id} again: ${refund.failure_message ?? refund.failure_code ?? 'no reason given'}.`,
              }
            : {
                tone: 'green',
                text: `Refund #${refund.id} was sent again; the provider is still processing it.`,
              },
      ),
    onError: (failure) =>
      setResult({
        tone: 'red',
        text: isApiError(failure) ? failure.detail : 'The refund could not be retried.',
      }),
    onSettled: () => {
      retrying.current = false;
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const retryOnce = (refundId: number) => {
    if (retrying.current) return;
    retrying.current = true;
    retry.mutate(refundId);
  };
  const view = list.get('status') || 'attention';

  return (
    <Stack gap="md">
      <RefundFilters key={list.search.toString()} list={list} view={view} />
      {result && (
        <Alert
          color={result.tone}
          variant="light"
          role={result.tone === 'red' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setResult(null)}
        >
          {result.text}
        </Alert>
      )}
      {refunds.isPending ? (
        <PageLoader label="Loading refunds" />
      ) : refunds.isError ? (
        <LoadErrorAlert message="The refunds could not be loaded." onRetry={() => void refunds.refetch()} />
      ) : refunds.data.results.length === 0 ? (
        <Text data-testid="admin-refunds-empty">
          {view === 'attention' ? 'No refund needs attention.' : 'No refunds match these filters.'}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={960}>
            <Table striped verticalSpacing="sm" data-testid="admin-refunds-table">
              <Table.Caption>
                {ADMIN_REFUND_VIEW_LABELS[view as keyof typeof ADMIN_REFUND_VIEW_LABELS] ?? 'Refunds'}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Refund</Table.Th>
                  <Table.Th scope="col">Order</Table.Th>
                  <Table.Th scope="col">Course</Table.Th>
                  <Table.Th scope="col">Buyer</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Amount
                  </Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Requested</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {refunds.data.results.map((row) => (
                  <RefundRow
                    key={row.id}
                    row={row}
                    mayRetry={mayRetry}
                    busy={retry.isPending}
                    retrying={retry.isPending && retry.variables === row.id}
                    onRetry={() => retryOnce(row.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <AdminPager
            page={refunds.data.page}
            pageSize={refunds.data.page_size || ADMIN_PAGE_SIZE_DEFAULT}
            count={refunds.data.count}
            loading={refunds.isPlaceholderData}
          />
        </>
      )}
    </Stack>
  );
}

function RefundFilters({ list, view }: { list: ReturnType<typeof useAdminListParams>; view: string }) {
  const [q, setQ] = useState(list.get('q'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.update({ q: q.trim() });
  };
  return (
    <Group
      align="flex-end"
      gap="sm"
      wrap="wrap"
      component="form"
      role="search"
      aria-label="Search refunds"
      onSubmit={submit}
    >
      <Select
        label="Show"
        data={VIEW_OPTIONS}
        value={view}
        onChange={(value) => list.update({ status: value === 'attention' ? null : value })}
        allowDeselect={false}
      />
      {(view === 'pending' || view === 'all') && (
        <Select
          label="Pending for"
          data={AGE_OPTIONS}
          value={list.get('older_than_minutes') || 'any'}
          onChange={(value) => list.update({ older_than_minutes: value === 'any' ? null : value })}
          allowDeselect={false}
        />
      )}
      <TextInput
        label="Order number or e-mail"
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        maxLength={200}
        style={{ flex: '1 1 14rem' }}
      />
      <Button type="submit">Search</Button>
    </Group>
  );
}

function RefundRow({
  row,
  mayRetry,
  busy,
  retrying,
  onRetry,
}: {
  row: AdminRefundRow;
  mayRetry: boolean;
  busy: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const retryable = row.status === 'failed' || row.stuck;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400}>
        #{row.id}
        {row.retries > 0 && (
          <Text size="xs" c="dimmed">
            Retried {row.retries}×
          </Text>
        )}
      </Table.Th>
      <Table.Td>
        <Anchor component={Link} to={adminOrderPath(row.order_id)}>
          #{row.order_id}
        </Anchor>
      </Table.Td>
      <Table.Td>{row.course.title}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.buyer.email}</Table.Td>
      <Table.Td ta="right">{adminMoney(row.amount)}</Table.Td>
      <Table.Td>
        <RefundStatusBadge refund={row} />
        {row.failure_message && (
          <Text size="xs" c="red">
            {row.failure_code}: {row.failure_message}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {row.staff ? `By ${row.staff.email}` : 'Asked by the buyer'}
        </Text>
      </Table.Td>
      <Table.Td>{adminDateTime(row.requested_at)}</Table.Td>
      <Table.Td>
        {mayRetry && retryable ? (
          <Button
            size="xs"
            variant="light"
            loading={retrying}
            disabled={busy}
            onClick={onRetry}
            aria-label={`Retry refund #${row.id}`}
          >
            Retry
          </Button>
        ) : (
          '—'
        )}
      </Table.Td>
    </Table.Tr>
  );
}
