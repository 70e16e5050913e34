import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { useAdminListParams } from '../admin-shell/admin-list-controls';
import { ROLE_OPTIONS } from './staff-roles';

/** The "any" choice of a filter (no value in the URL). */
const ANY = 'any';
const SORTS = [
  { value: 'since', label: 'Longest on the staff' },
  { value: '-since', label: 'Newest on the staff' },
  { value: 'email', label: 'E-mail, A–Z' },
  { value: 'role', label: 'Role' },
];

/** The staff list's search, role filter and sort, kept in the URL. */
export function StaffFilters({ list }: { list: ReturnType<typeof useAdminListParams> }) {
  const [q, setQ] = useState(list.get('q'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.update({ q: q.trim() });
  };
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 3 }}
      spacing="sm"
      component="form"
      role="search"
      aria-label="Search the staff"
      onSubmit={submit}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          value={q}
          maxLength={200}
          onChange={(event) => setQ(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
      <Select
        label="Role"
        data={[{ value: ANY, label: 'Any role' }, ...ROLE_OPTIONS]}
        value={list.get('role') || ANY}
        onChange={(value) => list.update({ role: value === ANY ? null : value })}
        allowDeselect={false}
      />
      <Select
        label="Sort by"
        data={SORTS}
        value={list.get('sort') || 'since'}
        onChange={(value) => list.update({ sort: value === 'since' ? null : value })}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}
