import { PAGE_ROUTES, isOrganizationAdmin, type OrganizationInvitationDetails } from '@lectern/domain';
import { Alert, Anchor, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../app/shell/use-page-title';
import { useBrandName, useMe, useRefreshAfterAuthChange } from '../../../app/user-context/use-user-context';
import type { MessageId } from '../../../i18n/load-messages';
import { isApiError, useApiClient } from '../../../platform/api';
import { logout } from '../../auth/auth-api';
import { authPath } from '../../auth/auth-paths';
import { acceptInvitation, useInvitationDetails, type AcceptedInvitation } from './members-api';
import { roleLabel } from './organization-roles';

/** Why joining failed, as the server's status and code say it (a generic failure otherwise). */
function refusalOf(error: unknown): MessageId {
  if (!isApiError(error)) return 'organizationAdmin.accept.failed';
  if (error.statusCode === 404) return 'organizationAdmin.accept.notFound';
  if (error.statusCode === 403) return 'organizationAdmin.accept.wrongAddress';
  switch (error.code) {
    case 'invitation_revoked':
      return 'organizationAdmin.accept.revoked';
    case 'invitation_used':
      return 'organizationAdmin.accept.used';
    case 'already_in_organization':
      return 'organizationAdmin.accept.alreadyMember';
    default:
      return 'organizationAdmin.accept.failed';
  }
}

/** Where to go after joining: My courses, and the admin area for an owner or admin. */
function Onward({ role }: { role?: AcceptedInvitation['role'] }) {
  return (
    <Group>
      <Button component={Link} to={PAGE_ROUTES.myCourses}>
        <FormattedMessage id="organizationAdmin.accept.myCourses" />
      </Button>
      {isOrganizationAdmin(role) && (
        <Anchor component={Link} to={PAGE_ROUTES.organizationAdminOverview}>
          <FormattedMessage id="organizationAdmin.accept.adminArea" />
        </Anchor>
      )}
    </Group>
  );
}

/**
 * Who invites to which organization on the brand, what accepting gives (a license of the team's
 * plan: its courses) and the role. Until the details arrive, a skeleton; without them (an old
 * link, a failed load) the generic line: accepting still says what is wrong.
 */
function InvitationSummary({
  details,
  pending,
}: {
  details: OrganizationInvitationDetails | undefined;
  pending: boolean;
}) {
  const intl = useIntl();
  const brand = useBrandName();
  if (pending) {
    return (
      <Stack
        gap="xs"
        role="status"
        aria-label={intl.formatMessage({ id: 'organizationAdmin.accept.loading' })}
      >
        <Skeleton height={16} width="90%" />
        <Skeleton height={16} width="70%" />
      </Stack>
    );
  }
  const organization = details?.organization.name.trim();
  if (!details || !organization) {
    return (
      <Text>
        <FormattedMessage id="organizationAdmin.accept.intro" values={{ brand }} />
      </Text>
    );
  }
  const inviter = details.inviter?.name.trim();
  return (
    <Stack gap="xs" data-testid="invitation-summary">
      <Text fw={700}>
        {inviter ? (
          <FormattedMessage
            id="organizationAdmin.accept.invitedBy"
            values={{ inviter, organization, brand }}
          />
        ) : (
          <FormattedMessage id="organizationAdmin.accept.invitedTo" values={{ organization, brand }} />
        )}
      </Text>
      {details.status === 'open' && (
        <>
          <Text>
            {details.plan_name ? (
              <FormattedMessage
                id="organizationAdmin.accept.givesPlan"
                values={{ organization, plan: details.plan_name }}
              />
            ) : (
              <FormattedMessage id="organizationAdmin.accept.givesLicense" values={{ organization }} />
            )}
          </Text>
          <Text>
            <FormattedMessage
              id="organizationAdmin.accept.role"
              values={{ role: roleLabel(intl, details.role) }}
            />
          </Text>
        </>
      )}
    </Stack>
  );
}

/** An invitation that can no longer be accepted says so at once, before anyone signs in. */
function ClosedInvitation({ status, signedIn }: { status: 'accepted' | 'revoked'; signedIn: boolean }) {
  const message: MessageId =
    status === 'revoked' ? 'organizationAdmin.accept.revoked' : 'organizationAdmin.accept.used';
  return (
    <Alert color="gray" variant="light" w="100%" data-testid="accept-closed">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <FormattedMessage id={message} />
        </Text>
        {status === 'accepted' && signedIn && <Onward />}
      </Stack>
    </Alert>
  );
}

/** A visitor logs in or signs up first; both come back to this very page (`next`). */
function VisitorChoice({ here }: { here: string }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        <FormattedMessage id="organizationAdmin.accept.visitor" />
      </Text>
      <Group>
        <Button component={Link} to={authPath('login', here)}>
          <FormattedMessage id="organizationAdmin.accept.logIn" />
        </Button>
        <Button component={Link} to={authPath('signup', here)} variant="default">
          <FormattedMessage id="organizationAdmin.accept.signUp" />
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A signed-in user joins with one button. Success refetches the user context (the header and
 * `me` now know the organization); each refusal says what happened, and an invitation meant for
 * another address offers to log out and come back with that one.
 */
function JoinStep({ token, email, onJoined }: { token: string; email: string; onJoined: () => void }) {
  const intl = useIntl();
  const api = useApiClient();
  const refresh = useRefreshAfterAuthChange();
  const join = useMutation({
    mutationFn: () => acceptInvitation(api, token),
    onSuccess: () => {
      onJoined();
      return refresh();
    },
  });
  const signOut = useMutation({
    mutationFn: async () => {
      await logout(api);
      await refresh();
    },
  });

  if (join.isSuccess) {
    const { organization, role } = join.data;
    return (
      <Stack gap="md" align="flex-start" data-testid="invitation-accepted">
        <Alert color="green" variant="light" role="status" w="100%">
          <Stack gap={4}>
            <Text fw={700}>
              <FormattedMessage
                id="organizationAdmin.accept.joinedHeading"
                values={{ organization: organization.name }}
              />
            </Text>
            <Text>
              <FormattedMessage
                id="organizationAdmin.accept.joined"
                values={{ organization: organization.name, role: roleLabel(intl, role) }}
              />
            </Text>
          </Stack>
        </Alert>
        <Onward role={role} />
      </Stack>
    );
  }

  const refusal = join.isError ? refusalOf(join.error) : null;
  const wrongAddress = refusal === 'organizationAdmin.accept.wrongAddress';
  return (
    <Stack gap="md" align="flex-start">
      <Text>
        <FormattedMessage id="organizationAdmin.accept.signedInAs" values={{ email }} />
      </Text>
      {refusal && (
        <Alert color="red" variant="light" role="alert" w="100%" data-testid="accept-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              <FormattedMessage id={refusal} />
            </Text>
            {wrongAddress && (
              <Button variant="default" loading={signOut.isPending} onClick={() => signOut.mutate()}>
                <FormattedMessage id="organizationAdmin.accept.logOut" />
              </Button>
            )}
            {refusal === 'organizationAdmin.accept.used' && <Onward />}
          </Stack>
        </Alert>
      )}
      {(!refusal || refusal === 'organizationAdmin.accept.failed') && (
        <Button loading={join.isPending} onClick={() => join.mutate()}>
          <FormattedMessage id="organizationAdmin.accept.join" />
        </Button>
      )}
    </Stack>
  );
}

/**
 * `/organization-manage-v2/invitations/accept/?token=…`: where an invitation mail leads. Outside
 * the admin layout (the invitee is no admin): it names the inviter, the organization and what
 * joining gives; a visitor then logs in or signs up, a signed-in user joins the organization.
 */
export function InvitationAcceptPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'organizationAdmin.accept.heading' }));
  const me = useMe();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const details = useInvitationDetails(token);
  // Joining here refreshes every query: the details come back 'accepted', but the welcome stays.
  const [joined, setJoined] = useState(false);
  const found = details.data?.status;
  const closed = !joined && (found === 'accepted' || found === 'revoked') ? found : null;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>
          <FormattedMessage id="organizationAdmin.accept.heading" />
        </Title>
        {!token ? (
          <Alert color="red" variant="light" role="alert" data-testid="accept-error">
            <FormattedMessage id="organizationAdmin.accept.noToken" />
          </Alert>
        ) : (
          <>
            <InvitationSummary details={details.data} pending={details.isPending} />
            {closed ? (
              <ClosedInvitation status={closed} signedIn={me.is_authenticated} />
            ) : me.is_authenticated ? (
              <JoinStep token={token} email={me.email} onJoined={() => setJoined(true)} />
            ) : (
              <VisitorChoice here={`${pathname}${search}`} />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
