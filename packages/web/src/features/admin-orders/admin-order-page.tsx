import {
  adminDocumentPath,
  isDatabaseIdText,
  PAGE_ROUTES,
  type AdminLineRefund,
  type AdminOrderDetail,
} from '@lectern/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { AdminLayout, useStaffMay } from '../admin-shell/admin-layout';
import { adminDate, adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { OrderStatusBadge, RefundStatusBadge } from './admin-order-badges';
import { adminOrderQuery, retryRefund } from './admin-orders-api';
import { RefundOrderButton } from './refund-order-modal';
import { AdminAuditTrail } from '../admin-shell/admin-audit-trail';

/** `/admin/orders/:id/`: one order with everything staff are asked about, and its refunds. */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  const orderId = isDatabaseIdText(id) ? Number(id) : null;
  return (
    <AdminLayout title={orderId ? `Order #${orderId}` : 'Order'}>
      {orderId ? <OrderView orderId={orderId} /> : <Text>There is no such order.</Text>}
    </AdminLayout>
  );
}

function OrderView({ orderId }: { orderId: number }) {
  const api = useApiClient();
  const order = useQuery(adminOrderQuery(api, orderId));
  if (order.isPending) return <PageLoader label="Loading the order" />;
  if (order.isError) {
    if (isApiError(order.error) && order.error.statusCode === 404) {
      return (
        <Stack gap="sm" align="flex-start">
          <Text>There is no order #{orderId}.</Text>
          <Anchor component={Link} to={PAGE_ROUTES.adminOrders}>
            Back to the orders
          </Anchor>
        </Stack>
      );
    }
    return <LoadErrorAlert message="The order could not be loaded." onRetry={() => void order.refetch()} />;
  }
  return <OrderSections order={order.data} />;
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title} padding="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

/** Label and value pairs. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={6} m={0}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function OrderSections({ order }: { order: AdminOrderDetail }) {
  const mayRefund = useStaffMay('orders.refund');
  const [notice, setNotice] = useState<string | null>(null);
  const refundable = order.lines.some(
    (line) => line.refund_refusal === null || line.refund_refusal_overridable,
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <OrderStatusBadge status={order.status} />
          <Text c="dimmed" size="sm">
            Placed {adminDateTime(order.created_at)}
          </Text>
          {!order.refund_window_open && (
            <Badge variant="outline" color="gray">
              Past the 30-day window ({adminDate(order.refund_deadline)})
            </Badge>
          )}
        </Group>
        {mayRefund && refundable && (
          <RefundOrderButton order={order} onRefunded={(message) => setNotice(message)} />
        )}
      </Group>
      {notice && (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Buyer">
          <Facts
            items={[
              [
                'E-mail',
                <Anchor
                  key="buyer"
                  component={Link}
                  to={PAGE_ROUTES.adminCustomer.replace(':id', String(order.buyer.id))}
                >
                  {order.buyer.email || `Customer #${order.buyer.id}`}
                </Anchor>,
              ],
              ['Name', order.buyer.name || '—'],
              ['Account country', order.buyer.country || '—'],
              ['Account', order.buyer.anonymised ? 'Anonymised on request' : `#${order.buyer.id}`],
            ]}
          />
        </Section>
        <Section title="Payment">
          <Facts
            items={[
              ['Method', order.payment_method.label],
              ['Provider payment', order.gateway_payment_id ? <Code>{order.gateway_payment_id}</Code> : '—'],
              ['Billing country', order.country ?? '—'],
              ['Tax number', order.tax_number ?? '—'],
            ]}
          />
        </Section>
      </SimpleGrid>

      <Section title="Courses">
        <LinesTable order={order} />
      </Section>

      <Section title="Totals">
        <Facts
          items={[
            ['Subtotal (after discounts)', adminMoney(order.subtotal)],
            ['Discounts', adminMoney(order.discount)],
            [
              order.tax_mode === 'tax_added' ? 'Tax (added on top)' : 'Tax (included in prices)',
              `${adminMoney(order.tax)}${order.tax_rate_percent ? ` · ${order.tax_rate_percent}%` : ''}`,
            ],
            ...order.tax_lines.map((line): [string, ReactNode] => [
              `${line.label} (${line.rate_percent}%)`,
              adminMoney(line.amount),
            ]),
            ['Account credit used', adminMoney(order.credit)],
            ['Charged by the provider', adminMoney(order.total)],
            ['Paid in all', <strong key="gross">{adminMoney(order.gross)}</strong>],
            ...(order.tax_note ? [['Tax note', order.tax_note] as [string, ReactNode]] : []),
          ]}
        />
      </Section>

      <Section title="Refunds">
        <RefundsTable order={order} mayRetry={mayRefund} />
      </Section>

      <Section title="Invoice and credit notes">
        <Documents order={order} />
      </Section>

      <Section title="Payment attempts">
        <AttemptsTable order={order} />
      </Section>

      <Section title="Provider events">
        <EventsTable order={order} />
      </Section>

      <Section title="History">
        <AdminAuditTrail objectType="order" objectId={order.id} />
      </Section>
    </Stack>
  );
}

const REFUSAL_TEXTS: Record<string, string> = {
  refund_window_closed: 'Past the 30-day window',
  already_refunded: 'Refund made',
  nothing_to_refund: 'Nothing paid',
  payment_pending: 'Payment pending',
  gift_redeemed: 'Gift redeemed',
};

function LinesTable({ order }: { order: AdminOrderDetail }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Course</Table.Th>
            <Table.Th scope="col" ta="right">
              List price
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Discount
            </Table.Th>
            <Table.Th scope="col">Code</Table.Th>
            <Table.Th scope="col" ta="right">
              Tax
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Paid
            </Table.Th>
            <Table.Th scope="col">Refund</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Th scope="row" fw={400}>
                <Text size="sm">{line.course.title}</Text>
                <Text size="xs" c="dimmed">
                  Line #{line.id}
                  {line.buyable_type === 'gift' ? ' · gift' : ''}
                </Text>
              </Table.Th>
              <Table.Td ta="right">{adminMoney(line.list_price)}</Table.Td>
              <Table.Td ta="right">{line.discount.amount > 0 ? adminMoney(line.discount) : '—'}</Table.Td>
              <Table.Td>{line.code ?? '—'}</Table.Td>
              <Table.Td ta="right">{adminMoney(line.tax)}</Table.Td>
              <Table.Td ta="right">{adminMoney(line.paid)}</Table.Td>
              <Table.Td>
                {line.refund ? (
                  <RefundStatusBadge refund={line.refund} />
                ) : line.refund_refusal ? (
                  <Text size="sm" c="dimmed">
                    {REFUSAL_TEXTS[line.refund_refusal] ?? line.refund_refusal}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    Refundable
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RefundsTable({ order, mayRetry }: { order: AdminOrderDetail; mayRetry: boolean }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // One retry at a time: a second click before the pending state renders sends nothing.
  const retrying = useRef(false);
  const retry = useMutation({
    mutationFn: (refundId: number) => retryRefund(api, refundId),
    onMutate: () => setError(null),
    onError: (failure) => setError(isApiError(failure) ? failure.detail : 'The refund could not be retried.'),
    onSettled: () => {
      retrying.current = false;
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const retryOnce = (refundId: number) => {
    if (retrying.current) return;
    retrying.current = true;
    retry.mutate(refundId);
  };
  if (order.refunds.length === 0) return <Text size="sm">No refunds.</Text>;
  const titleOf = (refund: AdminLineRefund) =>
    order.lines.find((line) => line.id === refund.order_line_id)?.course.title ??
    `Line #${refund.order_line_id}`;
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Course</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
              <Table.Th scope="col">Back to</Table.Th>
              <Table.Th scope="col">By</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
              <Table.Th scope="col">Requested</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.refunds.map((refund) => (
              <Table.Tr key={refund.id}>
                <Table.Th scope="row" fw={400}>
                  <Text size="sm">{titleOf(refund)}</Text>
                  <Text size="xs" c="dimmed">
                    Refund #{refund.id}
                    {refund.retries > 0 ? ` · retried ${refund.retries}×` : ''}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <RefundStatusBadge refund={refund} />
                  {refund.failure_message && (
                    <Text size="xs" c="red">
                      {refund.failure_code}: {refund.failure_message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{adminMoney(refund.amount)}</Table.Td>
                <Table.Td>
                  {[
                    refund.provider_amount.amount > 0
                      ? `${refund.provider_label ?? 'Original method'} ${adminMoney(refund.provider_amount)}`
                      : null,
                    refund.credit_amount.amount > 0
                      ? `Account credit ${adminMoney(refund.credit_amount)}`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Table.Td>
                <Table.Td>{refund.staff ? refund.staff.email : 'The buyer'}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {refund.comment ?? refund.reason}
                  </Text>
                </Table.Td>
                <Table.Td>{adminDateTime(refund.requested_at)}</Table.Td>
                <Table.Td>
                  {mayRetry && (refund.status === 'failed' || refund.stuck) ? (
                    <Button
                      size="xs"
                      variant="light"
                      loading={retry.isPending && retry.variables === refund.id}
                      disabled={retry.isPending}
                      onClick={() => retryOnce(refund.id)}
                      aria-label={`Retry refund #${refund.id}`}
                    >
                      Retry
                    </Button>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Documents({ order }: { order: AdminOrderDetail }) {
  const notes = order.refunds.filter((refund) => refund.credit_note !== null);
  if (!order.invoice && notes.length === 0) return <Text size="sm">A free order has no invoice.</Text>;
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {order.invoice && (
        <li>
          <Anchor href={order.invoice.url} target="_blank" rel="noopener">
            Invoice {order.invoice.number ?? '(issued when first opened)'}
          </Anchor>
        </li>
      )}
      {notes.map((refund) => (
        <li key={refund.id}>
          <Anchor
            href={refund.credit_note?.url ?? adminDocumentPath('refund', refund.id)}
            target="_blank"
            rel="noopener"
          >
            Credit note {refund.credit_note?.number ?? '(issued when first opened)'} · refund #{refund.id}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}

function AttemptsTable({ order }: { order: AdminOrderDetail }) {
  if (order.payment_attempts.length === 0) {
    return (
      <Text size="sm">No payment attempts are recorded for this order (paid before Lectern kept them).</Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Started</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Method</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col">Provider ids</Table.Th>
            <Table.Th scope="col">Failure</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.payment_attempts.map((attempt) => (
            <Table.Tr key={attempt.id}>
              <Table.Td>
                {adminDateTime(attempt.created_at)}
                {attempt.made_the_order && (
                  <Text size="xs" c="dimmed">
                    Made this order
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{attempt.status}</Table.Td>
              <Table.Td>
                {attempt.method_type} ({attempt.vendor})
              </Table.Td>
              <Table.Td ta="right">{adminMoney(attempt.amount)}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {[attempt.gateway_payment_id, attempt.gateway_payment_method_id, attempt.gateway_refund_id]
                    .filter((id): id is string => id !== null)
                    .map((id) => (
                      <Code key={id}>{id}</Code>
                    ))}
                </Stack>
              </Table.Td>
              <Table.Td>{attempt.error_code ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EventsTable({ order }: { order: AdminOrderDetail }) {
  if (order.provider_events.length === 0)
    return <Text size="sm">No provider events are stored for this payment.</Text>;
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Received</Table.Th>
            <Table.Th scope="col">Event</Table.Th>
            <Table.Th scope="col">Processed</Table.Th>
            <Table.Th scope="col">Id</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.provider_events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{adminDateTime(event.received_at)}</Table.Td>
              <Table.Td>
                {event.gateway_type}
                {event.type !== 'ignored' && (
                  <Text size="xs" c="dimmed">
                    {event.type}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {event.processed_at ? adminDateTime(event.processed_at) : 'Not yet'}
                {event.last_error && (
                  <Text size="xs" c="red">
                    {event.last_error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Code>{event.id}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
