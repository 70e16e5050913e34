import {
  pagePath,
  type CoursePurchaseLine,
  type CoursePurchaseRow,
  type GiftStatus,
  type PurchaseGift,
} from '@lectern/domain';
import { Anchor, Stack, Table, Text, VisuallyHidden, type MantineColor } from '@mantine/core';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../i18n/load-messages';
import { deadlineDate, DocumentCell, PurchaseTable, purchaseDate, StatusBadge } from './purchase-cells';

const COLUMNS = [
  'purchaseHistory.column.date',
  'purchaseHistory.column.description',
  'purchaseHistory.column.totalPrice',
  'purchaseHistory.column.paymentMethod',
  'purchaseHistory.column.status',
  'purchaseHistory.column.invoice',
] as const satisfies readonly MessageId[];

const ORDER_STATUS: Record<CoursePurchaseRow['status'], { id: MessageId; color: MantineColor }> = {
  completed: { id: 'purchaseHistory.status.completed', color: 'green' },
  pending: { id: 'purchaseHistory.status.pending', color: 'yellow' },
  partially_refunded: { id: 'purchaseHistory.status.partiallyRefunded', color: 'gray' },
  refunded: { id: 'purchaseHistory.status.refunded', color: 'gray' },
};

const LINE_REFUND_STATUS: Record<NonNullable<CoursePurchaseLine['refund']>['status'], MessageId> = {
  pending: 'purchaseHistory.lineRefund.pending',
  refunded: 'purchaseHistory.lineRefund.refunded',
  failed: 'purchaseHistory.lineRefund.failed',
};

const GIFT_STATUS: Record<GiftStatus, { id: MessageId; color: MantineColor }> = {
  scheduled: { id: 'purchaseHistory.gift.scheduled', color: 'yellow' },
  delivered: { id: 'purchaseHistory.gift.delivered', color: 'green' },
  redeemed: { id: 'purchaseHistory.gift.redeemed', color: 'green' },
  refunded: { id: 'purchaseHistory.gift.refunded', color: 'gray' },
};

/** A course bought for someone else: who it is for, and where it is (mail due, sent, taken, refunded). */
function GiftNote({ gift }: { gift: PurchaseGift }) {
  const intl = useIntl();
  const status = GIFT_STATUS[gift.status];
  return (
    <Stack gap={2} align="flex-start" data-testid="purchase-gift">
      <Text size="sm">
        <FormattedMessage
          id="purchaseHistory.gift.for"
          values={{ recipient: gift.recipient_name ?? gift.recipient_email }}
        />
      </Text>
      <StatusBadge color={status.color}>
        <FormattedMessage id={status.id} values={{ date: purchaseDate(intl, gift.deliver_at) }} />
      </StatusBadge>
    </Stack>
  );
}

/**
 * What a bought course offers: its refund's status once one was asked for, else 'Request a
 * refund' while it can be, else (past day 30) when the refund period ended. Other refusals (a
 * free course, a payment not arrived yet) offer nothing.
 */
function LineRefund({ line }: { line: CoursePurchaseLine }) {
  const intl = useIntl();
  if (line.refund) {
    return (
      <Text size="sm" c={line.refund.status === 'failed' ? 'red.9' : undefined}>
        <FormattedMessage id={LINE_REFUND_STATUS[line.refund.status]} />
      </Text>
    );
  }
  if (line.refund_refusal === null) {
    return (
      <Anchor component={Link} to={pagePath('requestRefund', { id: line.id })} size="sm">
        <FormattedMessage id="purchaseHistory.requestRefund" />
        <VisuallyHidden>
          {' '}
          <FormattedMessage id="purchaseHistory.requestRefundFor" values={{ title: line.course.title }} />
        </VisuallyHidden>
      </Anchor>
    );
  }
  if (line.refund_refusal === 'refund_window_closed') {
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage
          id="purchaseHistory.refundPeriodEnded"
          values={{ date: deadlineDate(intl, line.refund_deadline) }}
        />
      </Text>
    );
  }
  return null;
}

/** The sub-rows of an order: each bought course, what was paid for it and its refund. */
function OrderLines({ row, date }: { row: CoursePurchaseRow; date: string }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="purchase-lines">
      <Table.Caption>
        <VisuallyHidden>
          <FormattedMessage id="purchaseHistory.lines.caption" values={{ date }} />
        </VisuallyHidden>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">
            <FormattedMessage id="purchaseHistory.lines.course" />
          </Table.Th>
          <Table.Th scope="col">
            <FormattedMessage id="purchaseHistory.lines.price" />
          </Table.Th>
          <Table.Th scope="col">
            <FormattedMessage id="purchaseHistory.lines.refund" />
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {row.courses.map((line) => (
          <Table.Tr key={line.id} data-testid="purchase-line">
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Anchor component={Link} to={line.course.url} size="sm">
                  {line.course.title}
                </Anchor>
                {line.gift && <GiftNote gift={line.gift} />}
              </Stack>
            </Table.Td>
            <Table.Td>{line.price.price_string}</Table.Td>
            <Table.Td>
              <LineRefund line={line} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function OrderRow({ row }: { row: CoursePurchaseRow }) {
  const intl = useIntl();
  const linesId = useId();
  const [expanded, setExpanded] = useState(false);
  const date = purchaseDate(intl, row.date);
  const status = ORDER_STATUS[row.status];
  const refunded = row.courses.filter((line) => line.refund?.status === 'refunded').length;
  const first = row.courses[0];
  return (
    <>
      <Table.Tr data-testid="purchase-row">
        <Table.Td>{date}</Table.Td>
        <Table.Td>
          <Stack gap={2} align="flex-start">
            <Text size="sm" fw={700}>
              <FormattedMessage id="purchaseHistory.coursesPurchased" values={{ count: row.course_count }} />
            </Text>
            {first && (
              <Text size="sm">
                {first.gift ? (
                  <FormattedMessage
                    id="purchaseHistory.gift.titleOf"
                    values={{ title: first.course.title }}
                  />
                ) : (
                  first.course.title
                )}
              </Text>
            )}
            <Anchor
              component="button"
              type="button"
              size="sm"
              aria-expanded={expanded}
              aria-controls={linesId}
              onClick={() => setExpanded((open) => !open)}
            >
              <FormattedMessage
                id={expanded ? 'purchaseHistory.hideCourses' : 'purchaseHistory.viewAllCourses'}
              />
            </Anchor>
          </Stack>
        </Table.Td>
        <Table.Td>{row.total_price.price_string}</Table.Td>
        <Table.Td>{row.payment_method.label}</Table.Td>
        <Table.Td>
          <Stack gap={2} align="flex-start">
            <StatusBadge color={status.color}>
              <FormattedMessage id={status.id} />
            </StatusBadge>
            {refunded > 0 && (
              <Text size="xs" c="dimmed">
                <FormattedMessage id="purchaseHistory.coursesRefunded" values={{ count: refunded }} />
              </Text>
            )}
          </Stack>
        </Table.Td>
        <Table.Td>
          <DocumentCell document={row.invoice} kind="invoice" of={date} />
        </Table.Td>
      </Table.Tr>
      {/* Always in the document (hidden while closed) so the button's aria-controls names a real element. */}
      <Table.Tr id={linesId} hidden={!expanded}>
        <Table.Td colSpan={COLUMNS.length}>
          <OrderLines row={row} date={date} />
        </Table.Td>
      </Table.Tr>
    </>
  );
}

/** The Courses tab: one row per order; 'View all courses' opens its courses underneath. */
export function CoursePurchasesTable({ rows }: { rows: CoursePurchaseRow[] }) {
  return (
    <PurchaseTable caption={'purchaseHistory.caption.courses'} columns={COLUMNS} minWidth={720}>
      {rows.map((row) => (
        <OrderRow key={row.id} row={row} />
      ))}
    </PurchaseTable>
  );
}
