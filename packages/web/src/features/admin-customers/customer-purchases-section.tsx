import { PAGE_ROUTES, type AdminCustomerDetail } from '@lectern/domain';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { adminDateTime } from '../admin-shell/admin-format';
import { moneyOf } from './customer-format';
import { CustomerSection } from './customer-section';

/** The customer's newest orders: courses, payment and total, each linking to the order. */
export function CustomerPurchasesSection({ customer }: { customer: AdminCustomerDetail }) {
  const { purchases } = customer;
  return (
    <CustomerSection title="Purchases" id="customer-purchases">
      {purchases.count === 0 ? (
        <Text c="dimmed">No purchases.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={680}>
            <Table striped verticalSpacing="sm" data-testid="customer-orders">
              <Table.Caption>
                {purchases.count > purchases.results.length
                  ? `The newest ${purchases.results.length} of ${purchases.count} orders`
                  : `${purchases.count} order${purchases.count === 1 ? '' : 's'}`}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Order</Table.Th>
                  <Table.Th scope="col">Placed</Table.Th>
                  <Table.Th scope="col">Courses</Table.Th>
                  <Table.Th scope="col">Paid with</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Total
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {purchases.results.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Th scope="row">
                      <Anchor
                        component={Link}
                        to={PAGE_ROUTES.adminOrder.replace(':id', String(order.id))}
                        fw={700}
                      >
                        #{order.id}
                      </Anchor>
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDateTime(order.completed)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {order.lines.map((line) => (
                          <Text size="sm" key={line.id}>
                            {line.course_title ?? `Course #${line.course_id}`}
                            {line.buyable_type === 'gift' ? ' (gift)' : ''} —{' '}
                            {moneyOf(line.price, order.currency)}
                            {line.coupon_code ? ` (code ${line.coupon_code})` : ''}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {order.payment_label}
                      {order.credit > 0 && (
                        <Text size="xs" c="dimmed">
                          {moneyOf(order.credit, order.currency)} of credit
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {moneyOf(order.total, order.currency)}
                      {order.tax > 0 && (
                        <Text size="xs" c="dimmed">
                          incl. {moneyOf(order.tax, order.currency)} tax
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </CustomerSection>
  );
}
