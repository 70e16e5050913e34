import {
  INTERVAL_ACCESS,
  PAGE_ROUTES,
  SUBSCRIPTION_MESSAGES,
  TEAM_PLAN_LICENSES,
  formatMoney,
  money,
  teamPlanCeilingNote,
  trialDaysLeft,
  type CurrencyCode,
} from '@lectern/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useMe } from '../../app/user-context/user-context-provider';
import { useApiClient } from '../../platform/api';
import { reportError } from '../../platform/report-error';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { authPath } from '../auth/auth-paths';
import {
  cancelEnrollment,
  fetchCurrentEnrollment,
  reactivateEnrollment,
  type CurrentEnrollment,
} from './subscription-api';
import { longDate } from './subscription-dates';

const STATUS_LABEL = {
  TRIAL: 'Trial',
  ACTIVE: 'Active',
  CANCELED: 'Cancelled',
  EXPIRED: 'Expired',
  FUTURE: 'Starting soon',
} as const;
const STATUS_COLOR = {
  TRIAL: 'blue',
  ACTIVE: 'green',
  CANCELED: 'yellow',
  EXPIRED: 'red',
  FUTURE: 'gray',
} as const;

/**
 * `/user/manage-subscriptions/`: the plan the user manages (their organization's Team Plan as
 * its owner or admin, else their Personal Plan) with team-plan §4's rows and actions: cancel to
 * the period end, reactivate before it, resubscribe once expired, add licenses.
 */
export function ManageSubscriptionsPage() {
  const intl = useIntl();
  usePageTitle('Subscriptions');
  const me = useMe();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Subscriptions</Title>
        {me.is_authenticated ? (
          <CurrentPlan />
        ) : (
          <Button component={Link} to={authPath('login', PAGE_ROUTES.manageSubscriptions)} w="fit-content">
            {intl.formatMessage({ id: 'common.logInToSee' })}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

function CurrentPlan() {
  const api = useApiClient();
  const location = useLocation();
  const arrival = (location.state as { message?: string } | null)?.message ?? null;
  const query = useQuery({
    queryKey: ['current-subscription-enrollment'],
    queryFn: () => fetchCurrentEnrollment(api),
  });
  if (query.isPending) return <PageLoader label="Loading your subscription" />;
  if (query.isError)
    return <LoadErrorAlert message={SUBSCRIPTION_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />;
  const enrollment = query.data;
  return (
    <Stack gap="md">
      {arrival && (
        <Alert color="green" role="status">
          {arrival}
        </Alert>
      )}
      {enrollment ? (
        <PlanCard enrollment={enrollment} />
      ) : (
        <Stack gap="xs">
          <Text>You don't have a subscription plan yet.</Text>
          <Group>
            <Anchor component={Link} to={PAGE_ROUTES.personalPlan}>
              See the Personal Plan
            </Anchor>
            <Anchor component={Link} to={PAGE_ROUTES.businessSignUp}>
              Get a Team Plan for your organization
            </Anchor>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function PlanCard({ enrollment }: { enrollment: CurrentEnrollment }) {
  const intl = useIntl();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [modal, setModal] = useState<'cancel' | 'reactivate' | null>(null);
  const [banner, setBanner] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const team = enrollment.productType === 'TEAM';
  const status = enrollment.status;
  const end = enrollment.billing.currentPeriodEndDate;
  const locale = intl.locale;
  const charge = formatMoney(
    money(enrollment.billing.chargePrice.amount, enrollment.billing.chargePrice.currency as CurrencyCode),
    locale,
  );
  const change = useMutation({
    mutationFn: (action: 'cancel' | 'reactivate') =>
      action === 'cancel' ? cancelEnrollment(api, enrollment.id) : reactivateEnrollment(api, enrollment.id),
    onSuccess: async (_answer, action) => {
      setBanner({
        color: 'green',
        text:
          action === 'cancel'
            ? team
              ? SUBSCRIPTION_MESSAGES.cancelled
              : SUBSCRIPTION_MESSAGES.personalCancelled
            : SUBSCRIPTION_MESSAGES.reactivated,
      });
      await queryClient.invalidateQueries({ queryKey: ['current-subscription-enrollment'] });
    },
    onError: (error, action) => {
      reportError(error, { step: `subscription-${action}` });
      setBanner({
        color: 'red',
        text:
          action === 'cancel' ? SUBSCRIPTION_MESSAGES.cancelFailed : SUBSCRIPTION_MESSAGES.reactivateFailed,
      });
    },
    onSettled: () => setModal(null),
  });

  const endRow =
    status === 'TRIAL'
      ? {
          label: 'Trial ends',
          value: `in ${trialDaysLeft(new Date(), new Date(end))} days (${longDate(end, locale)})`,
          help: `${charge} for ${team ? `${enrollment.licenseCount} licenses` : 'your plan'} will be charged to your saved payment method on ${longDate(end, locale)}.`,
        }
      : status === 'ACTIVE'
        ? {
            label: 'Next payment',
            value: longDate(end, locale),
            help: `${charge} for ${team ? `${enrollment.licenseCount} licenses` : 'your plan'} will be charged to your saved payment method on this date.`,
          }
        : {
            label: 'Expiration date',
            value: longDate(end, locale),
            help:
              status === 'EXPIRED'
                ? 'Please reactivate your subscription to continue learning.'
                : `${team ? 'Your team' : 'You'} can use the plan until ${longDate(end, locale)}.`,
          };
  const atCap = enrollment.licenseCount >= TEAM_PLAN_LICENSES.maximum;
  return (
    <Stack gap="md">
      {banner && (
        <Alert
          color={banner.color}
          role={banner.color === 'red' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setBanner(null)}
        >
          {banner.text}
        </Alert>
      )}
      {status === 'EXPIRED' && team && (
        <Alert color="yellow" title="Your Team Plan expired!">
          <Stack gap="xs">
            <Text>Please reactivate your subscription to continue learning.</Text>
            <Anchor component={Link} to={PAGE_ROUTES.teamPlanResubscribe}>
              Resubscribe
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {team ? 'Team Plan' : SUBSCRIPTION_MESSAGES.personalPlanName}
            </Title>
            <Badge color={STATUS_COLOR[status]} data-testid="subscription-status">
              {STATUS_LABEL[status]}
            </Badge>
          </Group>
          <Text>
            <strong>{status === 'TRIAL' ? 'Trial started' : 'Subscription started'}:</strong>{' '}
            {longDate(enrollment.billing.currentPeriodStartDate, locale)}
          </Text>
          <Stack gap={2}>
            <Text>
              <strong>{endRow.label}:</strong> <span data-testid="subscription-end">{endRow.value}</span>
            </Text>
            <Text size="sm" c="dimmed">
              {endRow.help}
            </Text>
          </Stack>
          {team && (
            <Stack gap={4}>
              <Text fw={700}>{enrollment.licenseCount} licenses in total</Text>
              <Progress
                value={(enrollment.usedLicenseCount / Math.max(1, enrollment.licenseCount)) * 100}
                aria-label="Licenses used"
              />
              <Group gap="lg">
                <Text size="sm">{enrollment.usedLicenseCount} Licenses used</Text>
                <Text size="sm">
                  {enrollment.licenseCount - enrollment.usedLicenseCount} Licenses remaining
                </Text>
              </Group>
              {status !== 'EXPIRED' &&
                (atCap ? (
                  <Text size="sm">{teamPlanCeilingNote()} Upgrade to enterprise for more.</Text>
                ) : (
                  <Button component={Link} to={PAGE_ROUTES.teamPlanUpsell} variant="light" w="fit-content">
                    Add licenses
                  </Button>
                ))}
            </Stack>
          )}
          <Group>
            {(status === 'TRIAL' || status === 'ACTIVE') && (
              <Button color="red" variant="outline" onClick={() => setModal('cancel')}>
                Cancel subscription
              </Button>
            )}
            {status === 'CANCELED' && (
              <Button onClick={() => setModal('reactivate')}>Reactivate subscription</Button>
            )}
            {status === 'EXPIRED' && (
              <Button component={Link} to={team ? PAGE_ROUTES.teamPlanResubscribe : PAGE_ROUTES.personalPlan}>
                Resubscribe
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <Modal
        opened={modal === 'cancel'}
        onClose={() => setModal(null)}
        title="Cancel subscription"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>
            {team ? 'Your team' : 'You'} can use the plan until{' '}
            {new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(end))}
            .
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setModal(null)}>
              Close
            </Button>
            <Button color="red" loading={change.isPending} onClick={() => change.mutate('cancel')}>
              Cancel subscription
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={modal === 'reactivate'}
        onClose={() => setModal(null)}
        title="Reactivate your subscription"
      >
        <Stack gap="xs">
          <Text fw={700}>
            Total due today:{' '}
            {formatMoney(money(0, enrollment.billing.chargePrice.currency as CurrencyCode), locale)}
          </Text>
          <Text>Starting on {longDate(end, locale)}</Text>
          {team && enrollment.licenseCount > 0 && <Text>{enrollment.licenseCount} user licenses</Text>}
          <Text>
            {INTERVAL_ACCESS[enrollment.renewalInterval.type]}: {charge}
          </Text>
          <Text size="xs" c="dimmed">
            Automatic payments start on {longDate(end, locale)} and continue until you cancel. Refunds are not
            available except where required by law. Cancel anytime from the Subscriptions page.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setModal(null)}>
              Close
            </Button>
            <Button loading={change.isPending} onClick={() => change.mutate('reactivate')}>
              Reactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
