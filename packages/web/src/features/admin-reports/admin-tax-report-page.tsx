import {
  ADMIN_TAX_REPORT_API_PATH,
  adminTaxReportDownloadPath,
  ossQuarterOf,
  quarterLabel,
  quarterPeriod,
  recentQuarters,
  type TaxReport,
  type TaxReportJurisdiction,
} from '@lectern/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useApiClient, type ApiClient } from '../../platform/api';
import { adminDate, adminMoney } from '../admin-shell/admin-format';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';

const today = () => new Date().toISOString().slice(0, 10);

function taxReportQuery(api: ApiClient, from: string, to: string) {
  return queryOptions({
    queryKey: ['admin', 'tax-report', from, to],
    queryFn: ({ signal }) =>
      api.get<TaxReport>(`${ADMIN_TAX_REPORT_API_PATH}?from=${from}&to=${to}`, { signal }),
    retry: false,
  });
}

/** The period in the URL, or the current quarter. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const current = quarterPeriod(recentQuarters(today(), 1)[0]!);
  const from = params.get('from') ?? current.from;
  const to = params.get('to') ?? current.to;
  return {
    from,
    to,
    set: (period: { from: string; to: string }) => setParams(period, { replace: false }),
  };
}

/**
 * `/admin/tax-report/`: what is owed to which country, province or state for a period —
 * taxable sales, tax collected and refunds netted, by rate and by tax — with reverse-charged
 * business sales apart, and the CSV and EU One-Stop-Shop files for finance.
 */
export function AdminTaxReportPage() {
  return (
    <AdminLayout
      title="Tax report"
      subtitle="Taxable sales, tax collected and refunds per jurisdiction, by rate and by tax. Amounts in the currency of the sales."
    >
      <TaxReportView />
    </AdminLayout>
  );
}

function TaxReportView() {
  const api = useApiClient();
  const period = usePeriod();
  const mayExport = useStaffMay('reports.export');
  const report = useQuery({
    ...taxReportQuery(api, period.from, period.to),
    placeholderData: keepPreviousData,
  });
  const quarter = ossQuarterOf(period.from, period.to);
  return (
    <Stack gap="md">
      <PeriodPicker
        key={`${period.from}:${period.to}`}
        from={period.from}
        to={period.to}
        onChange={period.set}
      />
      {mayExport && (
        <Group gap="xs">
          <Button
            component="a"
            href={adminTaxReportDownloadPath(period.from, period.to, 'csv')}
            variant="light"
          >
            Download CSV
          </Button>
          {quarter ? (
            <Button
              component="a"
              href={adminTaxReportDownloadPath(period.from, period.to, 'oss')}
              variant="light"
            >
              Download OSS return ({quarterLabel(quarter)})
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              Pick a whole quarter for the EU One-Stop-Shop return.
            </Text>
          )}
        </Group>
      )}
      {report.isPending ? (
        <Loader aria-label="Loading the tax report" />
      ) : report.isError ? (
        <Alert color="red" title="The tax report could not be loaded">
          {report.error instanceof Error ? report.error.message : 'Try again.'}
        </Alert>
      ) : (
        <ReportBody report={report.data} />
      )}
    </Stack>
  );
}

function PeriodPicker({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (period: { from: string; to: string }) => void;
}) {
  const [draft, setDraft] = useState({ from, to });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  return (
    <Card withBorder padding="sm">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap" aria-label="Quarters">
            {recentQuarters(today()).map((quarter) => {
              const span = quarterPeriod(quarter);
              const active = span.from === from && span.to === to;
              return (
                <Button
                  key={quarterLabel(quarter)}
                  size="xs"
                  variant={active ? 'filled' : 'default'}
                  aria-pressed={active}
                  onClick={() => onChange(span)}
                >
                  {quarterLabel(quarter)}
                </Button>
              );
            })}
          </Group>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label="From"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
              required
            />
            <TextInput
              type="date"
              label="To"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
              required
            />
            <Button type="submit">Show</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ReportBody({ report }: { report: TaxReport }) {
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {adminDate(`${report.from}T12:00:00Z`)} to {adminDate(`${report.to}T12:00:00Z`)}, by the day of each
        sale or refund (UTC).
      </Text>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Totals per currency
        </Title>
        {report.totals.length === 0 ? (
          <Text>No sales or refunds in this period.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Currency</Table.Th>
                  <Table.Th>Invoices</Table.Th>
                  <Table.Th>Invoiced</Table.Th>
                  <Table.Th>Credit notes</Table.Th>
                  <Table.Th>Credited</Table.Th>
                  <Table.Th>Net tax</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.totals.map((total) => (
                  <Table.Tr key={total.currency}>
                    <Table.Td>{total.currency}</Table.Td>
                    <Table.Td>{total.invoices}</Table.Td>
                    <Table.Td>{adminMoney(total.invoiced)}</Table.Td>
                    <Table.Td>{total.credit_notes}</Table.Td>
                    <Table.Td>{adminMoney(total.credited)}</Table.Td>
                    <Table.Td>{adminMoney(total.net.tax)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          By jurisdiction
        </Title>
        {report.jurisdictions.length === 0 && <Text>No taxable sales in this period.</Text>}
        {report.jurisdictions.map((row) => (
          <JurisdictionCard key={`${row.jurisdiction}:${row.currency}`} row={row} />
        ))}
      </Stack>
      <ReverseCharges report={report} />
    </Stack>
  );
}

function JurisdictionCard({ row }: { row: TaxReportJurisdiction }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={`${row.name}, ${row.currency}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{row.name}</Text>
            <Badge variant="light">{row.jurisdiction || '—'}</Badge>
            <Badge variant="outline">{row.currency}</Badge>
          </Group>
          <Text size="sm">
            Tax owed: <strong>{adminMoney(row.net.tax)}</strong>
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={600}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Rate</Table.Th>
                <Table.Th>Taxable sales</Table.Th>
                <Table.Th>Tax collected</Table.Th>
                <Table.Th>Refunded tax</Table.Th>
                <Table.Th>Net taxable</Table.Th>
                <Table.Th>Net tax</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr fw={700}>
                <Table.Td>
                  Total ({row.sales_count} sales, {row.refunds_count} refunds)
                </Table.Td>
                <Table.Td />
                <Table.Td>{adminMoney(row.sales.net)}</Table.Td>
                <Table.Td>{adminMoney(row.sales.tax)}</Table.Td>
                <Table.Td>{adminMoney(row.refunds.tax)}</Table.Td>
                <Table.Td>{adminMoney(row.net.net)}</Table.Td>
                <Table.Td>{adminMoney(row.net.tax)}</Table.Td>
              </Table.Tr>
              {row.rates.length > 1 &&
                row.rates.map((rate) => (
                  <Table.Tr key={`rate:${rate.rate_percent}`}>
                    <Table.Td>Sales at {rate.rate_percent}%</Table.Td>
                    <Table.Td>{rate.rate_percent}%</Table.Td>
                    <Table.Td>{adminMoney(rate.sales.net)}</Table.Td>
                    <Table.Td>{adminMoney(rate.sales.tax)}</Table.Td>
                    <Table.Td>{adminMoney(rate.refunds.tax)}</Table.Td>
                    <Table.Td>{adminMoney(rate.net.net)}</Table.Td>
                    <Table.Td>{adminMoney(rate.net.tax)}</Table.Td>
                  </Table.Tr>
                ))}
              {row.components.map((component) => (
                <Table.Tr key={`${component.name}:${component.authority}:${component.rate_percent}`}>
                  <Table.Td>
                    {component.name}{' '}
                    <Text span size="xs" c="dimmed">
                      ({component.authority})
                    </Text>
                  </Table.Td>
                  <Table.Td>{component.rate_percent}%</Table.Td>
                  <Table.Td>{adminMoney(component.sales.net)}</Table.Td>
                  <Table.Td>{adminMoney(component.sales.tax)}</Table.Td>
                  <Table.Td>{adminMoney(component.refunds.tax)}</Table.Td>
                  <Table.Td>{adminMoney(component.net.net)}</Table.Td>
                  <Table.Td>{adminMoney(component.net.tax)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

function ReverseCharges({ report }: { report: TaxReport }) {
  const { entries, totals } = report.reverse_charge;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Reverse-charged business sales
      </Title>
      <Text size="sm" c="dimmed">
        Sold at 0% to businesses with a valid VAT or GST number: the buyer accounts for the tax.
      </Text>
      {entries.length === 0 ? (
        <Text>None in this period.</Text>
      ) : (
        <>
          <Group gap="xs">
            {totals.map((total) => (
              <Badge key={`${total.country}:${total.currency}`} variant="light" size="lg">
                {total.country}: {adminMoney(total.net)} ({total.count})
              </Badge>
            ))}
          </Group>
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Country</Table.Th>
                  <Table.Th>Buyer’s tax number</Table.Th>
                  <Table.Th>Net</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={`${entry.source}:${entry.source_id}`}>
                    <Table.Td>{adminDate(entry.date)}</Table.Td>
                    <Table.Td>
                      {entry.document_number ?? 'Not issued yet'}
                      {entry.kind === 'refund' && (
                        <Badge ml="xs" size="xs" color="orange">
                          Refund
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{entry.country}</Table.Td>
                    <Table.Td>{entry.buyer_tax_number ?? '—'}</Table.Td>
                    <Table.Td>
                      {entry.kind === 'refund' ? '−' : ''}
                      {adminMoney(entry.net)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
