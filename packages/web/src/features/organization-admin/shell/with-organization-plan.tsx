import { PAGE_ROUTES, SUBSCRIPTION_MESSAGES } from '@lectern/domain';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../../ui/empty-state';
import { LoadErrorAlert } from '../../../ui/load-error-alert';
import { PageLoader } from '../../../ui/page-loader';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { useCurrentEnrollment } from '../../subscriptions/subscription-queries';
import { organizationPlanOf } from './organization-plan';

/** An organization without a Team Plan is pointed to the Team Plan checkout. */
export function NoTeamPlan() {
  return (
    <EmptyState
      message={<FormattedMessage id="organizationAdmin.noPlan" />}
      linkTo={PAGE_ROUTES.teamPlanCheckout}
      linkLabel={<FormattedMessage id="subscriptions.checkout.buyTeamPlan" />}
    />
  );
}

/**
 * The admin pages' wait for the current enrollment: a loader (or `loading`), the team-plan §8
 * load error with "Try again", then `children` with the organization's Team Plan (null when it
 * has none).
 */
export function WithOrganizationPlan({
  loading,
  children,
}: {
  loading?: ReactNode;
  children: (plan: CurrentEnrollment | null) => ReactNode;
}) {
  const intl = useIntl();
  const query = useCurrentEnrollment();
  if (query.isPending)
    return loading ?? <PageLoader label={intl.formatMessage({ id: 'subscriptions.manage.loading' })} />;
  if (query.isError) {
    return <LoadErrorAlert message={SUBSCRIPTION_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />;
  }
  return children(organizationPlanOf(query.data));
}
