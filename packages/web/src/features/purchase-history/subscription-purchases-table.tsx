import type { SubscriptionPurchaseRow } from '@lectern/domain';
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/load-messages';
import { DocumentCell, PurchaseTable, purchaseDate, StatusBadge } from './purchase-cells';

const COLUMNS = [
  'purchaseHistory.column.date',
  'purchaseHistory.column.description',
  'purchaseHistory.column.totalAmount',
  'purchaseHistory.column.paymentMethod',
  'purchaseHistory.column.status',
  'purchaseHistory.column.invoice',
  'purchaseHistory.column.receipt',
] as const satisfies readonly MessageId[];

function ChargeRow({ row }: { row: SubscriptionPurchaseRow }) {
  const intl = useIntl();
  const date = purchaseDate(intl, row.date);
  const named = intl.formatMessage(
    { id: 'purchaseHistory.subscriptions.charge' },
    { description: row.description, date },
  );
  return (
    <Table.Tr data-testid="subscription-row">
      <Table.Td>{date}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={700}>
          {row.description}
        </Text>
        <Text size="sm" c="dimmed">
          {row.subtitle}
        </Text>
      </Table.Td>
      <Table.Td>{row.total_amount.price_string}</Table.Td>
      <Table.Td>{row.payment_method?.label ?? '—'}</Table.Td>
      <Table.Td>
        {row.status === 'succeeded' ? (
          <StatusBadge color="green">
            <FormattedMessage id="purchaseHistory.status.paid" />
          </StatusBadge>
        ) : (
          <StatusBadge color="red">
            <FormattedMessage id="purchaseHistory.status.failed" />
          </StatusBadge>
        )}
      </Table.Td>
      <Table.Td>
        <DocumentCell document={row.invoice} kind="invoice" of={named} />
      </Table.Td>
      <Table.Td>
        {row.receipt_url ? (
          <Anchor component={Link} to={row.receipt_url} size="sm">
            <FormattedMessage id="purchaseHistory.subscriptions.viewReceipt" />
            <VisuallyHidden>
              {' '}
              <FormattedMessage id="purchaseHistory.subscriptions.receiptOf" values={{ of: named }} />
            </VisuallyHidden>
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The Subscriptions and Organization subscriptions tabs: one row per plan charge. */
export function SubscriptionPurchasesTable({
  rows,
  organization,
}: {
  rows: SubscriptionPurchaseRow[];
  organization: boolean;
}) {
  return (
    <PurchaseTable
      caption={
        organization
          ? 'purchaseHistory.caption.organizationSubscriptions'
          : 'purchaseHistory.caption.subscriptions'
      }
      columns={COLUMNS}
      minWidth={760}
    >
      {rows.map((row) => (
        <ChargeRow key={row.id} row={row} />
      ))}
    </PurchaseTable>
  );
}
