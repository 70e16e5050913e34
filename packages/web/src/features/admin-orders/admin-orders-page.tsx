import { Text } from '@mantine/core';
import { AdminLayout } from '../admin-shell/admin-layout';

/** Placeholder until this page is built (issue 32). */
export function AdminOrdersPage() {
  return (
    <AdminLayout title="Orders">
      <Text c="dimmed">Coming in this issue.</Text>
    </AdminLayout>
  );
}
