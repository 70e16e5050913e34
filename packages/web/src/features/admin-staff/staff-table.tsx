import { STAFF_ROLE_LABELS, type AdminStaffMember, type StaffRole } from '@lectern/domain';
import { Alert, Badge, Button, Group, NativeSelect, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../platform/api';
import { ConfirmActionModal } from '../../ui/confirm-action-modal';
import { adminDate } from '../admin-shell/admin-format';
import { StaffRoleBadge, useStaff, useStaffMay } from '../admin-shell/admin-layout';
import { changeStaffRole, removeStaffMember } from './admin-staff-api';
import { failureText, isRole, ROLE_OPTIONS } from './staff-roles';

/** One page of staff members; owners change a member's role or remove them (after a confirmation). */
export function StaffTable({
  rows,
  onChanged,
}: {
  rows: AdminStaffMember[];
  onChanged: (text: string) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const me = useStaff();
  const mayManage = useStaffMay('staff.manage');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AdminStaffMember | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const change = useMutation({
    mutationFn: ({ member, role }: { member: AdminStaffMember; role: StaffRole }) =>
      changeStaffRole(api, member.user_id, role),
    onMutate: () => setError(null),
    onSuccess: (changed) => onChanged(`${changed.email} is now ${STAFF_ROLE_LABELS[changed.role]}.`),
    onError: (failure) => setError(failureText(failure, 'The role could not be changed. Try again.')),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (member: AdminStaffMember) => removeStaffMember(api, member.user_id),
    onSuccess: (_answer, member) => {
      setRemoving(null);
      onChanged(`${member.email} is no longer on the staff.`);
    },
    onSettled: refresh,
  });

  return (
    <Stack gap="sm">
      {error && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" data-testid="staff-table">
          <Table.Caption>Staff members and their roles</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">E-mail</Table.Th>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">On the staff since</Table.Th>
              {mayManage && (
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((member) => (
              <Table.Tr key={member.user_id}>
                <Table.Th scope="row" fw={500}>
                  <Group gap={6} wrap="nowrap">
                    {member.name || '—'}
                    {member.user_id === me.user_id && (
                      <Badge size="xs" variant="outline">
                        You
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
                <Table.Td>
                  {mayManage ? (
                    <NativeSelect
                      aria-label={`Role of ${member.email}`}
                      data={ROLE_OPTIONS}
                      value={member.role}
                      disabled={change.isPending}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        if (isRole(value) && value !== member.role) change.mutate({ member, role: value });
                      }}
                      w={150}
                    />
                  ) : (
                    <StaffRoleBadge role={member.role} />
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{adminDate(member.since)}</Table.Td>
                {mayManage && (
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={`Remove ${member.email} from the staff`}
                      onClick={() => {
                        remove.reset();
                        setRemoving(member);
                      }}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmActionModal
        opened={removing !== null}
        title="Remove from the staff"
        cancelLabel="Cancel"
        confirmLabel="Remove"
        pending={remove.isPending}
        error={
          remove.isError ? failureText(remove.error, 'The member could not be removed. Try again.') : null
        }
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        <Text>
          {removing?.email} ({removing ? STAFF_ROLE_LABELS[removing.role] : ''}) loses access to the back
          office at once. Their account and purchases stay.
        </Text>
      </ConfirmActionModal>
    </Stack>
  );
}
