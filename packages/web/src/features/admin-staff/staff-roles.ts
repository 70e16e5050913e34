import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@lectern/domain';
import { isApiError } from '../../platform/api';

/** What each role may do, as the staff page explains it (STAFF_ROLE_PERMISSIONS decides). */
export const STAFF_ROLE_DESCRIPTIONS: Readonly<Record<StaffRole, string>> = {
  owner: 'Everything, including the staff and the support refund limits',
  catalog: 'Courses, prices and discount codes',
  support: 'Customers, orders, credit, and refunds up to the support limit',
  finance: 'Reads everything; refunds, credit and exports',
  read_only: 'Reads everything, changes nothing',
};

/** The roles as select options, in the domain's order. */
export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** Whether a select's value is a staff role. */
export const isRole = (value: string | null): value is StaffRole =>
  value !== null && (STAFF_ROLES as readonly string[]).includes(value);

/** The server's explanation of a failed change, or the fallback when it gave none. */
export const failureText = (error: unknown, fallback: string) =>
  isApiError(error) ? error.detail : fallback;
