import {
  ADMIN_SUBSCRIPTION_INTERVAL_LABELS,
  ADMIN_SUBSCRIPTION_INTERVALS,
  ADMIN_SUBSCRIPTION_PLAN_LABELS,
  ADMIN_SUBSCRIPTION_PLANS,
  ADMIN_SUBSCRIPTION_STATUS_LABELS,
  ADMIN_SUBSCRIPTION_STATUSES,
  type AdminSubscriptionRow,
} from '@lectern/domain';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { adminDate, adminMoney } from '../admin-shell/admin-format';
import { AdminLayout } from '../admin-shell/admin-layout';
import { AdminListResults, AdminMoreFilters, useAdminListParams } from '../admin-shell/admin-list-controls';
import {
  adminSubscriptionPath,
  adminSubscriptionsQuery,
  subscriptionStatusColor,
  subscriptionStatusLabel,
} from './admin-subscriptions-api';

/** The "any" choice of a filter (no value in the URL). */
const ANY = 'any';
const anyOrValue = (value: string | null) => (value === ANY ? null : value);

const SORTS = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: 'renewal', label: 'Renews soonest' },
  { value: '-renewal', label: 'Renews latest' },
  { value: '-licenses', label: 'Most licenses' },
  { value: '-amount', label: 'Highest next charge' },
];
const STATUS_OPTIONS = [
  { value: ANY, label: 'Any status' },
  ...ADMIN_SUBSCRIPTION_STATUSES.map((status) => ({
    value: status,
    label: ADMIN_SUBSCRIPTION_STATUS_LABELS[status],
  })),
];
const PLAN_OPTIONS = [
  { value: ANY, label: 'Any plan' },
  ...ADMIN_SUBSCRIPTION_PLANS.map((plan) => ({ value: plan, label: ADMIN_SUBSCRIPTION_PLAN_LABELS[plan] })),
];
const INTERVAL_OPTIONS = [
  { value: ANY, label: 'Any interval' },
  ...ADMIN_SUBSCRIPTION_INTERVALS.map((interval) => ({
    value: interval,
    label: ADMIN_SUBSCRIPTION_INTERVAL_LABELS[interval],
  })),
];
const TYPED_KEYS = ['q', 'country', 'renews_from', 'renews_to', 'licenses_min', 'licenses_max'] as const;
const ALL_KEYS = [...TYPED_KEYS, 'status', 'plan', 'interval', 'sort'];

/**
 * `/admin/subscriptions/`: every Team Plan and Personal Plan, searched by organization name,
 * e-mail or reference, filtered by status, plan, interval, country, renewal dates and licenses,
 * sorted and paged by the server; the whole view lives in the URL.
 */
export function AdminSubscriptionsPage() {
  return (
    <AdminLayout
      title="Subscriptions"
      subtitle="Team Plans and Personal Plans: find one by organization, e-mail or reference (LSC-42)."
    >
      <SubscriptionsList />
    </AdminLayout>
  );
}

function SubscriptionsList() {
  const api = useApiClient();
  const list = useAdminListParams();
  const subscriptions = useQuery({
    ...adminSubscriptionsQuery(api, list.search),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      <SubscriptionFilters key={list.search.toString()} list={list} />
      <AdminListResults query={subscriptions} what="subscriptions">
        {(rows) => <SubscriptionsTable rows={rows} />}
      </AdminListResults>
    </Stack>
  );
}

function SubscriptionFilters({ list }: { list: ReturnType<typeof useAdminListParams> }) {
  const [typed, setTyped] = useState(
    () =>
      Object.fromEntries(TYPED_KEYS.map((key) => [key, list.get(key)])) as Record<
        (typeof TYPED_KEYS)[number],
        string
      >,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.update({
      q: typed.q.trim(),
      country: typed.country.trim().toUpperCase(),
      renews_from: typed.renews_from,
      renews_to: typed.renews_to,
      licenses_min: typed.licenses_min.trim(),
      licenses_max: typed.licenses_max.trim(),
    });
  };
  const field = (key: (typeof TYPED_KEYS)[number]) => ({
    value: typed[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setTyped((current) => ({ ...current, [key]: value }));
    },
  });
  const select = (key: string, data: { value: string; label: string }[], label: string) => (
    <Select
      label={label}
      data={data}
      value={list.get(key) || ANY}
      onChange={(value) => list.update({ [key]: anyOrValue(value) })}
      allowDeselect={false}
    />
  );
  const filtered = ALL_KEYS.some((key) => list.get(key));
  return (
    <Stack gap="sm" component="form" role="search" aria-label="Search subscriptions" onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Initech, ana@example.com, LSC-42"
          style={{ flex: '1 1 16rem' }}
          maxLength={200}
          {...field('q')}
        />
        <Button type="submit">Search</Button>
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => list.update(Object.fromEntries(ALL_KEYS.map((key) => [key, null])))}
          >
            Clear all
          </Button>
        )}
      </Group>
      <Group gap="xs" wrap="wrap" aria-label="Quick filters">
        {(['past_due', 'trial', 'cancelled'] as const).map((status) => (
          <Button
            key={status}
            size="compact-sm"
            variant={list.get('status') === status ? 'filled' : 'light'}
            color={subscriptionStatusColor(status)}
            aria-pressed={list.get('status') === status}
            onClick={() => list.update({ status: list.get('status') === status ? null : status })}
          >
            {ADMIN_SUBSCRIPTION_STATUS_LABELS[status]}
          </Button>
        ))}
      </Group>
      <AdminMoreFilters>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {select('status', STATUS_OPTIONS, 'Status')}
          {select('plan', PLAN_OPTIONS, 'Plan')}
          {select('interval', INTERVAL_OPTIONS, 'Billing interval')}
          <Select
            label="Sort by"
            data={SORTS}
            value={list.get('sort') || '-created'}
            onChange={(value) => list.update({ sort: value === '-created' ? null : value })}
            allowDeselect={false}
          />
          <TextInput label="Country" description="Two letters, e.g. US" maxLength={2} {...field('country')} />
          <TextInput label="Renews from" type="date" {...field('renews_from')} />
          <TextInput label="Renews to" type="date" {...field('renews_to')} />
          <Group grow gap="xs" align="flex-end">
            <TextInput label="Licenses from" inputMode="numeric" maxLength={6} {...field('licenses_min')} />
            <TextInput label="to" inputMode="numeric" maxLength={6} {...field('licenses_max')} />
          </Group>
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

export function SubscriptionStatusBadge({ status }: { status: AdminSubscriptionRow['status'] }) {
  return (
    <Badge variant="light" color={subscriptionStatusColor(status)}>
      {subscriptionStatusLabel(status)}
    </Badge>
  );
}

const intervalText = (row: AdminSubscriptionRow) =>
  `${ADMIN_SUBSCRIPTION_INTERVAL_LABELS[row.interval.type]}${row.interval.count > 1 ? ` ×${row.interval.count}` : ''}`;
const renewalLabel = (row: AdminSubscriptionRow) =>
  row.status === 'trial'
    ? 'Trial ends'
    : row.status === 'cancelled' || row.status === 'expired'
      ? 'Ends'
      : 'Renews';

function SubscriptionsTable({ rows }: { rows: AdminSubscriptionRow[] }) {
  if (rows.length === 0) {
    return (
      <Text data-testid="admin-subscriptions-empty">
        No subscriptions match this search and these filters.
      </Text>
    );
  }
  return (
    <>
      {/* Phones: one card per plan. */}
      <Stack gap="sm" hiddenFrom="sm" data-testid="admin-subscriptions-cards">
        {rows.map((row) => (
          <Card key={row.id} withBorder padding="sm" component="article" aria-label={`${row.reference}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={adminSubscriptionPath(row.id)} fw={700}>
                {row.reference}
              </Anchor>
              <SubscriptionStatusBadge status={row.status} />
            </Group>
            <Text size="sm" fw={500} truncate="end">
              {row.subscriber.name || row.subscriber.email}
            </Text>
            {row.subscriber.email && (
              <Text size="xs" c="dimmed" truncate="end">
                {row.subscriber.email}
              </Text>
            )}
            <Text size="sm" mt={4}>
              {row.plan.name} · {intervalText(row)} · {row.licenses} license{row.licenses === 1 ? '' : 's'}
            </Text>
            <Text size="sm">
              {renewalLabel(row)} {adminDate(row.current_period_end)} · {adminMoney(row.next_charge)}
            </Text>
          </Card>
        ))}
      </Stack>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-subscriptions-table">
            <Table.Caption>Subscriptions, one row each</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Plan</Table.Th>
                <Table.Th scope="col">Subscriber</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Interval</Table.Th>
                <Table.Th scope="col">Licenses</Table.Th>
                <Table.Th scope="col">Country</Table.Th>
                <Table.Th scope="col">Renewal / end</Table.Th>
                <Table.Th scope="col" ta="right">
                  Next charge
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Th scope="row">
                    <Anchor component={Link} to={adminSubscriptionPath(row.id)} fw={700}>
                      {row.reference}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {row.plan.name}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm">{row.subscriber.name || '—'}</Text>
                    {row.subscriber.email && (
                      <Text size="xs" c="dimmed">
                        {row.subscriber.email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <SubscriptionStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>{intervalText(row)}</Table.Td>
                  <Table.Td>{row.licenses}</Table.Td>
                  <Table.Td>{row.country ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{adminDate(row.current_period_end)}</Text>
                    <Text size="xs" c="dimmed">
                      {renewalLabel(row)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{adminMoney(row.next_charge)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
    </>
  );
}
