import { Text } from '@mantine/core';
import { AdminLayout } from '../admin-shell/admin-layout';

/** Placeholder until this page is built (issue 32). */
export function AdminDashboardPage() {
  return (
    <AdminLayout title="Dashboard">
      <Text c="dimmed">Coming in this issue.</Text>
    </AdminLayout>
  );
}
