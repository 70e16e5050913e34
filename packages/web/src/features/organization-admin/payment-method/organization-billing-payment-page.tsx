import { PAGE_ROUTES, safeNextPath } from '@lectern/domain';
import { Paper } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { CardUpdateForm } from './card-update-form';
import { OrganizationAdminLayout } from '../shell/organization-admin-layout';

/** Where the page returns: `next` when it is a path of this site, else subscription management. */
function billingPaymentReturnPath(next: string | null): string {
  return next && safeNextPath(next) === next ? next : PAGE_ROUTES.organizationSubscription;
}

/**
 * `/organization-manage-v2/settings/billing/payment/` (team-plan §2): the admin area's payment
 * checkout, the organization's card update as a page (a past-due plan's "update your card"
 * leads here). After the update or 'Cancel' it returns to `next`, else to subscription
 * management, where the success banner shows.
 */
export function OrganizationBillingPaymentPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = () => void navigate(billingPaymentReturnPath(search.get('next')));
  return (
    <OrganizationAdminLayout title={intl.formatMessage({ id: 'organizationAdmin.updatePayment.title' })}>
      <Paper withBorder radius="md" p="lg" maw={640} w="100%">
        <CardUpdateForm onCancel={back} onUpdated={back} />
      </Paper>
    </OrganizationAdminLayout>
  );
}
