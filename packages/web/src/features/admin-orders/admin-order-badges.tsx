import { ADMIN_ORDER_STATUS_LABELS, type AdminLineRefund, type AdminOrderStatus } from '@lectern/domain';
import { Badge } from '@mantine/core';

const ORDER_COLORS: Record<AdminOrderStatus, string> = {
  paid: 'green',
  partially_refunded: 'yellow',
  refunded: 'gray',
  refund_pending: 'blue',
  refund_failed: 'red',
};

export function OrderStatusBadge({ status }: { status: AdminOrderStatus }) {
  return (
    <Badge variant="light" color={ORDER_COLORS[status]}>
      {ADMIN_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A refund's state; a pending one whose automatic retries ran out says so. */
export function RefundStatusBadge({ refund }: { refund: Pick<AdminLineRefund, 'status' | 'stuck'> }) {
  if (refund.status === 'pending' && refund.stuck) {
    return (
      <Badge variant="light" color="orange">
        Stuck
      </Badge>
    );
  }
  const [label, color] =
    refund.status === 'refunded'
      ? ['Refunded', 'gray']
      : refund.status === 'failed'
        ? ['Failed', 'red']
        : ['Pending', 'blue'];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}
