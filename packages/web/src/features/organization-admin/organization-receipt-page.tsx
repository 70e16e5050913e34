import { OrganizationAdminLayout } from './organization-admin-layout';

/** Placeholder: being built. */
export function OrganizationReceiptPage() {
  return <OrganizationAdminLayout title="OrganizationReceiptPage">{null}</OrganizationAdminLayout>;
}
