import { STAFF_ROLE_LABELS, type AdminCustomerSummary } from '@lectern/domain';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { adminDate } from '../admin-shell/admin-format';
import { AdminListResults, useAdminListParams } from '../admin-shell/admin-list-controls';
import { AdminLayout } from '../admin-shell/admin-layout';
import { adminCustomerPath, adminCustomersQuery } from './admin-customers-api';

const SORTS = [
  { value: '-created', label: 'Newest accounts first' },
  { value: 'created', label: 'Oldest accounts first' },
  { value: 'email', label: 'E-mail, A–Z' },
  { value: '-email', label: 'E-mail, Z–A' },
];

/**
 * `/admin/customers/` (issue 32): every account, searched by e-mail or name, sorted and paged
 * by the server; the view lives in the URL. Each links to the customer's page.
 */
export function AdminCustomersPage() {
  return (
    <AdminLayout title="Customers" subtitle="Find a customer by e-mail address or name.">
      <CustomersList />
    </AdminLayout>
  );
}

function CustomersList() {
  const api = useApiClient();
  const list = useAdminListParams();
  const params = Object.fromEntries([...list.search].filter(([, value]) => value !== ''));
  const customers = useQuery({ ...adminCustomersQuery(api, params), placeholderData: keepPreviousData });
  return (
    <Stack gap="md">
      <CustomerSearch key={list.search.toString()} list={list} />
      <AdminListResults
        query={customers}
        what="customers"
        invalid="This search is not valid"
        empty={<Text data-testid="admin-customers-empty">No customer matches this search.</Text>}
      >
        {(rows) => <CustomersTable rows={rows} />}
      </AdminListResults>
    </Stack>
  );
}

function CustomerSearch({ list }: { list: ReturnType<typeof useAdminListParams> }) {
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
      aria-label="Search customers"
      onSubmit={submit}
    >
      <TextInput
        label="Search"
        placeholder="ana@example.com, Ana Silva"
        value={q}
        maxLength={200}
        onChange={(event) => setQ(event.currentTarget.value)}
        style={{ flex: '1 1 16rem' }}
      />
      <Button type="submit">Search</Button>
      <Select
        label="Sort by"
        data={SORTS}
        value={list.get('sort') || '-created'}
        onChange={(value) => list.update({ sort: value === '-created' ? null : value })}
        allowDeselect={false}
        w={220}
      />
      {(list.get('q') || list.get('sort')) && (
        <Button variant="subtle" onClick={() => list.update({ q: null, sort: null })}>
          Clear
        </Button>
      )}
    </Group>
  );
}

function CustomersTable({ rows }: { rows: AdminCustomerSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-customers-table">
        <Table.Caption>Customers, one row each</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Customer</Table.Th>
            <Table.Th scope="col">Country</Table.Th>
            <Table.Th scope="col">Account made</Table.Th>
            <Table.Th scope="col">Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row">
                <Anchor
                  component={Link}
                  to={adminCustomerPath(row.id)}
                  fw={700}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {row.email}
                </Anchor>
                {row.name && (
                  <Text size="xs" c="dimmed">
                    {row.name}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>{row.country}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDate(row.created)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {row.staff_role && (
                    <Badge variant="light" color="violet">
                      Staff: {STAFF_ROLE_LABELS[row.staff_role]}
                    </Badge>
                  )}
                  {row.anonymised_at && (
                    <Badge variant="light" color="gray">
                      Anonymised
                    </Badge>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
