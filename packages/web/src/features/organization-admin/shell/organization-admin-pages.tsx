import { PAGE_ROUTES } from '@lectern/domain';
import { Navigate, useLocation } from 'react-router';

export { AdminOverviewPage } from '../overview/admin-overview-page';
export { OrganizationSubscriptionPage } from '../subscription/organization-subscription-page';

/** `/organization-manage-v2/`: the base of the admin area opens its overview. */
export function OrganizationAdminIndexPage() {
  const { search } = useLocation();
  return <Navigate to={`${PAGE_ROUTES.organizationAdminOverview}${search}`} replace />;
}
