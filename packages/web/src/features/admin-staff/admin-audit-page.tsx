import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApiClient } from '../../platform/api';
import { AdminListResults, AdminMoreFilters, useAdminListParams } from '../admin-shell/admin-list-controls';
import { AuditEventsTable, auditEventsQuery } from '../admin-shell/admin-audit-trail';
import { AdminLayout } from '../admin-shell/admin-layout';

/** The URL keys of the audit log's view (a link reproduces it). */
const TYPED = ['q', 'actor', 'action', 'object_type', 'object_id', 'from', 'to'] as const;
type Typed = Record<(typeof TYPED)[number], string>;

const SORTS = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
];

/**
 * `/admin/audit/`: every change staff made in the back office (issue 32), searchable (summary,
 * actor's e-mail, object id) and filtered by actor, action, object and dates; newest first.
 * Each entry opens to its reason and its object before and after. Never editable.
 */
export function AdminAuditPage() {
  return (
    <AdminLayout
      title="Audit log"
      subtitle="Every change made in the back office: who, when, what, before and after. Entries cannot be changed or removed."
    >
      <AuditLog />
    </AdminLayout>
  );
}

function AuditLog() {
  const api = useApiClient();
  const list = useAdminListParams();
  const params = Object.fromEntries([...list.search].filter(([, value]) => value !== ''));
  const events = useQuery({ ...auditEventsQuery(api, params), placeholderData: keepPreviousData });
  return (
    <Stack gap="md">
      <AuditFilters key={list.search.toString()} list={list} />
      <AdminListResults
        query={events}
        what="the audit log"
        empty={<Text data-testid="admin-audit-empty">No changes match this search and these filters.</Text>}
      >
        {(rows) => <AuditEventsTable events={rows} showObject caption="Audit log entries" />}
      </AdminListResults>
    </Stack>
  );
}

function AuditFilters({ list }: { list: ReturnType<typeof useAdminListParams> }) {
  const [typed, setTyped] = useState<Typed>(
    Object.fromEntries(TYPED.map((key) => [key, list.get(key)])) as Typed,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.update(Object.fromEntries(TYPED.map((key) => [key, typed[key].trim()])));
  };
  const field = (key: keyof Typed) => ({
    value: typed[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setTyped((current) => ({ ...current, [key]: value }));
    },
  });
  const filtered = [...TYPED, 'sort'].some((key) => list.get(key));
  return (
    <Stack gap="sm" component="form" role="search" aria-label="Search the audit log" onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          description="In the summary, the staff member’s e-mail and the object id"
          style={{ flex: '1 1 16rem' }}
          maxLength={200}
          {...field('q')}
        />
        <Button type="submit">Search</Button>
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => list.update(Object.fromEntries([...TYPED, 'sort'].map((key) => [key, null])))}
          >
            Clear all
          </Button>
        )}
      </Group>
      <AdminMoreFilters>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput
            label="Staff member"
            description="E-mail or user id"
            maxLength={254}
            {...field('actor')}
          />
          <TextInput
            label="Action"
            description="e.g. customer.credit_granted"
            maxLength={64}
            {...field('action')}
          />
          <TextInput
            label="Object type"
            description="e.g. course, order, customer"
            maxLength={32}
            {...field('object_type')}
          />
          <TextInput label="Object id" maxLength={64} {...field('object_id')} />
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
          <Select
            label="Order"
            data={SORTS}
            value={list.get('sort') || '-created'}
            onChange={(value) => list.update({ sort: value === '-created' ? null : value })}
            allowDeselect={false}
          />
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
