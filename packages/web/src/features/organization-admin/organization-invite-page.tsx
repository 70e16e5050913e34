import { OrganizationAdminLayout } from './organization-admin-layout';

/** Placeholder: being built. */
export function OrganizationInvitePage() {
  return <OrganizationAdminLayout title="OrganizationInvitePage">{null}</OrganizationAdminLayout>;
}
