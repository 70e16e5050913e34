import {
  STAFF_INVITATION_TTL_DAYS,
  STAFF_ROLE_LABELS,
  type AdminStaffInvitation,
  type StaffRole,
} from '@lectern/domain';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError, useApiClient } from '../../platform/api';
import { useStaffMay } from '../admin-shell/admin-layout';
import { inviteStaff } from './admin-staff-api';
import { failureText, isRole, ROLE_OPTIONS, STAFF_ROLE_DESCRIPTIONS } from './staff-roles';

/** "Invite" beside the page title (owners only): the invitation form in a modal, then what was sent. */
export function InviteStaffAction() {
  const mayManage = useStaffMay('staff.manage');
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (!mayManage) return null;
  return (
    <>
      {sent && (
        <Text size="sm" c="green.8" role="status">
          {sent}
        </Text>
      )}
      <Button onClick={() => setOpened(true)}>Invite a staff member</Button>
      {opened && (
        <InviteModal
          onClose={() => setOpened(false)}
          onSent={(invitation) => {
            setOpened(false);
            setSent(
              `Invitation sent to ${invitation.email} (${STAFF_ROLE_LABELS[invitation.role]}). The link works for ${STAFF_INVITATION_TTL_DAYS} days.`,
            );
          }}
        />
      )}
    </>
  );
}

/** The invitation form: an e-mail address and a role. */
function InviteModal({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (invitation: AdminStaffInvitation) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const invite = useMutation({
    mutationFn: () => inviteStaff(api, { email: email.trim(), role }),
    onSuccess: (invitation) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'staff-invitations'] });
      onSent(invitation);
    },
  });
  const fieldErrors = isApiError(invite.error) ? invite.error.fieldErrors : {};
  const general =
    invite.isError && Object.keys(fieldErrors).length === 0
      ? failureText(invite.error, 'The invitation could not be sent. Try again.')
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <Modal
      opened
      onClose={invite.isPending ? () => {} : onClose}
      title="Invite a staff member"
      closeButtonProps={{ 'aria-label': 'Cancel' }}
    >
      <Stack gap="md" onSubmit={submit} renderRoot={(props) => <form {...props} noValidate />}>
        <Text size="sm">
          We e-mail them a link to join the staff. They accept it signed in with this address; the link works
          once, for {STAFF_INVITATION_TTL_DAYS} days.
        </Text>
        {general && (
          <Alert color="red" variant="light" role="alert">
            {general}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          required
          autoComplete="off"
          value={email}
          maxLength={254}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldErrors.email?.[0]}
          data-autofocus
        />
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isRole(value)) setRole(value);
          }}
          description={STAFF_ROLE_DESCRIPTIONS[role]}
          error={fieldErrors.role?.[0]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send the invitation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
