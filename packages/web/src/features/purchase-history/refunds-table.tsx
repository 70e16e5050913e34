import type { RefundRow, RefundStatus } from '@lectern/domain';
import { Anchor, Stack, Table, Text, type MantineColor } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/load-messages';
import { DocumentCell, PurchaseTable, purchaseDate, StatusBadge } from './purchase-cells';

const COLUMNS = [
  'purchaseHistory.column.date',
  'purchaseHistory.column.description',
  'purchaseHistory.column.amount',
  'purchaseHistory.column.refundedTo',
  'purchaseHistory.column.status',
  'purchaseHistory.column.creditNote',
] as const satisfies readonly MessageId[];

const REFUND_STATUS: Record<RefundStatus, { id: MessageId; color: MantineColor }> = {
  pending: { id: 'purchaseHistory.status.pending', color: 'yellow' },
  refunded: { id: 'purchaseHistory.status.refunded', color: 'green' },
  failed: { id: 'purchaseHistory.status.failed', color: 'red' },
};

function RefundTableRow({ row }: { row: RefundRow }) {
  const intl = useIntl();
  const status = REFUND_STATUS[row.status];
  // A failed refund will never have a credit note, whatever the link says.
  const creditNote =
    row.status === 'failed' && row.credit_note.status !== 'available'
      ? ({ status: 'unavailable', url: null, number: null } as const)
      : row.credit_note;
  return (
    <Table.Tr data-testid="refund-row">
      <Table.Td>{purchaseDate(intl, row.date)}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={row.course.url} size="sm">
          {row.course.title}
        </Anchor>
      </Table.Td>
      <Table.Td>{row.amount.price_string}</Table.Td>
      <Table.Td>
        <Stack gap={0}>
          {row.refunded_to.map((destination, index) => (
            <Text size="sm" key={`${destination.kind}-${index}`}>
              <FormattedMessage
                id="purchaseHistory.refunds.destination"
                values={{ label: destination.label, amount: destination.amount.price_string }}
              />
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <StatusBadge color={status.color}>
            <FormattedMessage id={status.id} />
          </StatusBadge>
          {row.status === 'failed' && row.failure_reason && (
            <Text size="sm" c="red.9" data-testid="refund-failure">
              {row.failure_reason}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <DocumentCell document={creditNote} kind="creditNote" of={row.course.title} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The Refunds tab: one row per refunded course, where the money went and its credit note. */
export function RefundsTable({ rows }: { rows: RefundRow[] }) {
  return (
    <PurchaseTable caption={'purchaseHistory.caption.refunds'} columns={COLUMNS} minWidth={720}>
      {rows.map((row) => (
        <RefundTableRow key={row.id} row={row} />
      ))}
    </PurchaseTable>
  );
}
