import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SubscriptionBillingAddress } from '../../subscriptions/subscription-api';
import { useSubscriptionInfo } from '../../subscriptions/use-subscription-info';
import { updateBillingItem } from './billing-api';
import { EditBillingForm, type EditBillingProps } from './edit-billing-form';

function EditBillingContent(props: EditBillingProps) {
  const intl = useIntl();
  // None at first: the server prices the location on file; later the one being typed.
  const [location, setLocation] = useState<SubscriptionBillingAddress | undefined>(undefined);
  const info = useSubscriptionInfo({
    event: 'UpdateBilling',
    item: updateBillingItem(props.enrollment),
    location,
    enabled: true,
  });
  // Only an answer asked for since the modal opened (not a cached one from an earlier visit);
  // once shown, the form stays: a failed tax reload must not take away what was typed.
  const [shown, setShown] = useState<typeof info.data>(undefined);
  if (info.isSuccess && info.isFetchedAfterMount && info.data !== shown) setShown(info.data);
  if (shown) return <EditBillingForm {...props} info={shown.data} onTaxLocation={setLocation} />;
  if (!info.isError || info.isFetching) {
    return (
      <Center
        py="xl"
        role="status"
        aria-label={intl.formatMessage({ id: 'organizationAdmin.billing.edit.loading' })}
      >
        <Loader aria-hidden="true" />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <Text role="alert" data-testid="edit-billing-load-error">
        <FormattedMessage id="organizationAdmin.billing.edit.loadError" />
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          <FormattedMessage id="organizationAdmin.billing.edit.cancel" />
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Team-plan §2 'Edit billing information' modal: the warning that tax and the renewal total may
 * change, the billing address form filled with the information on file, 'Cancel' and 'Save
 * changes' (the Subscription checkout's `update_billing`). A spinner while the billing
 * configuration loads, the §8 message when it cannot; server field errors show at their fields
 * and nothing typed is lost on a failure.
 */
export function EditBillingModal({ opened, ...props }: EditBillingProps & { opened: boolean }) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      size="lg"
      title={intl.formatMessage({ id: 'organizationAdmin.billing.edit.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'subscriptions.manage.close' }) }}
    >
      <EditBillingContent {...props} />
    </Modal>
  );
}
