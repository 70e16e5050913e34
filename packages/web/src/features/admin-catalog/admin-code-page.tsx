import { Text } from '@mantine/core';
import { AdminLayout } from '../admin-shell/admin-layout';

/** Placeholder until this page is built (issue 32). */
export function AdminCodePage() {
  return (
    <AdminLayout title="Discount code">
      <Text c="dimmed">Coming in this issue.</Text>
    </AdminLayout>
  );
}
