import type { PurchaseDocumentLink } from '@lectern/domain';
import { Anchor, Badge, Table, Text, VisuallyHidden, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';

/** Dates of the history: "Mar 5, 2026" in the user's locale. */
export function purchaseDate(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'medium' });
}

const DOCUMENT_MESSAGES = {
  invoice: {
    download: 'purchaseHistory.document.downloadInvoice',
    unavailable: 'purchaseHistory.document.invoiceUnavailable',
  },
  creditNote: {
    download: 'purchaseHistory.document.downloadCreditNote',
    unavailable: 'purchaseHistory.document.creditNoteUnavailable',
  },
} as const satisfies Record<string, { download: MessageId; unavailable: MessageId }>;

/**
 * An invoice or credit note: 'Download' once it exists, 'Pending' while the payment or refund is
 * on its way, and '… unavailable' when there will be none. `of` names the row for the link's
 * accessible name, since every row has its own 'Download'.
 */
export function DocumentCell({
  document,
  kind,
  of,
}: {
  document: PurchaseDocumentLink;
  kind: keyof typeof DOCUMENT_MESSAGES;
  of: string;
}) {
  const intl = useIntl();
  const messages = DOCUMENT_MESSAGES[kind];
  if (document.status === 'available') {
    return (
      <Anchor href={document.url} download size="sm" fw={700}>
        <FormattedMessage id="purchaseHistory.document.download" />{' '}
        <VisuallyHidden>{intl.formatMessage({ id: messages.download }, { of })}</VisuallyHidden>
      </Anchor>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      <FormattedMessage
        id={document.status === 'pending' ? 'purchaseHistory.document.pending' : messages.unavailable}
      />
    </Text>
  );
}

/** A status as a light badge (the theme darkens the light colours' text for AA contrast). */
export function StatusBadge({ color, children }: { color: MantineColor; children: ReactNode }) {
  return (
    <Badge color={color} variant="light" tt="none">
      {children}
    </Badge>
  );
}

/**
 * A refund deadline's day. The refund rule counts whole UTC days (the deadline is the end of
 * day 30 in UTC), so the day is read in UTC too: in a time zone ahead of UTC the instant would
 * otherwise fall on the next day.
 */
export function deadlineDate(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** A purchase-history table: a caption for screen readers, the column headers, then the rows. */
export function PurchaseTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: MessageId;
  columns: readonly MessageId[];
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm">
        <Table.Caption>
          <VisuallyHidden>
            <FormattedMessage id={caption} />
          </VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                <FormattedMessage id={column} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
