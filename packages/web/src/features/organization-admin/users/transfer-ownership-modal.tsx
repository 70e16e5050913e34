import { confirmsOrganizationName } from '@lectern/domain';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRefreshAfterAuthChange } from '../../../app/user-context/use-user-context';
import { useTransferOwnership, type OrganizationMember } from './members-api';
import { displayName, failureText } from './members-table';
import type { UsersNotice } from './users-banner';

/**
 * Handing the ownership over (owners only): what it means (the member becomes the owner, you
 * an admin, both are mailed), then the organization's name typed to confirm; the button stays
 * off until it matches (the domain's rule, which the server applies too). A refusal stays in
 * the dialog. Your own role changes with it, so your context is read again afterwards.
 */
export function TransferOwnershipModal({
  member,
  organizationId,
  organizationName,
  onClose,
  onNotice,
}: {
  member: OrganizationMember | null;
  organizationId: number;
  organizationName: string;
  onClose: () => void;
  onNotice: (notice: UsersNotice) => void;
}) {
  const intl = useIntl();
  const transfer = useTransferOwnership(organizationId);
  const refreshContext = useRefreshAfterAuthChange();
  const [typed, setTyped] = useState('');
  const close = () => {
    transfer.reset();
    setTyped('');
    onClose();
  };
  const name = member ? displayName(member) : '';
  const confirmed = confirmsOrganizationName(typed, organizationName);
  const cancelLabel = intl.formatMessage({ id: 'organizationAdmin.users.cancel' });

  const submit = () => {
    if (!member || !confirmed) return;
    transfer.mutate(
      { memberId: member.id, confirm: typed },
      {
        onSuccess: async () => {
          onNotice({
            kind: 'success',
            text: intl.formatMessage({ id: 'organizationAdmin.users.transferred' }, { name }),
          });
          close();
          await refreshContext();
        },
      },
    );
  };

  return (
    <Modal
      opened={member !== null}
      onClose={close}
      title={intl.formatMessage({ id: 'organizationAdmin.users.transferTitle' })}
      closeButtonProps={{ 'aria-label': cancelLabel }}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack>
          <Text>
            <FormattedMessage
              id="organizationAdmin.users.transferConfirm"
              values={{ name, organization: organizationName }}
            />
          </Text>
          <TextInput
            label={intl.formatMessage(
              { id: 'organizationAdmin.users.transferType' },
              { organization: organizationName },
            )}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          {transfer.isError && (
            <Alert color="red" variant="light" role="alert">
              {failureText(transfer.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {cancelLabel}
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={transfer.isPending}>
              <FormattedMessage id="organizationAdmin.users.transferSubmit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
