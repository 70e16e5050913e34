import { ADMIN_REASON_MAX_LENGTH } from '@lectern/domain';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError, useApiClient } from '../../platform/api';
import { anonymiseCustomer } from './admin-customers-api';
import { useRefreshCustomer, type CustomerDialogProps } from './customer-dialog';
import { failureText } from './customer-format';

/** "Anonymise": the irreversible, audited delete, confirmed by typing the customer's e-mail address. */
export function AnonymiseCustomerModal({ customer, onClose, onDone }: CustomerDialogProps) {
  const api = useApiClient();
  const refresh = useRefreshCustomer(customer.profile.id);
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === customer.profile.email.toLowerCase();
  const anonymise = useMutation({
    mutationFn: () =>
      anonymiseCustomer(api, customer.profile.id, { reason: reason.trim(), confirm_email: typed.trim() }),
    onSuccess: (answer) =>
      onDone(
        `The account is anonymised${answer.cards_removed > 0 ? ` and ${answer.cards_removed} saved card${answer.cards_removed === 1 ? ' was' : 's were'} removed` : ''}. Its orders and invoices are kept.`,
      ),
    onSettled: () => refresh(),
  });
  const serverErrors = isApiError(anonymise.error) ? anonymise.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || reason.trim() === '') return;
    anonymise.mutate();
  };
  return (
    <Modal
      opened
      onClose={anonymise.isPending ? () => {} : onClose}
      title="Anonymise the account"
      closeButtonProps={{ 'aria-label': 'Cancel' }}
    >
      <Stack gap="md" onSubmit={submit} renderRoot={(props) => <form {...props} noValidate />}>
        <Alert color="red" variant="light">
          This cannot be undone. The e-mail address, name and password are removed, every session ends and the
          saved cards are deleted at the payment provider. Orders, invoices and credit notes are kept, as the
          law asks.
        </Alert>
        {customer.profile.staff_role && (
          <Text c="red" size="sm">
            This person is on the staff: remove them from the staff first.
          </Text>
        )}
        {anonymise.isError && Object.keys(serverErrors).length === 0 && (
          <Alert color="red" variant="light" role="alert">
            {failureText(anonymise.error, 'The account could not be anonymised. Try again.')}
          </Alert>
        )}
        <Textarea
          label="Reason"
          description="For the audit log, e.g. “Erasure request by e-mail of 3 March”."
          value={reason}
          maxLength={ADMIN_REASON_MAX_LENGTH}
          rows={3}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={serverErrors.reason?.[0]}
          data-autofocus
        />
        <TextInput
          label={`Type ${customer.profile.email} to confirm`}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={serverErrors.confirm_email?.[0]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={anonymise.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="red"
            loading={anonymise.isPending}
            disabled={!matches || reason.trim() === ''}
          >
            Anonymise the account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
