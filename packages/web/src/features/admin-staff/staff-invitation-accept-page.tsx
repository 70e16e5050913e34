import { PAGE_ROUTES, STAFF_ROLE_LABELS } from '@lectern/domain';
import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useMe, useRefreshAfterAuthChange } from '../../app/user-context/use-user-context';
import { isApiError, useApiClient } from '../../platform/api';
import { logout } from '../auth/auth-api';
import { authPath } from '../auth/auth-paths';
import { acceptStaffInvitation } from './admin-staff-api';

/**
 * `/admin/invitations/accept/?token=…` (issue 32): where a staff invitation's mail leads. A
 * visitor signs in (or up) and comes back; a signed-in user accepts with one button and goes to
 * the back office. Each refusal says what happened; an invitation meant for another address
 * offers to sign out and come back with that one.
 */
export function StaffInvitationAcceptPage() {
  usePageTitle('Join the staff');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const me = useMe();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Join the marketplace’s staff</Title>
        {!token ? (
          <Alert color="red" variant="light" role="alert">
            This link has no invitation in it. Open the link from the invitation e-mail again, or ask an owner
            to send a new invitation.
          </Alert>
        ) : !me.is_authenticated ? (
          <Stack gap="sm" align="flex-start">
            <Text>
              You were invited to help run the marketplace in its back office. Sign in with the e-mail address
              the invitation was sent to, or create an account with it; you come back here afterwards.
            </Text>
            <Group>
              <Button component={Link} to={authPath('login', here)}>
                Sign in
              </Button>
              <Button component={Link} to={authPath('signup', here)} variant="default">
                Create an account
              </Button>
            </Group>
          </Stack>
        ) : (
          <AcceptStep token={token} email={me.email} />
        )}
      </Stack>
    </Container>
  );
}

function AcceptStep({ token, email }: { token: string; email: string }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterAuthChange();
  const accept = useMutation({
    mutationFn: () => acceptStaffInvitation(api, token),
    // The back office asks who the staff member is again, and the header learns of it.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['admin'] }), refresh()]),
  });
  const signOut = useMutation({
    mutationFn: async () => {
      await logout(api);
      await refresh();
    },
  });

  if (accept.isSuccess) {
    return (
      <Stack gap="md" align="flex-start" data-testid="staff-invitation-accepted">
        <Alert color="green" variant="light" role="status" w="100%">
          <Text fw={700}>Welcome to the staff</Text>
          <Text>
            {accept.data.email} is now on the staff as {STAFF_ROLE_LABELS[accept.data.role]}.
          </Text>
        </Alert>
        <Button component={Link} to={PAGE_ROUTES.adminDashboard}>
          Open the back office
        </Button>
      </Stack>
    );
  }

  const wrongAddress = isApiError(accept.error) && accept.error.statusCode === 403;
  return (
    <Stack gap="md" align="flex-start">
      <Text>
        You are signed in as <strong>{email}</strong>. Accept the invitation to join the staff with this
        account.
      </Text>
      {accept.isError && (
        <Alert color="red" variant="light" role="alert" w="100%" data-testid="staff-invitation-error">
          {isApiError(accept.error)
            ? accept.error.detail
            : 'The invitation could not be accepted. Try again.'}
        </Alert>
      )}
      <Group>
        {!wrongAddress && (
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            Accept the invitation
          </Button>
        )}
        {wrongAddress && (
          <Button onClick={() => signOut.mutate()} loading={signOut.isPending} variant="default">
            Sign out
          </Button>
        )}
        <Anchor component={Link} to={PAGE_ROUTES.home}>
          Go to the home page
        </Anchor>
      </Group>
    </Stack>
  );
}
