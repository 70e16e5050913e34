import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  type AdminWebhookEndpoint,
  type WebhookDeliveryStatus,
} from '@lectern/domain';
import { Badge } from '@mantine/core';

const DELIVERY_COLORS: Record<WebhookDeliveryStatus, string> = {
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** A delivery's state; a pending one that has failed before says it is retrying. */
export function WebhookDeliveryBadge({
  status,
  attempts,
}: {
  status: WebhookDeliveryStatus;
  attempts: number;
}) {
  return (
    <Badge variant="light" color={status === 'pending' && attempts > 0 ? 'orange' : DELIVERY_COLORS[status]}>
      {status === 'pending' && attempts > 0 ? 'Retrying' : WEBHOOK_DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** An endpoint's state: disabled, failing (a failure in the last day), or enabled. */
export function WebhookEndpointStatusBadge({
  endpoint,
}: {
  endpoint: Pick<AdminWebhookEndpoint, 'enabled' | 'failed_recently'>;
}) {
  if (!endpoint.enabled) {
    return (
      <Badge variant="light" color="gray">
        Disabled
      </Badge>
    );
  }
  return endpoint.failed_recently > 0 ? (
    <Badge variant="light" color="red">
      Failing
    </Badge>
  ) : (
    <Badge variant="light" color="green">
      Enabled
    </Badge>
  );
}
