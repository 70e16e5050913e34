import { ORGANIZATION_PERMISSIONS, type OrganizationRole } from '@lectern/domain';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../../i18n/load-messages';

/** Team-plan §6 roles, most powerful first (the order the domain's permission table lists them). */
export const ORGANIZATION_ROLES = Object.keys(ORGANIZATION_PERMISSIONS) as OrganizationRole[];

const ROLE_LABELS: Record<OrganizationRole, MessageId> = {
  owner: 'organizationAdmin.roles.owner',
  admin: 'organizationAdmin.roles.admin',
  group_admin: 'organizationAdmin.roles.group_admin',
  student: 'organizationAdmin.roles.student',
};

/** A role as people read it: 'Group admin' for `group_admin`. */
export function roleLabel(intl: IntlShape, role: OrganizationRole): string {
  return intl.formatMessage({ id: ROLE_LABELS[role] });
}

/** The options of a role select, in the order above. */
export function roleOptions(intl: IntlShape) {
  return ORGANIZATION_ROLES.map((role) => ({ value: role, label: roleLabel(intl, role) }));
}
