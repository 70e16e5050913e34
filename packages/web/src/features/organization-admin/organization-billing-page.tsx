import { OrganizationAdminLayout } from './organization-admin-layout';

/** Placeholder: being built. */
export function OrganizationBillingPage() {
  return <OrganizationAdminLayout title="OrganizationBillingPage">{null}</OrganizationAdminLayout>;
}
