import {
  ADMIN_PAGE_SIZE_DEFAULT,
  CURRENCY_CODES,
  PAGE_ROUTES,
  minorUnitExponent,
  money,
  parseMajorUnits,
  STAFF_INVITATION_TTL_DAYS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  toMajorUnits,
  type AdminStaffInvitation,
  type AdminStaffMember,
  type BackOfficeSettings,
  type CurrencyCode,
  type StaffRole,
} from '@lectern/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError, useApiClient } from '../../platform/api';
import { ConfirmActionModal } from '../../ui/confirm-action-modal';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { adminDate, adminMoney } from '../admin-shell/admin-format';
import { AdminPager, useAdminListParams } from '../admin-shell/admin-list-controls';
import { AdminLayout, StaffRoleBadge, useStaff, useStaffMay } from '../admin-shell/admin-layout';
import {
  backOfficeSettingsQuery,
  changeStaffRole,
  inviteStaff,
  removeStaffMember,
  revokeStaffInvitation,
  saveBackOfficeSettings,
  staffInvitationsQuery,
  staffQuery,
} from './admin-staff-api';

/** What each role may do, as the staff page explains it (STAFF_ROLE_PERMISSIONS decides). */
export const STAFF_ROLE_DESCRIPTIONS: Readonly<Record<StaffRole, string>> = {
  owner: 'Everything, including the staff and the support refund limits',
  catalog: 'Courses, prices and discount codes',
  support: 'Customers, orders, credit, and refunds up to the support limit',
  finance: 'Reads everything; refunds, credit and exports',
  read_only: 'Reads everything, changes nothing',
};

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
const isRole = (value: string | null): value is StaffRole =>
  value !== null && (STAFF_ROLES as readonly string[]).includes(value);
const failureText = (error: unknown, fallback: string) => (isApiError(error) ? error.detail : fallback);

/** The "any" choice of a filter (no value in the URL). */
const ANY = 'any';
const SORTS = [
  { value: 'since', label: 'Longest on the staff' },
  { value: '-since', label: 'Newest on the staff' },
  { value: 'email', label: 'E-mail, A–Z' },
  { value: 'role', label: 'Role' },
];

/**
 * `/admin/staff/` (issue 32): the marketplace's staff and their roles. Owners change roles,
 * remove members, invite people by e-mail (the mail is in the outbox; the link works for 7
 * days), withdraw open invitations and set the support refund limit per currency. Everyone
 * else on the staff sees who is on it.
 */
export function AdminStaffPage() {
  return (
    <AdminLayout
      title="Staff"
      subtitle="Who runs the marketplace, and what each role may do."
      actions={<InviteAction />}
    >
      <StaffPage />
    </AdminLayout>
  );
}

/** A short confirmation of the last change, announced as it appears. */
function Notice({ text, onClose }: { text: string | null; onClose: () => void }) {
  if (!text) return null;
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {text}
    </Alert>
  );
}

function StaffPage() {
  const mayManage = useStaffMay('staff.manage');
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Stack gap="xl">
      <Notice text={notice} onClose={() => setNotice(null)} />
      <Stack gap="sm" component="section" aria-labelledby="staff-members-heading">
        <Title order={2} size="h3" id="staff-members-heading">
          Members
        </Title>
        <StaffMembers onChanged={setNotice} />
      </Stack>
      {mayManage && (
        <Stack gap="sm" component="section" aria-labelledby="staff-invitations-heading">
          <Title order={2} size="h3" id="staff-invitations-heading">
            Open invitations
          </Title>
          <OpenInvitations onChanged={setNotice} />
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-labelledby="refund-limits-heading">
        <Title order={2} size="h3" id="refund-limits-heading">
          Support refund limits
        </Title>
        <Text size="sm" c="dimmed">
          The most a <strong>Support</strong> member may refund at once, per currency. In a currency without a
          limit, Support cannot refund at all. Owners and Finance have no limit.
        </Text>
        <RefundLimits onChanged={setNotice} />
      </Stack>
    </Stack>
  );
}

function StaffMembers({ onChanged }: { onChanged: (text: string) => void }) {
  const api = useApiClient();
  const list = useAdminListParams();
  const params = Object.fromEntries([...list.search].filter(([, value]) => value !== ''));
  const members = useQuery({ ...staffQuery(api, params), placeholderData: keepPreviousData });
  return (
    <Stack gap="sm">
      <StaffFilters key={list.search.toString()} list={list} />
      {members.isPending ? (
        <PageLoader label="Loading the staff" />
      ) : members.isError ? (
        <LoadErrorAlert message="The staff could not be loaded." onRetry={() => void members.refetch()} />
      ) : members.data.results.length === 0 ? (
        <Text>Nobody on the staff matches this search.</Text>
      ) : (
        <>
          <StaffTable rows={members.data.results} onChanged={onChanged} />
          <AdminPager
            page={members.data.page}
            pageSize={members.data.page_size || ADMIN_PAGE_SIZE_DEFAULT}
            count={members.data.count}
            loading={members.isPlaceholderData}
          />
        </>
      )}
    </Stack>
  );
}

function StaffFilters({ list }: { list: ReturnType<typeof useAdminListParams> }) {
  const [q, setQ] = useState(list.get('q'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.update({ q: q.trim() });
  };
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 3 }}
      spacing="sm"
      component="form"
      role="search"
      aria-label="Search the staff"
      onSubmit={submit}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          value={q}
          maxLength={200}
          onChange={(event) => setQ(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
      <Select
        label="Role"
        data={[{ value: ANY, label: 'Any role' }, ...ROLE_OPTIONS]}
        value={list.get('role') || ANY}
        onChange={(value) => list.update({ role: value === ANY ? null : value })}
        allowDeselect={false}
      />
      <Select
        label="Sort by"
        data={SORTS}
        value={list.get('sort') || 'since'}
        onChange={(value) => list.update({ sort: value === 'since' ? null : value })}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}

function StaffTable({ rows, onChanged }: { rows: AdminStaffMember[]; onChanged: (text: string) => void }) {
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

/** "Invite" beside the page title: owners only. */
function InviteAction() {
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

function OpenInvitations({ onChanged }: { onChanged: (text: string) => void }) {
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

interface LimitRow {
  currency: CurrencyCode;
  /** What is typed, in major units ("200.00"). */
  text: string;
}

const limitRowsOf = (settings: BackOfficeSettings): LimitRow[] =>
  Object.entries(settings.support_refund_limits)
    .filter((entry): entry is [CurrencyCode, number] => typeof entry[1] === 'number')
    .map(([currency, amount]) => ({
      currency,
      text: toMajorUnits(money(amount, currency)).toFixed(minorUnitExponent(currency)),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));

/** What is typed as minor units, or why it is not an amount. */
function limitOf(row: LimitRow): { amount: number } | { error: string } {
  const decimals = minorUnitExponent(row.currency);
  const example = (200).toFixed(decimals);
  if (row.text.trim().startsWith('-')) return { error: 'A limit cannot be negative.' };
  try {
    return { amount: parseMajorUnits(row.text, row.currency).amount };
  } catch {
    return {
      error:
        decimals === 0
          ? `Enter a whole amount of ${row.currency}, such as ${example}.`
          : `Enter an amount such as ${example} (at most ${decimals} decimals).`,
    };
  }
}

function RefundLimits({ onChanged }: { onChanged: (text: string) => void }) {
  const api = useApiClient();
  const settings = useQuery(backOfficeSettingsQuery(api));
  const mayManage = useStaffMay('staff.manage');
  if (settings.isPending) return <PageLoader label="Loading the limits" />;
  if (settings.isError) {
    return (
      <LoadErrorAlert message="The limits could not be loaded." onRetry={() => void settings.refetch()} />
    );
  }
  if (!mayManage) {
    const rows = limitRowsOf(settings.data);
    if (rows.length === 0) return <Text>No limit is set: Support cannot refund.</Text>;
    return (
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => (
          <li key={row.currency}>
            <Text size="sm">
              {row.currency}:{' '}
              {adminMoney(money(settings.data.support_refund_limits[row.currency] ?? 0, row.currency))}
            </Text>
          </li>
        ))}
      </Stack>
    );
  }
  return <RefundLimitsForm key={settings.data.updated} settings={settings.data} onChanged={onChanged} />;
}

function RefundLimitsForm({
  settings,
  onChanged,
}: {
  settings: BackOfficeSettings;
  onChanged: (text: string) => void;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<LimitRow[]>(() => limitRowsOf(settings));
  const [adding, setAdding] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const parsed = rows.map(limitOf);
  const save = useMutation({
    mutationFn: (limits: Record<string, number>) =>
      saveBackOfficeSettings(api, { support_refund_limits: limits }),
    onSuccess: () => {
      onChanged('The support refund limits are saved.');
      return queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] });
    },
  });
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (parsed.some((result) => 'error' in result)) return;
    save.mutate(
      Object.fromEntries(
        rows.map((row, index) => [row.currency, (parsed[index] as { amount: number }).amount]),
      ),
    );
  };
  const unused = CURRENCY_CODES.filter((code) => !rows.some((row) => row.currency === code));
  return (
    <Stack
      gap="sm"

      onSubmit={submit}
      aria-label="Support refund limits"
      maw={560}
      renderRoot={(props) => <form {...props} noValidate />}
    >
      {save.isError && Object.keys(serverErrors).length === 0 && (
        <Alert color="red" variant="light" role="alert">
          {failureText(save.error, 'The limits could not be saved. Try again.')}
        </Alert>
      )}
      {rows.length === 0 && <Text size="sm">No limit is set: Support cannot refund in any currency.</Text>}
      {rows.map((row, index) => {
        const result = parsed[index]!;
        const error =
          (checked && 'error' in result ? result.error : undefined) ??
          serverErrors[`support_refund_limits.${row.currency}`]?.[0];
        return (
          <Group key={row.currency} align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label={`Limit in ${row.currency}`}
              inputMode="decimal"
              value={row.text}
              error={error}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setRows((current) => current.map((other, at) => (at === index ? { ...other, text } : other)));
              }}
              style={{ flex: 1 }}
            />
            <Button
              variant="subtle"
              color="red"
              mt={25}
              aria-label={`Remove the ${row.currency} limit`}
              onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </Group>
        );
      })}
      <Group align="flex-end" gap="xs">
        <Select
          label="Add a currency"
          placeholder="Currency"
          data={unused}
          value={adding}
          onChange={setAdding}
          searchable
          w={160}
        />
        <Button
          variant="default"
          disabled={!adding}
          onClick={() => {
            if (!adding) return;
            setRows((current) => [...current, { currency: adding as CurrencyCode, text: '' }]);
            setAdding(null);
          }}
        >
          Add
        </Button>
      </Group>
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save the limits
        </Button>
        <Anchor component={Link} to={`${PAGE_ROUTES.adminAudit}?object_type=back_office_settings`} size="sm">
          Earlier changes
        </Anchor>
      </Group>
    </Stack>
  );
}
