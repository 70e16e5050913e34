import { SUBSCRIPTION_MESSAGES, planPagesOf } from '@lectern/domain';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CurrentEnrollment } from './subscription-api';

/** Who manages a plan: an organization its Team Plan, a learner their Personal Plan (domain `planPagesOf`). */
export const managerOf = (enrollment: Pick<CurrentEnrollment, 'productType'>) =>
  enrollment.productType === 'TEAM' ? ('organization' as const) : ('user' as const);

/** A running plan of the product the page sells. */
export const runningPlanOf = (
  enrollment: CurrentEnrollment | null | undefined,
  productType: CurrentEnrollment['productType'],
): CurrentEnrollment | null =>
  enrollment && enrollment.productType === productType && enrollment.status !== 'EXPIRED' ? enrollment : null;

/**
 * "You're subscribed": what a plan page or checkout shows to someone whose plan of that product
 * is running, instead of offering (and then refusing) a second one.
 */
export function SubscribedNotice({ enrollment }: { enrollment: CurrentEnrollment }) {
  const intl = useIntl();
  const name =
    enrollment.productType === 'TEAM'
      ? intl.formatMessage({ id: 'subscriptions.manage.teamPlan' })
      : SUBSCRIPTION_MESSAGES.personalPlanName;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="subscribed-title"
      data-testid="subscribed"
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="subscribed-title">
          <FormattedMessage id="subscriptions.subscribed.title" />
        </Title>
        <Text>
          <FormattedMessage id="subscriptions.subscribed.text" values={{ plan: name }} />
        </Text>
        <Button component={Link} to={planPagesOf(managerOf(enrollment)).manage}>
          <FormattedMessage id="subscriptions.subscribed.manage" />
        </Button>
      </Stack>
    </Paper>
  );
}
