import { Text } from '@mantine/core';
import { AdminLayout } from '../admin-shell/admin-layout';

/** Placeholder while the page is built (issue 33). */
export function AdminSubscriptionPage() {
  return (
    <AdminLayout title="Subscription">
      <Text>Coming in this issue.</Text>
    </AdminLayout>
  );
}
