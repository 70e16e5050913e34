import { PAGE_ROUTES, type AdminSalesFigures } from '@lectern/domain';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminDateTime, adminMoney, adminMoneyList } from '../admin-shell/admin-format';
import { OrderStatusBadge } from '../admin-orders/admin-order-badges';
import { adminOrderPath } from '../admin-orders/admin-orders-api';
import { AdminLayout, StaffRoleBadge, useStaff } from '../admin-shell/admin-layout';
import { adminDashboardQuery } from './admin-dashboard-api';

/** `/admin/`: the back office's first page — today's and the month's sales, what needs a look, the newest orders. */
export function AdminDashboardPage() {
  return (
    <AdminLayout title="Dashboard">
      <Dashboard />
    </AdminLayout>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function SalesCard({ title, figures }: { title: string; figures: AdminSalesFigures }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Figure label="Orders" value={String(figures.orders)} />
        <Figure label="Gross" value={adminMoneyList(figures.gross)} />
        <Figure label="Refunds" value={String(figures.refunds)} />
        <Figure label="Refunded" value={adminMoneyList(figures.refunded)} />
      </SimpleGrid>
    </Card>
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
  const { today, last_30_days: month, alerts, newest_orders: newest, as_of: asOf } = dashboard.data;
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
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SalesCard title="Today (UTC)" figures={today} />
        <SalesCard title="Last 30 days" figures={month} />
      </SimpleGrid>
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
        Figures as of {adminDateTime(asOf)}.
      </Text>
    </Stack>
  );
}
