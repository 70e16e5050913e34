import type { OrganizationRole } from '../context/user-context.js';

/** Named permissions checked by name (platform §6). Owner and admin manage billing (design §5). */
export const ORGANIZATION_PERMISSIONS: Record<OrganizationRole, readonly string[]> = {
  owner: ['manage_billing', 'manage_users', 'manage_settings', 'view_reports', 'transfer_ownership'],
  admin: ['manage_billing', 'manage_users', 'manage_settings', 'view_reports'],
  group_admin: ['manage_group_users', 'view_group_reports'],
  student: [],
};

export function isOrganizationAdmin(role: OrganizationRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}
