import { ConfirmActionModal } from '../../../ui/confirm-action-modal';
import { canInviteAs } from '@lectern/domain';
import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMe } from '../../../app/user-context/use-user-context';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PageLoader } from '../../../ui/page-loader';
import { longDate } from '../../subscriptions/subscription-dates';
import { useInvitations, useWithdrawInvitation, type OrganizationInvitation } from './members-api';
import { failureText } from './members-table';
import { roleLabel } from './organization-roles';
import type { UsersNotice } from './users-banner';

/** Asks before withdrawing an invitation (its link stops working, its license is free again). */
function WithdrawModal({
  invitation,
  organizationId,
  onClose,
  onNotice,
}: {
  invitation: OrganizationInvitation | null;
  organizationId: number;
  onClose: () => void;
  onNotice: (notice: UsersNotice) => void;
}) {
  const intl = useIntl();
  const withdraw = useWithdrawInvitation(organizationId);
  const close = () => {
    withdraw.reset();
    onClose();
  };
  const email = invitation?.email ?? '';
  return (
    <ConfirmActionModal
      opened={invitation !== null}
      title={intl.formatMessage({ id: 'organizationAdmin.invitations.withdrawTitle' })}
      error={withdraw.isError ? failureText(withdraw.error) : null}
      cancelLabel={intl.formatMessage({ id: 'organizationAdmin.users.cancel' })}
      confirmLabel={intl.formatMessage({ id: 'organizationAdmin.invitations.withdraw' })}
      pending={withdraw.isPending}
      onClose={close}
      onConfirm={() =>
        invitation &&
        withdraw.mutate(invitation.id, {
          onSuccess: () => {
            onNotice({
              kind: 'success',
              text: intl.formatMessage({ id: 'organizationAdmin.invitations.withdrawn' }, { email }),
            });
            close();
          },
        })
      }
    >
      <Text>
        <FormattedMessage id="organizationAdmin.invitations.withdrawConfirm" values={{ email }} />
      </Text>
    </ConfirmActionModal>
  );
}

/**
 * The open invitations (each holds a license until accepted): address, role, when it was sent,
 * and 'Withdraw' after confirmation.
 */
export function InvitationsList({
  organizationId,
  onNotice,
}: {
  organizationId: number;
  onNotice: (notice: UsersNotice) => void;
}) {
  const intl = useIntl();
  const me = useMe();
  // Withdrawing an invitation takes the right to send it (the domain's rule, the server's too).
  const actorRole = me.is_authenticated ? (me.organization?.role ?? null) : null;
  const invitations = useInvitations(organizationId);
  const [withdrawing, setWithdrawing] = useState<OrganizationInvitation | null>(null);

  if (invitations.isPending) return <PageLoader />;
  if (invitations.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="organizationAdmin.users.loadFailed" />}
        onRetry={() => void invitations.refetch()}
        testId="invitations-error"
      />
    );
  }
  if (invitations.data.length === 0) {
    return (
      <Text>
        <FormattedMessage id="organizationAdmin.invitations.empty" />
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table aria-labelledby="invitations-heading" data-testid="invitations-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'organizationAdmin.users.email' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'organizationAdmin.users.role' })}</Table.Th>
              <Table.Th scope="col">
                {intl.formatMessage({ id: 'organizationAdmin.invitations.sent' })}
              </Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'organizationAdmin.users.actions' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((invitation) => (
              <Table.Tr key={invitation.id} data-testid={`invitation-${invitation.id}`}>
                <Table.Th scope="row" fw={500}>
                  {invitation.email}
                </Table.Th>
                <Table.Td>{roleLabel(intl, invitation.role)}</Table.Td>
                <Table.Td>
                  <time dateTime={invitation.created}>{longDate(invitation.created, intl.locale)}</time>
                </Table.Td>
                <Table.Td>
                  {canInviteAs(actorRole, invitation.role) && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={intl.formatMessage(
                        { id: 'organizationAdmin.invitations.withdrawLabel' },
                        { email: invitation.email },
                      )}
                      onClick={() => setWithdrawing(invitation)}
                    >
                      <FormattedMessage id="organizationAdmin.invitations.withdraw" />
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <WithdrawModal
        invitation={withdrawing}
        organizationId={organizationId}
        onClose={() => setWithdrawing(null)}
        onNotice={onNotice}
      />
    </>
  );
}
