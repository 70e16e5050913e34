import { ConfirmActionModal } from '../../../ui/confirm-action-modal';
import {
  canChangeRole,
  canRemoveMember,
  canTransferOwnership,
  GENERIC_API_ERROR_MESSAGE,
  type OrganizationRole,
} from '@lectern/domain';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useMe, useRefreshAfterAuthChange } from '../../../app/user-context/use-user-context';
import type { MessageId } from '../../../i18n/load-messages';
import { isApiError } from '../../../platform/api';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PageLoader } from '../../../ui/page-loader';
import { currentPage, Pagination } from '../../../ui/pagination';
import { longDate } from '../../subscriptions/subscription-dates';
import { useChangeRole, useMembers, useRemoveMember, type OrganizationMember } from './members-api';
import { roleLabel, roleOptions } from './organization-roles';
import { TransferOwnershipModal } from './transfer-ownership-modal';
import type { UsersNotice } from './users-banner';

/** The sentence to show for a failed call: the server's own, or the generic one without an answer. */
export function failureText(error: unknown): string {
  return isApiError(error) ? error.detail : GENERIC_API_ERROR_MESSAGE;
}

export const displayName = (member: OrganizationMember) => member.name || member.email;

interface RowProps {
  member: OrganizationMember;
  organizationId: number;
  /** Your role in the organization: what the domain's rules let you do to this member. */
  actorRole: OrganizationRole | null;
  isYou: boolean;
  onNotice: (notice: UsersNotice) => void;
  onRemove: (member: OrganizationMember) => void;
  onTransfer: (member: OrganizationMember) => void;
}

/**
 * One member: the role select changes the role at once (the new role is shown while the
 * server decides; a refusal such as the last owner's is shown under it and the old role comes
 * back). Changing your own role refreshes your context, since your access may change with it.
 * Only what the roles' rules allow you is offered (the server checks the same rules): the
 * roles you may give this member, 'Remove' and, for an owner, 'Transfer ownership'.
 */
function MemberRow({ member, organizationId, actorRole, isYou, onNotice, onRemove, onTransfer }: RowProps) {
  const intl = useIntl();
  const changeRole = useChangeRole(organizationId);
  const refreshContext = useRefreshAfterAuthChange();
  const [shownRole, setShownRole] = useState<OrganizationRole | null>(null);
  const [roleError, setRoleError] = useState<string | null>(null);
  const name = displayName(member);
  const options = roleOptions(intl).filter(
    (option) => option.value === member.role || canChangeRole(actorRole, member.role, option.value),
  );
  // Nothing to choose: the select shows the role, and says who may change it.
  const locked = options.length <= 1;
  const mayRemove = !isYou && canRemoveMember(actorRole, member.role);
  const mayTransfer = !isYou && canTransferOwnership(actorRole, member.role);

  const onRoleChange = (role: OrganizationRole) => {
    if (role === member.role) return;
    setRoleError(null);
    setShownRole(role);
    changeRole.mutate(
      { userId: member.id, role },
      {
        onSuccess: async () => {
          setShownRole(null);
          onNotice({
            kind: 'success',
            text: intl.formatMessage(
              { id: 'organizationAdmin.users.roleChanged' },
              { name, role: roleLabel(intl, role) },
            ),
          });
          if (isYou) await refreshContext();
        },
        onError: (error) => {
          setShownRole(null);
          setRoleError(failureText(error));
        },
      },
    );
  };

  return (
    <Table.Tr data-testid={`member-${member.id}`}>
      <Table.Th scope="row" fw={500}>
        {name}
        {isYou && (
          <Text span c="dimmed" ml={4}>
            <FormattedMessage id="organizationAdmin.users.you" />
          </Text>
        )}
      </Table.Th>
      <Table.Td>{member.email}</Table.Td>
      <Table.Td miw={160}>
        <NativeSelect
          aria-label={intl.formatMessage({ id: 'organizationAdmin.users.roleOf' }, { name })}
          data={options}
          value={shownRole ?? member.role}
          disabled={changeRole.isPending || locked}
          description={
            locked ? intl.formatMessage({ id: 'organizationAdmin.users.roleOwnersOnly' }) : undefined
          }
          error={roleError}
          onChange={(event) => onRoleChange(event.currentTarget.value as OrganizationRole)}
        />
      </Table.Td>
      <Table.Td>
        <Badge color={member.has_license ? 'green' : 'gray'} variant="light">
          <FormattedMessage
            id={
              member.has_license ? 'organizationAdmin.users.licensed' : 'organizationAdmin.users.unlicensed'
            }
          />
        </Badge>
      </Table.Td>
      <Table.Td>
        {member.last_activity ? (
          <time dateTime={member.last_activity}>{longDate(member.last_activity, intl.locale)}</time>
        ) : (
          <FormattedMessage id="organizationAdmin.users.never" />
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {mayTransfer && (
            <Button
              variant="subtle"
              size="xs"
              aria-label={intl.formatMessage({ id: 'organizationAdmin.users.transferLabel' }, { name })}
              onClick={() => onTransfer(member)}
            >
              <FormattedMessage id="organizationAdmin.users.transfer" />
            </Button>
          )}
          {mayRemove && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              aria-label={intl.formatMessage({ id: 'organizationAdmin.users.removeLabel' }, { name })}
              onClick={() => onRemove(member)}
            >
              <FormattedMessage id="organizationAdmin.users.remove" />
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Asks before removing a member (their license becomes free); a refusal stays in the dialog. */
function RemoveMemberModal({
  member,
  organizationId,
  onClose,
  onNotice,
}: {
  member: OrganizationMember | null;
  organizationId: number;
  onClose: () => void;
  onNotice: (notice: UsersNotice) => void;
}) {
  const intl = useIntl();
  const remove = useRemoveMember(organizationId);
  const close = () => {
    remove.reset();
    onClose();
  };
  const name = member ? displayName(member) : '';
  return (
    <ConfirmActionModal
      opened={member !== null}
      title={intl.formatMessage({ id: 'organizationAdmin.users.removeTitle' })}
      error={remove.isError ? failureText(remove.error) : null}
      cancelLabel={intl.formatMessage({ id: 'organizationAdmin.users.cancel' })}
      confirmLabel={intl.formatMessage({ id: 'organizationAdmin.users.remove' })}
      pending={remove.isPending}
      onClose={close}
      onConfirm={() =>
        member &&
        remove.mutate(member.id, {
          onSuccess: () => {
            onNotice({
              kind: 'success',
              text: intl.formatMessage({ id: 'organizationAdmin.users.removed' }, { name }),
            });
            close();
          },
        })
      }
    >
      <Text>
        <FormattedMessage id="organizationAdmin.users.removeConfirm" values={{ name }} />
      </Text>
    </ConfirmActionModal>
  );
}

/**
 * The organization's members a page at a time (`?p=`): name (yours marked), e-mail, role
 * select, license status, last activity ('Never' without one), 'Remove' with confirmation and,
 * for owners, 'Transfer ownership' confirmed with the organization's name.
 */
export function MembersTable({
  organizationId,
  onNotice,
}: {
  organizationId: number;
  onNotice: (notice: UsersNotice) => void;
}) {
  const intl = useIntl();
  const me = useMe();
  const { search } = useLocation();
  const page = currentPage(search);
  const members = useMembers(organizationId, page);
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const [transferring, setTransferring] = useState<OrganizationMember | null>(null);
  const organization = me.is_authenticated ? me.organization : null;
  const actorRole = organization?.role ?? null;

  if (members.isPending)
    return <PageLoader label={intl.formatMessage({ id: 'organizationAdmin.users.loading' })} />;
  if (members.isError) {
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="organizationAdmin.users.loadFailed" />}
        onRetry={() => void members.refetch()}
        testId="members-error"
      />
    );
  }
  const { results, total_pages: pageCount } = members.data;
  const header = (id: MessageId) => <Table.Th scope="col">{intl.formatMessage({ id })}</Table.Th>;
  return (
    <Stack gap="md">
      {results.length === 0 ? (
        <Text>
          <FormattedMessage id="organizationAdmin.users.empty" />
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-labelledby="members-heading" data-testid="members-table">
            <Table.Thead>
              <Table.Tr>
                {header('organizationAdmin.users.name')}
                {header('organizationAdmin.users.email')}
                {header('organizationAdmin.users.role')}
                {header('organizationAdmin.users.license')}
                {header('organizationAdmin.users.lastActivity')}
                {header('organizationAdmin.users.actions')}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  organizationId={organizationId}
                  actorRole={actorRole}
                  isYou={me.is_authenticated && me.id === member.id}
                  onNotice={onNotice}
                  onRemove={setRemoving}
                  onTransfer={setTransferring}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} pageCount={pageCount} loading={members.isPlaceholderData} />
      <RemoveMemberModal
        member={removing}
        organizationId={organizationId}
        onClose={() => setRemoving(null)}
        onNotice={onNotice}
      />
      <TransferOwnershipModal
        member={transferring}
        organizationId={organizationId}
        organizationName={organization?.title ?? ''}
        onClose={() => setTransferring(null)}
        onNotice={onNotice}
      />
    </Stack>
  );
}
