import { OrganizationAdminLayout } from './organization-admin-layout';

/** Placeholder: being built. */
export function OrganizationUsersPage() {
  return <OrganizationAdminLayout title="OrganizationUsersPage">{null}</OrganizationAdminLayout>;
}
