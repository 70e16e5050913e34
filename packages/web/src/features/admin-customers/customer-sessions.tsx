import { type AdminCustomerDetail } from '@lectern/domain';
import { Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../platform/api';
import { ConfirmActionModal } from '../../ui/confirm-action-modal';
import { revokeCustomerSessions } from './admin-customers-api';
import { useRefreshCustomer, type CustomerDialogProps } from './customer-dialog';
import { failureText } from './customer-format';
import { CustomerSection } from './customer-section';

/** On how many devices or browsers the customer is signed in. */
export function CustomerSessionsSection({ customer }: { customer: AdminCustomerDetail }) {
  return (
    <CustomerSection title="Sessions" id="customer-sessions">
      <Text>
        {customer.active_sessions === 0
          ? 'Not signed in anywhere.'
          : `Signed in on ${customer.active_sessions} device${customer.active_sessions === 1 ? '' : 's'} or browser${customer.active_sessions === 1 ? '' : 's'}.`}
      </Text>
    </CustomerSection>
  );
}

/** "End all sessions": a confirmation, then every session of the customer ends. */
export function EndSessionsModal({ customer, onClose, onDone }: CustomerDialogProps) {
  const api = useApiClient();
  const refresh = useRefreshCustomer(customer.profile.id);
  const revoke = useMutation({
    mutationFn: () => revokeCustomerSessions(api, customer.profile.id),
    onSuccess: (answer) =>
      onDone(
        `Ended ${answer.revoked} session${answer.revoked === 1 ? '' : 's'}: the customer signs in again.`,
      ),
    onSettled: () => refresh(),
  });
  return (
    <ConfirmActionModal
      opened
      title="End all sessions"
      cancelLabel="Cancel"
      confirmLabel="End all sessions"
      pending={revoke.isPending}
      error={revoke.isError ? failureText(revoke.error, 'The sessions could not be ended. Try again.') : null}
      onConfirm={() => revoke.mutate()}
      onClose={onClose}
    >
      <Text>
        {customer.profile.email} is signed out on every device and browser at once, and must sign in again.
      </Text>
    </ConfirmActionModal>
  );
}
