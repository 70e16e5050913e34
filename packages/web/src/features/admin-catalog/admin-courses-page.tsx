import {
  COURSE_LOCALES,
  COURSE_STATUS_LABELS,
  COURSE_STATUSES,
  INSTRUCTIONAL_LEVEL_LABELS,
  PAGE_ROUTES,
  money,
  type AdminCourseRow,
} from '@lectern/domain';
import { Anchor, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { AdminListResults, AdminMoreFilters, useAdminListParams } from '../admin-shell/admin-list-controls';
import { CourseStatusBadge } from './admin-catalog-badges';
import { adminCoursePath, adminCoursesQuery, categoriesQuery, priceTiersQuery } from './admin-catalog-api';

/** The "any" choice of a filter (no value in the URL). */
const ANY = 'any';
const anyOrValue = (value: string | null) => (value === ANY ? null : value);

const SORTS = [
  { value: '-updated', label: 'Recently changed' },
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: 'title', label: 'Title A–Z' },
  { value: '-title', label: 'Title Z–A' },
  { value: '-price', label: 'Highest price' },
  { value: 'price', label: 'Lowest price' },
];
const STATUS_OPTIONS = [
  { value: ANY, label: 'Any status' },
  ...COURSE_STATUSES.map((status) => ({ value: status, label: COURSE_STATUS_LABELS[status] })),
];
const LANGUAGE_OPTIONS = [{ value: ANY, label: 'Any language' }, ...COURSE_LOCALES];

/**
 * `/admin/courses/`: every course whatever its status, searched by title or address, filtered
 * by category, status, price tier and language, sorted and paged by the server; the whole view
 * lives in the URL.
 */
export function AdminCoursesPage() {
  return (
    <AdminLayout
      title="Courses"
      subtitle="Drafts, published and unlisted courses. Open one to edit it, price it or publish it."
      actions={<NewCourseButton />}
    >
      <CoursesList />
    </AdminLayout>
  );
}

function NewCourseButton() {
  const mayWrite = useStaffMay('catalog.write');
  if (!mayWrite) return null;
  return (
    <Button component={Link} to={PAGE_ROUTES.adminCourseNew}>
      New course
    </Button>
  );
}

function CoursesList() {
  const api = useApiClient();
  const list = useAdminListParams();
  const courses = useQuery({ ...adminCoursesQuery(api, list.search), placeholderData: keepPreviousData });
  return (
    <Stack gap="md">
      <CourseFilters key={list.search.toString()} list={list} />
      <AdminListResults query={courses} what="courses">
        {(rows) => <CoursesTable rows={rows} />}
      </AdminListResults>
    </Stack>
  );
}

function CourseFilters({ list }: { list: ReturnType<typeof useAdminListParams> }) {
  const api = useApiClient();
  const categories = useQuery(categoriesQuery(api));
  const tiers = useQuery(priceTiersQuery(api));
  const [q, setQ] = useState(list.get('q'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.update({ q: q.trim() });
  };
  const categoryOptions = [
    { value: ANY, label: 'Any category' },
    ...(categories.data ?? []).flatMap((category) => [
      { value: String(category.id), label: category.title },
      ...category.subcategories.map((sub) => ({
        value: String(sub.id),
        label: `${category.title} › ${sub.title}`,
      })),
    ]),
  ];
  const tierOptions = [
    { value: ANY, label: 'Any price tier' },
    ...(tiers.data?.results ?? []).map((tier) => ({ value: String(tier.id), label: tier.name })),
  ];
  const filtered = ['q', 'category', 'status', 'price_tier', 'language', 'sort'].some((key) => list.get(key));
  return (
    <Stack gap="sm" component="form" role="search" aria-label="Search courses" onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Title or address"
          style={{ flex: '1 1 16rem' }}
          maxLength={200}
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
        />
        <Button type="submit">Search</Button>
        {filtered && (
          <Button
            variant="subtle"
            onClick={() =>
              list.update({
                q: null,
                category: null,
                status: null,
                price_tier: null,
                language: null,
                sort: null,
              })
            }
          >
            Clear all
          </Button>
        )}
      </Group>
      <AdminMoreFilters>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={list.get('status') || ANY}
            onChange={(value) => list.update({ status: anyOrValue(value) })}
            allowDeselect={false}
          />
          <Select
            label="Category"
            data={categoryOptions}
            value={list.get('category') || ANY}
            onChange={(value) => list.update({ category: anyOrValue(value) })}
            allowDeselect={false}
            searchable
          />
          <Select
            label="Price tier"
            data={tierOptions}
            value={list.get('price_tier') || ANY}
            onChange={(value) => list.update({ price_tier: anyOrValue(value) })}
            allowDeselect={false}
          />
          <Select
            label="Language"
            data={LANGUAGE_OPTIONS}
            value={list.get('language') || ANY}
            onChange={(value) => list.update({ language: anyOrValue(value) })}
            allowDeselect={false}
          />
          <Select
            label="Sort by"
            data={SORTS}
            value={list.get('sort') || '-updated'}
            onChange={(value) => list.update({ sort: value === '-updated' ? null : value })}
            allowDeselect={false}
          />
        </SimpleGrid>
      </AdminMoreFilters>
    </Stack>
  );
}

function CoursesTable({ rows }: { rows: AdminCourseRow[] }) {
  if (rows.length === 0) {
    return <Text data-testid="admin-courses-empty">No courses match this search and these filters.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-courses-table">
        <Table.Caption>Courses, one row each</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Course</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Category</Table.Th>
            <Table.Th scope="col">Language and level</Table.Th>
            <Table.Th scope="col">Price tier</Table.Th>
            <Table.Th scope="col">Changed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" style={{ fontWeight: 'normal' }}>
                <Anchor component={Link} to={adminCoursePath(row.id)} fw={700}>
                  {row.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.url}
                </Text>
              </Table.Th>
              <Table.Td>
                <CourseStatusBadge status={row.status} />
                {row.is_private && (
                  <Text size="xs" c="dimmed">
                    Private
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {row.category ? (
                  <>
                    {row.category.title}
                    {row.subcategory && (
                      <Text size="xs" c="dimmed">
                        {row.subcategory.title}
                      </Text>
                    )}
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    None yet
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {row.locale}
                <Text size="xs" c="dimmed">
                  {INSTRUCTIONAL_LEVEL_LABELS[row.level]}
                </Text>
              </Table.Td>
              <Table.Td>
                {row.price_tier ? (
                  <>
                    {row.price_tier.name}
                    {row.price_tier.usd && (
                      <Text size="xs" c="dimmed">
                        {adminMoney(money(row.price_tier.usd.amount, 'USD'))}
                      </Text>
                    )}
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    None yet
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{adminDateTime(row.updated_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
