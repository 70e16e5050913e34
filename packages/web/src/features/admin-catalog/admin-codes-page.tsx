import {
  CODE_KIND_LABELS,
  CODE_KINDS,
  CODE_SCOPE_LABELS,
  CODE_STATUS_LABELS,
  CODE_STATUSES,
  money,
  type AdminBulkCodesResult,
  type AdminCodeRow,
} from '@lectern/domain';
import {
  Anchor,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApiClient } from '../../platform/api';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { adminDate, adminMoney } from '../admin-shell/admin-format';
import { AdminListResults, AdminMoreFilters, useAdminListParams } from '../admin-shell/admin-list-controls';
import { CodeStatusBadge } from './admin-catalog-badges';
import { adminCodePath, adminCodesQuery, campaignCsvHref, campaignsQuery } from './admin-catalog-api';
import { CodeForm, GeneratedCodes } from './code-form';

const ANY = 'any';
const anyOrValue = (value: string | null) => (value === ANY ? null : value);

const SORTS = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: 'code', label: 'Code A–Z' },
  { value: '-uses', label: 'Most used' },
  { value: 'ends', label: 'Ending soonest' },
];
const STATUS_OPTIONS = [
  { value: ANY, label: 'Any status' },
  ...CODE_STATUSES.map((status) => ({ value: status, label: CODE_STATUS_LABELS[status] })),
];
const KIND_OPTIONS = [
  { value: ANY, label: 'Any kind' },
  ...CODE_KINDS.map((kind) => ({ value: kind, label: CODE_KIND_LABELS[kind] })),
];

/** What a code takes off, in words. */
export function discountText(
  row: Pick<AdminCodeRow, 'kind' | 'percent' | 'amount' | 'target_price_tier'>,
): string {
  if (row.kind === 'percentage') return `${row.percent ?? 0}% off`;
  if (row.kind === 'fixed_amount' && row.amount)
    return `${adminMoney(money(row.amount.amount, row.amount.currency))} off`;
  return `Price of ${row.target_price_tier?.name ?? 'a tier'}`;
}

/**
 * `/admin/codes/`: every discount code, searched by code, description or campaign, filtered by
 * status, campaign and kind, sorted and paged by the server (the view lives in the URL); a new
 * code, a campaign of generated codes with its CSV.
 */
export function AdminCodesPage() {
  const [open, setOpen] = useState<'one' | 'bulk' | null>(null);
  return (
    <AdminLayout
      title="Discount codes"
      subtitle="Codes buyers type in the cart: percent or amount off, or a tier’s price; for every course, some, or a category."
      actions={<CodeActions onOpen={setOpen} />}
    >
      <CodesList />
      <CodeModals open={open} onClose={() => setOpen(null)} />
    </AdminLayout>
  );
}

function CodeActions({ onOpen }: { onOpen: (kind: 'one' | 'bulk') => void }) {
  const mayWrite = useStaffMay('codes.write');
  if (!mayWrite) return null;
  return (
    <>
      <Button onClick={() => onOpen('one')}>New code</Button>
      <Button variant="default" onClick={() => onOpen('bulk')}>
        Generate codes
      </Button>
    </>
  );
}

function CodeModals({ open, onClose }: { open: 'one' | 'bulk' | null; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [generated, setGenerated] = useState<AdminBulkCodesResult | null>(null);
  const close = () => {
    setGenerated(null);
    onClose();
  };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'codes'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'campaigns'] }),
    ]);
  return (
    <Modal
      opened={open !== null}
      onClose={close}
      title={open === 'bulk' ? 'Generate a campaign of codes' : 'New discount code'}
      size="lg"
    >
      {generated ? (
        <Stack>
          <GeneratedCodes result={generated} />
          <Group>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <CodeForm
          bulk={open === 'bulk'}
          onCancel={close}
          onCreated={(code) => {
            void refresh();
            close();
            void navigate(adminCodePath(code.id));
          }}
          onGenerated={(result) => {
            void refresh();
            setGenerated(result);
          }}
        />
      )}
    </Modal>
  );
}

function CodesList() {
  const api = useApiClient();
  const list = useAdminListParams();
  const codes = useQuery({ ...adminCodesQuery(api, list.search), placeholderData: keepPreviousData });
  return (
    <Stack gap="md">
      <CodeFilters key={list.search.toString()} list={list} />
      <AdminListResults query={codes} what="codes">
        {(rows) => <CodesTable rows={rows} />}
      </AdminListResults>
      <Campaigns />
    </Stack>
  );
}

function CodeFilters({ list }: { list: ReturnType<typeof useAdminListParams> }) {
  const api = useApiClient();
  const campaigns = useQuery(campaignsQuery(api));
  const [q, setQ] = useState(list.get('q'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.update({ q: q.trim() });
  };
  const campaignOptions = [
    { value: ANY, label: 'Any campaign' },
    ...(campaigns.data ?? []).map((entry) => ({ value: entry.campaign, label: entry.campaign })),
  ];
  const current = list.get('campaign');
  if (current && !campaignOptions.some((option) => option.value === current))
    campaignOptions.push({ value: current, label: current });
  const filtered = ['q', 'status', 'campaign', 'kind', 'sort'].some((key) => list.get(key));
  return (
    <Stack gap="sm" component="form" role="search" aria-label="Search codes" onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Code, description or campaign"
          style={{ flex: '1 1 16rem' }}
          maxLength={200}
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
        />
        <Button type="submit">Search</Button>
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => list.update({ q: null, status: null, campaign: null, kind: null, sort: null })}
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
            label="Campaign"
            data={campaignOptions}
            value={current || ANY}
            onChange={(value) => list.update({ campaign: anyOrValue(value) })}
            allowDeselect={false}
            searchable
          />
          <Select
            label="Kind"
            data={KIND_OPTIONS}
            value={list.get('kind') || ANY}
            onChange={(value) => list.update({ kind: anyOrValue(value) })}
            allowDeselect={false}
          />
          <Select
            label="Sort by"
            data={SORTS}
            value={list.get('sort') || '-created'}
            onChange={(value) => list.update({ sort: value === '-created' ? null : value })}
            allowDeselect={false}
          />
        </SimpleGrid>
      </AdminMoreFilters>
    </Stack>
  );
}

function CodesTable({ rows }: { rows: AdminCodeRow[] }) {
  if (rows.length === 0)
    return <Text data-testid="admin-codes-empty">No codes match this search and these filters.</Text>;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-codes-table">
        <Table.Caption>Discount codes, one row each</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Code</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Discount</Table.Th>
            <Table.Th scope="col">Applies to</Table.Th>
            <Table.Th scope="col">Uses</Table.Th>
            <Table.Th scope="col">Dates</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" style={{ fontWeight: 'normal' }}>
                <Anchor component={Link} to={adminCodePath(row.id)} fw={700} ff="monospace">
                  {row.code}
                </Anchor>
                {row.campaign && (
                  <Text size="xs" c="dimmed">
                    {row.campaign}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>
                <CodeStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>{discountText(row)}</Table.Td>
              <Table.Td>
                {row.scope === 'category'
                  ? (row.category?.title ?? 'A category')
                  : row.scope === 'courses'
                    ? `${row.course_count} course${row.course_count === 1 ? '' : 's'}`
                    : CODE_SCOPE_LABELS.all}
              </Table.Td>
              <Table.Td>
                {row.uses}
                {row.usage_limit !== null && ` of ${row.usage_limit}`}
                {row.per_buyer_limit !== null && (
                  <Text size="xs" c="dimmed">
                    {row.per_buyer_limit} per buyer
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {row.starts_at ? adminDate(row.starts_at) : 'Now'} –{' '}
                  {row.ends_at ? adminDate(row.ends_at) : 'no end'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The bulk generator's campaigns, each with its CSV (for roles that may download codes). */
function Campaigns() {
  const api = useApiClient();
  const mayDownload = useStaffMay('codes.write');
  const campaigns = useQuery(campaignsQuery(api));
  if (!campaigns.data || campaigns.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="campaigns-heading">
      <Text id="campaigns-heading" fw={700} size="lg" component="h2">
        Campaigns
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Campaign</Table.Th>
              <Table.Th scope="col">Codes</Table.Th>
              <Table.Th scope="col">Used</Table.Th>
              <Table.Th scope="col">Made</Table.Th>
              {mayDownload && <Table.Th scope="col">Download</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaigns.data.map((entry) => (
              <Table.Tr key={entry.campaign}>
                <Table.Td>
                  <Anchor component={Link} to={`?campaign=${encodeURIComponent(entry.campaign)}`}>
                    {entry.campaign}
                  </Anchor>
                </Table.Td>
                <Table.Td>{entry.codes}</Table.Td>
                <Table.Td>{entry.uses}</Table.Td>
                <Table.Td>{adminDate(entry.created_at)}</Table.Td>
                {mayDownload && (
                  <Table.Td>
                    <Anchor
                      href={campaignCsvHref(entry.campaign)}
                      download
                      aria-label={`Download the codes of ${entry.campaign} (CSV)`}
                    >
                      CSV
                    </Anchor>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
