import { type AdminStaffInvitation } from '@lectern/domain';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../platform/api';
import { ConfirmActionModal } from '../../ui/confirm-action-modal';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminDate } from '../admin-shell/admin-format';
import { StaffRoleBadge } from '../admin-shell/admin-layout';
import { revokeStaffInvitation, staffInvitationsQuery } from './admin-staff-api';
import { failureText } from './staff-roles';

/** The invitations nobody has accepted yet; owners withdraw one (after a confirmation). */
export function StaffInvitations({ onChanged }: { onChanged: (text: string) => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const invitations = useQuery(staffInvitationsQuery(api));
  const [revoking, setRevoking] = useState<AdminStaffInvitation | null>(null);
  const revoke = useMutation({
    mutationFn: (invitation: AdminStaffInvitation) => revokeStaffInvitation(api, invitation.id),
    onSuccess: (_answer, invitation) => {
      setRevoking(null);
      onChanged(`The invitation of ${invitation.email} was withdrawn: its link no longer works.`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff-invitations'] }),
  });
  if (invitations.isPending) return <PageLoader label="Loading the invitations" />;
  if (invitations.isError) {
    return (
      <LoadErrorAlert
        message="The invitations could not be loaded."
        onRetry={() => void invitations.refetch()}
      />
    );
  }
  if (invitations.data.results.length === 0)
    return <Text c="dimmed">No invitation is waiting for an answer.</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={680}>
        <Table striped verticalSpacing="sm" data-testid="staff-invitations-table">
          <Table.Caption>Invitations not accepted yet</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">E-mail</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">Invited by</Table.Th>
              <Table.Th scope="col">Sent</Table.Th>
              <Table.Th scope="col">Expires</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.results.map((invitation) => (
              <Table.Tr key={invitation.id}>
                <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {invitation.email}
                </Table.Th>
                <Table.Td>
                  <StaffRoleBadge role={invitation.role} />
                </Table.Td>
                <Table.Td>{invitation.invited_by ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDate(invitation.created)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDate(invitation.expires)}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={`Withdraw the invitation of ${invitation.email}`}
                    onClick={() => {
                      revoke.reset();
                      setRevoking(invitation);
                    }}
                  >
                    Withdraw
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmActionModal
        opened={revoking !== null}
        title="Withdraw the invitation"
        cancelLabel="Cancel"
        confirmLabel="Withdraw"
        pending={revoke.isPending}
        error={revoke.isError ? failureText(revoke.error, 'The invitation could not be withdrawn.') : null}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      >
        <Text>The link mailed to {revoking?.email} stops working. You can invite them again later.</Text>
      </ConfirmActionModal>
    </>
  );
}
