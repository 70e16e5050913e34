import { OrganizationAdminLayout } from './organization-admin-layout';

/** Placeholder: being built. */
export function OrganizationBillingPaymentPage() {
  return <OrganizationAdminLayout title="OrganizationBillingPaymentPage">{null}</OrganizationAdminLayout>;
}
