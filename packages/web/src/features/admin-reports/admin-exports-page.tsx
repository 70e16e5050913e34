import {
  ADMIN_EXPORT_KIND_DATES,
  ADMIN_EXPORT_KIND_LABELS,
  ADMIN_EXPORT_KINDS,
  ADMIN_EXPORT_LINK_DAYS,
  ADMIN_EXPORT_MAIL_THRESHOLD_ROWS,
  adminExportApiPath,
  adminExportDownloadPath,
  adminExportFilePath,
  type AdminExportKind,
  type AdminExportQueued,
} from '@lectern/domain';
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../platform/api';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';

const KIND_OPTIONS = ADMIN_EXPORT_KINDS.map((kind) => ({
  value: kind,
  label: ADMIN_EXPORT_KIND_LABELS[kind],
}));
const THRESHOLD = ADMIN_EXPORT_MAIL_THRESHOLD_ROWS.toLocaleString('en-US');

const dayText = (at: Date) => at.toISOString().slice(0, 10);

/**
 * `/admin/exports/`: orders, invoices, credit notes, subscriptions or customers of a date range
 * as CSV. Small exports download at once; large ones are written in the background and mailed
 * as a link to this page (`?file=<id>`), which downloads them for the same staff member.
 */
export function AdminExportsPage() {
  return (
    <AdminLayout title="Exports" subtitle="Download your shop’s records as CSV files for a date range.">
      <ExportsView />
    </AdminLayout>
  );
}

function ExportsView() {
  const mayExport = useStaffMay('reports.export');
  const [params] = useSearchParams();
  const file = params.get('file');
  const queued = params.get('queued');
  if (!mayExport) {
    return (
      <Alert color="yellow" title="Exports are for finance">
        Your staff role may not export data. Ask an owner for the finance role.
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {file && (
        <Alert color="green" title="Your export is ready">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The file downloads for you alone, for {ADMIN_EXPORT_LINK_DAYS} days after you asked for it.
            </Text>
            <Button component="a" href={adminExportFilePath(file)}>
              Download the file
            </Button>
          </Stack>
        </Alert>
      )}
      {queued && (
        <Alert color="blue" title="Your export is being written">
          It is too large to download at once: we will e-mail you a link when it is ready.
        </Alert>
      )}
      <ExportForm />
    </Stack>
  );
}

function ExportForm() {
  const api = useApiClient();
  const now = new Date();
  const [kind, setKind] = useState<AdminExportKind>('orders');
  const [from, setFrom] = useState(dayText(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))));
  const [to, setTo] = useState(dayText(now));
  const mail = useMutation({
    mutationFn: () =>
      api.get<AdminExportQueued>(`${adminExportApiPath(kind)}?from=${from}&to=${to}&delivery=mail`),
  });
  const validRange = Boolean(from && to && from <= to);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="What"
            data={KIND_OPTIONS}
            value={kind}
            onChange={(value) => value && setKind(value as AdminExportKind)}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            required
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            required
            error={from && to && from > to ? 'To must be on or after From.' : undefined}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {ADMIN_EXPORT_KIND_LABELS[kind]} {ADMIN_EXPORT_KIND_DATES[kind]} from {from || '…'} to {to || '…'}{' '}
          (UTC), both days included. Amounts are decimals of each row’s currency; the file is UTF-8 and opens
          in any spreadsheet.
        </Text>
        <Group gap="xs">
          <Button
            component="a"
            href={validRange ? adminExportDownloadPath(kind, from, to) : undefined}
            data-disabled={!validRange || undefined}
            aria-disabled={!validRange}
            onClick={(event) => {
              if (!validRange) event.preventDefault();
            }}
          >
            Download
          </Button>
          <Button
            variant="default"
            onClick={() => mail.mutate()}
            loading={mail.isPending}
            disabled={!validRange}
          >
            E-mail me a link
          </Button>
        </Group>
        <Text size="sm">
          Exports of more than {THRESHOLD} rows are written in the background and e-mailed to you as a link
          that works for {ADMIN_EXPORT_LINK_DAYS} days.
        </Text>
        {mail.isSuccess && (
          <Alert color="blue" title="Your export is being written">
            {mail.data.message}
          </Alert>
        )}
        {mail.isError && (
          <Alert color="red" title="The export could not be started">
            {mail.error instanceof Error ? mail.error.message : 'Try again.'}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
