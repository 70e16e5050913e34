import { Modal } from '@mantine/core';
import { useIntl } from 'react-intl';
import { CardUpdateForm } from './card-update-form';

/**
 * Team-plan §2 'Update payment method' modal of the subscription management and billing
 * pages: the organization's card update in a dialog (focus starts inside it, Escape and
 * 'Cancel' close it). On success it closes, tells its page (`onUpdated`) and the success
 * banner shows; on failure it stays open with the message and what was typed.
 */
export function UpdatePaymentMethodModal({
  opened,
  onClose,
  onUpdated,
}: {
  opened: boolean;
  onClose: () => void;
  onUpdated: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={intl.formatMessage({ id: 'organizationAdmin.updatePayment.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'subscriptions.manage.close' }) }}
    >
      <CardUpdateForm
        onCancel={onClose}
        onUpdated={() => {
          onClose();
          onUpdated();
        }}
      />
    </Modal>
  );
}
