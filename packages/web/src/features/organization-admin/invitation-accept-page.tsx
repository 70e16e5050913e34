import { OrganizationAdminLayout } from './organization-admin-layout';

/** Placeholder: being built. */
export function InvitationAcceptPage() {
  return <OrganizationAdminLayout title="InvitationAcceptPage">{null}</OrganizationAdminLayout>;
}
