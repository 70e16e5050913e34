import { PAGE_ROUTES } from '@lectern/domain';
import { Alert, Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminDateTime, adminMoney } from '../admin-shell/admin-format';
import { OrderStatusBadge } from '../admin-orders/admin-order-badges';
import { adminOrderPath } from '../admin-orders/admin-orders-api';
import { AdminLayout, StaffRoleBadge, useStaff } from '../admin-shell/admin-layout';
import { adminDashboardQuery } from './admin-dashboard-api';
import { RevenueAnalytics } from './revenue-analytics';

/**
 * `/admin/`: the back office's first page — what needs a look, the revenue figures and charts of
 * a period beside the period before (issue 33), and the newest orders.
 */
export function AdminDashboardPage() {
  return (
    <AdminLayout title="Dashboard">
      <Dashboard />
    </AdminLayout>
  );
}

function Dashboard() {
  const api = useApiClient();
  const staff = useStaff();
  const dashboard = useQuery(adminDashboardQuery(api));
  if (dashboard.isPending) return <PageLoader label="Loading the dashboard" />;
  if (dashboard.isError) {
    return (
      <LoadErrorAlert message="The dashboard could not be loaded." onRetry={() => void dashboard.refetch()} />
    );
  }
  const { alerts, newest_orders: newest, as_of: asOf } = dashboard.data;
  const attention = alerts.failed_refunds + alerts.stuck_refunds;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Signed in as {staff.email}
        </Text>
        <StaffRoleBadge role={staff.role} />
      </Group>
      {attention > 0 && (
        <Alert
          color="red"
          variant="light"
          title={`${attention} refund${attention === 1 ? ' needs' : 's need'} attention`}
          data-testid="admin-refund-alert"
        >
          <Stack gap={4}>
            {alerts.failed_refunds > 0 && (
              <Anchor component={Link} to={`${PAGE_ROUTES.adminRefunds}?status=failed`}>
                {alerts.failed_refunds} failed refund{alerts.failed_refunds === 1 ? '' : 's'}
              </Anchor>
            )}
            {alerts.stuck_refunds > 0 && (
              <Anchor component={Link} to={`${PAGE_ROUTES.adminRefunds}?status=stuck`}>
                {alerts.stuck_refunds} refund{alerts.stuck_refunds === 1 ? '' : 's'} stuck after the automatic
                retries
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      <RevenueAnalytics />
      <Card withBorder padding="md" component="section" aria-label="Newest orders">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Newest orders
          </Title>
          <Anchor component={Link} to={PAGE_ROUTES.adminOrders}>
            All orders
          </Anchor>
        </Group>
        {newest.length === 0 ? (
          <Text size="sm">No orders yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Order</Table.Th>
                  <Table.Th scope="col">Placed</Table.Th>
                  <Table.Th scope="col">Buyer</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Total
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {newest.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Th scope="row">
                      <Anchor component={Link} to={adminOrderPath(order.id)}>
                        #{order.id}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{adminDateTime(order.created_at)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{order.buyer.email}</Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td ta="right">{adminMoney(order.gross)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Text size="xs" c="dimmed">
        Orders and alerts as of {adminDateTime(asOf)}.
      </Text>
    </Stack>
  );
}
