import { PAGE_ROUTES, type PlanPanelFacts } from '@lectern/domain';
import { Badge, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../../i18n/load-messages';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { longDate } from '../../subscriptions/subscription-dates';
import { STATUS_BADGE } from '../../subscriptions/subscription-status';
import { useEnrollmentChange } from '../../subscriptions/use-enrollment-change';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { usePlanFacts, useRefreshPlan } from './admin-overview-api';
import { CardPanel } from './card-panel';

/**
 * Team-plan §2 plan phases of the older plan panel: a preview or trial ends, then has ended; a
 * subscription ends, then has ended; an expired plan has ended.
 */
export function planPhaseLabel(facts: PlanPanelFacts, now: Date = new Date()): MessageId {
  const ended = facts.status === 'EXPIRED' || new Date(facts.endDate).getTime() <= now.getTime();
  if (facts.isPreview)
    return ended ? 'organizationAdmin.planPanel.previewEnded' : 'organizationAdmin.planPanel.previewEnds';
  if (facts.status === 'TRIAL')
    return ended ? 'organizationAdmin.planPanel.trialEnded' : 'organizationAdmin.planPanel.trialEnds';
  return ended
    ? 'organizationAdmin.planPanel.subscriptionEnded'
    : 'organizationAdmin.planPanel.subscriptionEnds';
}

/** The auto-renew toggle: off is the plan's cancel, on its reactivate (team-plan §4). */
function AutoRenewSwitch({ plan, facts }: { plan: CurrentEnrollment; facts: PlanPanelFacts }) {
  const intl = useIntl();
  const refresh = useRefreshPlan(Number(plan.subscriber.id));
  const change = useEnrollmentChange(plan, () => void refresh());
  // Forced off without a card; disabled without one, while saving, and once expired.
  const checked = facts.hasPaymentMethod && facts.autoRenew;
  const disabled = !facts.hasPaymentMethod || change.isPending || facts.status === 'EXPIRED';
  return (
    <Stack gap={2}>
      <Switch
        label={intl.formatMessage({ id: 'organizationAdmin.planPanel.autoRenew' })}
        checked={checked}
        disabled={disabled}
        onChange={(event) => change.mutate(event.currentTarget.checked ? 'reactivate' : 'cancel')}
        data-testid="auto-renew"
      />
      {!facts.hasPaymentMethod && facts.status !== 'EXPIRED' && (
        <Text size="xs" c="dimmed">
          <FormattedMessage id="organizationAdmin.planPanel.autoRenewNeedsCard" />
        </Text>
      )}
    </Stack>
  );
}

/**
 * Team-plan §2 "Older billing screens" plan panel: the plan, its number of users, its end in
 * the wording of its phase, and automatic renewal (Resubscribe once expired); below it the
 * payment card panel. Its facts
 * come from the billing API.
 */
export function PlanPanel({ plan }: { plan: CurrentEnrollment }) {
  const intl = useIntl();
  const organizationId = Number(plan.subscriber.id);
  const query = usePlanFacts(organizationId);
  const facts = query.data;
  const badge = STATUS_BADGE[plan.status];
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="overview-plan">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h3" id="overview-plan">
              <FormattedMessage id="subscriptions.manage.teamPlan" />
            </Title>
            <Badge color={badge.color} data-testid="overview-status">
              <FormattedMessage id={badge.id} />
            </Badge>
          </Group>
          <Text data-testid="overview-licenses">
            <FormattedMessage
              id="organizationAdmin.overview.licenses"
              values={{
                used: facts?.usedLicenses ?? plan.usedLicenseCount,
                total: facts?.totalLicenses ?? plan.licenseCount,
              }}
            />
          </Text>
          {query.isPending && <Skeleton height={48} />}
          {query.isError && (
            <LoadErrorAlert
              message={<FormattedMessage id="organizationAdmin.planPanel.loadFailed" />}
              onRetry={() => void query.refetch()}
            />
          )}
          {facts && (
            <>
              <Text data-testid="overview-end">
                <strong>
                  <FormattedMessage id={planPhaseLabel(facts)} />
                </strong>{' '}
                {longDate(facts.endDate, intl.locale)}
              </Text>
              {facts.status === 'EXPIRED' ? (
                <Button
                  component={Link}
                  to={PAGE_ROUTES.teamPlanResubscribe}
                  style={{ alignSelf: 'flex-start' }}
                >
                  <FormattedMessage id="subscriptions.manage.resubscribe" />
                </Button>
              ) : (
                <AutoRenewSwitch plan={plan} facts={facts} />
              )}
            </>
          )}
        </Stack>
      </Paper>
      {facts && <CardPanel organizationId={organizationId} facts={facts} />}
    </Stack>
  );
}
