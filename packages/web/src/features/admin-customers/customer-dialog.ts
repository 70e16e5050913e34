import { type AdminCustomerDetail } from '@lectern/domain';
import { useQueryClient } from '@tanstack/react-query';

/** What each of the customer page's dialogs gets. */
export interface CustomerDialogProps {
  customer: AdminCustomerDetail;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** Reloads the customer, the audit trail and the customer list after a change. */
export function useRefreshCustomer(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'customer', id] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit-events'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] }),
    ]);
}
