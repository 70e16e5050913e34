import { pagePath } from '@lectern/domain';
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { currentPage, Pagination } from '../../../ui/pagination';
import type { BillingHistoryRecord } from '@lectern/domain';
import { useBillingHistory } from './billing-api';
import { BillingPanel, CardLabel, PanelSkeleton } from './billing-panel';

const COLUMNS = [
  'organizationAdmin.billing.history.description',
  'organizationAdmin.billing.history.billingDate',
  'organizationAdmin.billing.history.totalAmount',
  'organizationAdmin.billing.history.paymentMethod',
  'organizationAdmin.billing.history.invoice',
] as const;

function HistoryRow({ record }: { record: BillingHistoryRecord }) {
  const intl = useIntl();
  const failed = record.status === 'failed';
  return (
    <Table.Tr data-testid="billing-history-row" data-status={record.status}>
      <Table.Td>
        <Text size="sm" fw={700}>
          {record.subscription_plan_description}
        </Text>
        <Text size="sm" c="dimmed">
          {record.subtitle}
        </Text>
        {failed && (
          <Stack gap={2} mt={4} align="flex-start">
            <Badge color="red" variant="light">
              <FormattedMessage id="organizationAdmin.billing.history.failed" />
            </Badge>
            {record.failure_message && (
              <Text size="sm" c="red.8">
                {record.failure_message}
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>{record.billing_period_start_text}</Table.Td>
      <Table.Td>{record.price_money_text}</Table.Td>
      <Table.Td>
        {record.payment_method ? <CardLabel brand={record.brand} masked={record.payment_method} /> : '—'}
      </Table.Td>
      <Table.Td>
        {/* The server sets invoice_url for a receipt only; the receipt page is named by the record's id. */}
        {record.invoice_url ? (
          <Anchor
            component={Link}
            to={pagePath('organizationReceipt', { paymentId: record.id })}
            size="sm"
            aria-label={intl.formatMessage(
              { id: 'organizationAdmin.billing.history.viewInvoiceOf' },
              { description: record.subscription_plan_description, date: record.billing_period_start_text },
            )}
          >
            <FormattedMessage id="organizationAdmin.billing.history.viewInvoice" />
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="organizationAdmin.billing.history.invoiceUnavailable" />
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Team-plan §2 billing overview, panel 3: the organization's receipts and failed attempts, newest
 * first, a page at a time (the page in `?p=`); each receipt links to its receipt page.
 */
export function BillingHistoryPanel({ organizationId }: { organizationId: number }) {
  const { search } = useLocation();
  const page = currentPage(search);
  const query = useBillingHistory(organizationId, page);
  let content;
  if (query.isPending) {
    content = <PanelSkeleton label="organizationAdmin.billing.history.loading" lines={4} />;
  } else if (query.isError) {
    content = (
      <LoadErrorAlert
        message={<FormattedMessage id="organizationAdmin.billing.history.error" />}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.results.length === 0) {
    // A page past the last one (an old link) still offers the pages there are.
    content = (
      <Stack gap="md">
        <Text data-testid="billing-history-empty">
          <FormattedMessage id="organizationAdmin.billing.history.empty" />
        </Text>
        <Pagination page={page} pageCount={query.data.total_pages} />
      </Stack>
    );
  } else {
    content = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-labelledby="billing-history-title">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column} scope="col">
                    <FormattedMessage id={column} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.results.map((record) => (
                <HistoryRow key={record.id} record={record} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pagination page={page} pageCount={query.data.total_pages} loading={query.isPlaceholderData} />
      </Stack>
    );
  }
  return (
    <BillingPanel id="billing-history" title="organizationAdmin.billing.history.title">
      {content}
    </BillingPanel>
  );
}
