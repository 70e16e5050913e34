import { PAGE_ROUTES, type AdminCustomerDetail } from '@lectern/domain';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { adminDateTime } from '../admin-shell/admin-format';
import { moneyOf } from './customer-format';
import { CustomerSection } from './customer-section';

const KIND_LABELS: Record<AdminCustomerDetail['credit']['entries'][number]['kind'], string> = {
  grant: 'Granted',
  spend: 'Spent',
  refund: 'Refund',
  adjustment: 'Removed by staff',
};

/** The customer's credit balances and the newest entries of their credit ledger. */
export function CustomerCreditSection({ customer }: { customer: AdminCustomerDetail }) {
  const { credit } = customer;
  return (
    <CustomerSection title="Account credit" id="customer-credit">
      <Text>
        Available:{' '}
        <strong>
          {credit.balances.length === 0
            ? 'none'
            : credit.balances.map((balance) => moneyOf(balance.amount, balance.currency)).join(' · ')}
        </strong>
      </Text>
      {credit.entries.length === 0 ? (
        <Text c="dimmed">No credit was ever granted or spent.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" data-testid="customer-credit-ledger">
            <Table.Caption>
              {credit.entry_count > credit.entries.length
                ? `The newest ${credit.entries.length} of ${credit.entry_count} ledger entries`
                : 'Credit ledger, newest first'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col">By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {credit.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDateTime(entry.created)}</Table.Td>
                  <Table.Td>
                    {KIND_LABELS[entry.kind]}
                    {entry.order_id && (
                      <Text size="xs">
                        <Anchor
                          component={Link}
                          to={PAGE_ROUTES.adminOrder.replace(':id', String(entry.order_id))}
                        >
                          Order #{entry.order_id}
                        </Anchor>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {moneyOf(entry.amount, entry.currency)}
                  </Table.Td>
                  <Table.Td>{entry.reason || '—'}</Table.Td>
                  <Table.Td>{entry.created_by ?? 'System'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </CustomerSection>
  );
}
