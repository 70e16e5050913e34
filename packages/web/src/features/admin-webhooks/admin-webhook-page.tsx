import { Text } from '@mantine/core';
import { AdminLayout } from '../admin-shell/admin-layout';

/** Placeholder while the page is built (issue 33). */
export function AdminWebhookPage() {
  return (
    <AdminLayout title="Webhook">
      <Text>Coming in this issue.</Text>
    </AdminLayout>
  );
}
