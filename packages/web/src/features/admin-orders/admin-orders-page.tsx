import {
  ADMIN_ORDER_METHODS,
  ADMIN_ORDER_STATUS_LABELS,
  ADMIN_ORDER_STATUSES,
  type AdminOrderRow,
} from '@lectern/domain';
import { Anchor, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { AdminLayout } from '../admin-shell/admin-layout';
import { adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { AdminListResults, AdminMoreFilters, useAdminListParams } from '../admin-shell/admin-list-controls';
import { OrderStatusBadge } from './admin-order-badges';
import { adminOrderPath, adminOrdersQuery } from './admin-orders-api';

/** The "any" choice of a filter (no value in the URL). */
const ANY = 'any';
const anyOrValue = (value: string | null) => (value === ANY ? null : value);

const SORTS = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: '-total', label: 'Highest total' },
  { value: 'total', label: 'Lowest total' },
];
const STATUS_OPTIONS = [
  { value: ANY, label: 'Any status' },
  ...ADMIN_ORDER_STATUSES.map((status) => ({ value: status, label: ADMIN_ORDER_STATUS_LABELS[status] })),
];
const METHOD_OPTIONS = [{ value: ANY, label: 'Any method' }, ...ADMIN_ORDER_METHODS];

/**
 * `/admin/orders/`: every order, searched by order number, e-mail, card last 4 or provider
 * payment id, filtered by status, method, country, dates and code, sorted and paged by the
 * server; the whole view lives in the URL.
 */
export function AdminOrdersPage() {
  return (
    <AdminLayout
      title="Orders"
      subtitle="Find an order by its number, the buyer’s e-mail, a card’s last 4 digits or the provider’s payment id."
    >
      <OrdersList />
    </AdminLayout>
  );
}

function OrdersList() {
  const api = useApiClient();
  const list = useAdminListParams();
  const orders = useQuery({ ...adminOrdersQuery(api, list.search), placeholderData: keepPreviousData });
  return (
    <Stack gap="md">
      <OrderFilters key={list.search.toString()} list={list} />
      <AdminListResults query={orders} what="orders">
        {(rows) => <OrdersTable rows={rows} />}
      </AdminListResults>
    </Stack>
  );
}

/** The search and the filters typed in (applied together), and the choices applied at once. */
function OrderFilters({ list }: { list: ReturnType<typeof useAdminListParams> }) {
  const [typed, setTyped] = useState({
    q: list.get('q'),
    country: list.get('country'),
    code: list.get('code'),
    from: list.get('from'),
    to: list.get('to'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.update({
      q: typed.q.trim(),
      country: typed.country.trim().toUpperCase(),
      code: typed.code.trim().toUpperCase(),
      from: typed.from,
      to: typed.to,
    });
  };
  const field = (key: keyof typeof typed) => ({
    value: typed[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setTyped((current) => ({ ...current, [key]: value }));
    },
  });
  const filtered = ['q', 'status', 'method', 'country', 'code', 'from', 'to', 'sort'].some((key) =>
    list.get(key),
  );
  return (
    <Stack gap="sm" component="form" role="search" aria-label="Search orders" onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="#1042, ana@example.com, 4242, pi_…"
          style={{ flex: '1 1 16rem' }}
          maxLength={200}
          {...field('q')}
        />
        <Button type="submit">Search</Button>
        {filtered && (
          <Button
            variant="subtle"
            onClick={() =>
              list.update({
                q: null,
                status: null,
                method: null,
                country: null,
                code: null,
                from: null,
                to: null,
                sort: null,
              })
            }
          >
            Clear all
          </Button>
        )}
      </Group>
      <AdminMoreFilters>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={list.get('status') || ANY}
            onChange={(value) => list.update({ status: anyOrValue(value) })}
            allowDeselect={false}
          />
          <Select
            label="Payment method"
            data={METHOD_OPTIONS}
            value={list.get('method') || ANY}
            onChange={(value) => list.update({ method: anyOrValue(value) })}
            allowDeselect={false}
          />
          <Select
            label="Sort by"
            data={SORTS}
            value={list.get('sort') || '-created'}
            onChange={(value) => list.update({ sort: value === '-created' ? null : value })}
            allowDeselect={false}
          />
          <TextInput label="Country" description="Two letters, e.g. US" maxLength={2} {...field('country')} />
          <TextInput label="Discount code" maxLength={255} {...field('code')} />
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
          <Group align="flex-end">
            <Button type="submit" variant="default">
              Apply filters
            </Button>
          </Group>
        </SimpleGrid>
      </AdminMoreFilters>
    </Stack>
  );
}

function OrdersTable({ rows }: { rows: AdminOrderRow[] }) {
  if (rows.length === 0) {
    return <Text data-testid="admin-orders-empty">No orders match this search and these filters.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-orders-table">
        <Table.Caption>Orders, one row each</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Order</Table.Th>
            <Table.Th scope="col">Placed</Table.Th>
            <Table.Th scope="col">Buyer</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Paid with</Table.Th>
            <Table.Th scope="col">Country</Table.Th>
            <Table.Th scope="col">Courses</Table.Th>
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row">
                <Anchor component={Link} to={adminOrderPath(row.id)} fw={700}>
                  #{row.id}
                </Anchor>
              </Table.Th>
              <Table.Td>{adminDateTime(row.created_at)}</Table.Td>
              <Table.Td>
                <Text size="sm">{row.buyer.email}</Text>
                {row.buyer.name && (
                  <Text size="xs" c="dimmed">
                    {row.buyer.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>{row.payment_method.label}</Table.Td>
              <Table.Td>{row.country ?? '—'}</Table.Td>
              <Table.Td>
                {row.line_count}
                {row.refunded_lines > 0 && ` (${row.refunded_lines} refunded)`}
                {row.codes.length > 0 && (
                  <Text size="xs" c="dimmed">
                    Code {row.codes.join(', ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{adminMoney(row.gross)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
