import {
  invitableRoles,
  PAGE_ROUTES,
  SUBSCRIPTION_MESSAGES,
  TEAM_PLAN_LICENSES,
  type OrganizationRole,
} from '@lectern/domain';
import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { useMe } from '../../../app/user-context/use-user-context';
import { isApiError } from '../../../platform/api';
import { useApiForm } from '../../../platform/forms';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PageLoader } from '../../../ui/page-loader';
import { LicenseCeilingNote } from '../../subscriptions/license-picker';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { useCurrentEnrollment } from '../../subscriptions/subscription-queries';
import { useInvitations, useInvite } from './members-api';
import { OrganizationAdminLayout } from '../shell/organization-admin-layout';
import { organizationPlanOf, upsellPath } from '../shell/organization-plan';
import { ORGANIZATION_ROLES, roleOptions } from './organization-roles';
import type { InvitedState } from './organization-users-page';
import { SubmitButton } from '../../../ui/submit-button';

/** The server's rule for one address (`inviteBody`): an e-mail of at most 254 characters. */
const emailAddress = z.email().max(254);

/** The addresses in what was typed: separated by commas, spaces or new lines; repeats (any case) once. */
export function parseEmails(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .filter((email) => {
      const key = email.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * What is checked before anything is sent: at least one address, each one valid (the bad ones
 * named), and no more than the licenses left (a `too_big` issue, shown with 'Add licenses').
 */
function inviteSchema(intl: IntlShape, remaining: number) {
  return z.object({
    emails: z
      .string()
      .transform(parseEmails)
      .superRefine((emails, context) => {
        if (emails.length === 0) {
          context.addIssue({
            code: 'custom',
            message: intl.formatMessage({ id: 'organizationAdmin.invite.empty' }),
          });
          return;
        }
        const invalid = emails.filter((email) => !emailAddress.safeParse(email).success);
        if (invalid.length > 0) {
          context.addIssue({
            code: 'custom',
            message: intl.formatMessage(
              { id: 'organizationAdmin.invite.invalid' },
              { count: invalid.length, emails: intl.formatList(invalid, { type: 'conjunction' }) },
            ),
          });
          return;
        }
        if (emails.length > remaining) {
          context.addIssue({
            code: 'too_big',
            origin: 'array',
            maximum: remaining,
            inclusive: true,
            input: emails,
            message: intl.formatMessage(
              { id: 'organizationAdmin.invite.overLimit' },
              { count: emails.length, remaining },
            ),
          });
        }
      }),
    role: z.enum(ORGANIZATION_ROLES as [OrganizationRole, ...OrganizationRole[]]),
  });
}

/** Where more licenses come from: the upsell checkout, or at the 20-license cap the Enterprise Plan. */
function AddLicensesAction({ plan }: { plan: CurrentEnrollment }) {
  if (plan.licenseCount >= TEAM_PLAN_LICENSES.maximum) {
    return <LicenseCeilingNote maximum={TEAM_PLAN_LICENSES.maximum} />;
  }
  return (
    <Button component={Link} to={upsellPath(plan)} variant="light" w="fit-content">
      <FormattedMessage id="subscriptions.manage.addLicenses" />
    </Button>
  );
}

/**
 * The invitation form: addresses (with the count parsed), the role (student by default; the
 * roles you may invite as) and the licenses left. Too many addresses are refused here; the server's refusals (409) are shown
 * above the form with what was typed kept. Success returns to the users page with its banner.
 */
function InviteForm({
  organizationId,
  plan,
  remaining,
}: {
  organizationId: number;
  plan: CurrentEnrollment;
  remaining: number;
}) {
  const intl = useIntl();
  const me = useMe();
  const navigate = useNavigate();
  const invite = useInvite(organizationId);
  // Only the roles you may invite as (admins: learners; owners: any), as the server rules.
  const mayInviteAs = invitableRoles(me.is_authenticated ? me.organization?.role : null);
  const sent = useRef(0);
  const [serverCode, setServerCode] = useState<string | undefined>();
  const schema = useMemo(() => inviteSchema(intl, remaining), [intl, remaining]);
  const { form, formError, onSubmit } = useApiForm({
    schema,
    defaultValues: { emails: '', role: 'student' as OrganizationRole },
    submit: async (input) => {
      setServerCode(undefined);
      try {
        sent.current = (await invite.mutateAsync(input)).length;
      } catch (error) {
        setServerCode(isApiError(error) ? error.code : undefined);
        throw error;
      }
    },
    onSuccess: async () => {
      const state: InvitedState = { invited: sent.current };
      await navigate(PAGE_ROUTES.organizationUsers, { state });
    },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const count = parseEmails(watch('emails')).length;
  const overLimit = errors.emails?.type === 'too_big';

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        <Text data-testid="invite-remaining">
          <FormattedMessage id="subscriptions.manage.licensesRemaining" values={{ count: remaining }} />
        </Text>
        {formError && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{formError}</Text>
              {serverCode === 'license_limit_reached' && <AddLicensesAction plan={plan} />}
            </Stack>
          </Alert>
        )}
        <Stack gap={4}>
          <Textarea
            label={intl.formatMessage({ id: 'organizationAdmin.invite.emails' })}
            description={intl.formatMessage({ id: 'organizationAdmin.invite.emailsHelp' })}
            rows={5}
            required
            error={errors.emails?.message}
            {...register('emails')}
          />
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="invite-count">
            <FormattedMessage id="organizationAdmin.invite.count" values={{ count }} />
          </Text>
        </Stack>
        {overLimit && <AddLicensesAction plan={plan} />}
        <NativeSelect
          label={intl.formatMessage({ id: 'organizationAdmin.users.role' })}
          data={roleOptions(intl).filter((option) => mayInviteAs.includes(option.value))}
          w="fit-content"
          miw={200}
          {...register('role')}
        />
        <Group>
          <SubmitButton loading={isSubmitting}>
            <FormattedMessage id="organizationAdmin.invite.submit" />
          </SubmitButton>
          <Anchor component={Link} to={PAGE_ROUTES.organizationUsers}>
            <FormattedMessage id="organizationAdmin.invite.back" />
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

function InviteContent({ organizationId }: { organizationId: number }) {
  const intl = useIntl();
  const enrollment = useCurrentEnrollment();
  const invitations = useInvitations(organizationId);
  if (enrollment.isPending || invitations.isPending) {
    return <PageLoader label={intl.formatMessage({ id: 'subscriptions.manage.loading' })} />;
  }
  if (enrollment.isError || invitations.isError) {
    return (
      <LoadErrorAlert
        message={SUBSCRIPTION_MESSAGES.loadFailed}
        onRetry={() => void Promise.all([enrollment.refetch(), invitations.refetch()])}
      />
    );
  }
  const plan = organizationPlanOf(enrollment.data);
  if (!plan || plan.status === 'EXPIRED') {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="yellow" variant="light" w="100%">
          <FormattedMessage
            id={plan ? 'organizationAdmin.users.inviteExpired' : 'organizationAdmin.users.inviteNoPlan'}
          />
        </Alert>
        <Anchor component={Link} to={plan ? PAGE_ROUTES.teamPlanResubscribe : PAGE_ROUTES.teamPlanCheckout}>
          <FormattedMessage
            id={plan ? 'subscriptions.manage.resubscribe' : 'subscriptions.checkout.buyTeamPlan'}
          />
        </Anchor>
        <Anchor component={Link} to={PAGE_ROUTES.organizationUsers}>
          <FormattedMessage id="organizationAdmin.invite.back" />
        </Anchor>
      </Stack>
    );
  }
  // Open invitations hold licenses too (the server counts members plus open invitations).
  const remaining = Math.max(0, plan.licenseCount - plan.usedLicenseCount - invitations.data.length);
  return <InviteForm organizationId={organizationId} plan={plan} remaining={remaining} />;
}

function InvitePageContent() {
  const me = useMe();
  const organizationId = me.is_authenticated ? me.organization?.id : undefined;
  return organizationId === undefined ? null : <InviteContent organizationId={organizationId} />;
}

/** `/organization-manage-v2/users/invite/` (team-plan §2 "invite users"): invite people by e-mail. */
export function OrganizationInvitePage() {
  const intl = useIntl();
  return (
    <OrganizationAdminLayout title={intl.formatMessage({ id: 'organizationAdmin.users.invite' })}>
      <InvitePageContent />
    </OrganizationAdminLayout>
  );
}
