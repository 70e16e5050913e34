/**
 * The marketplace's staff and what each role may do in the back office (issue 32). One table,
 * read by the server for every admin route and by the web app to offer only what is allowed.
 *
 * - `owner`: everything, and manages staff and the support refund limit.
 * - `catalog`: courses, prices, codes.
 * - `support`: customers, orders, plans, and refunds up to the limit the owner sets.
 * - `finance`: reads everything, reports, refunds (no limit), exports, plans' invoices.
 * - `read_only`: reads everything, changes nothing.
 */
export const STAFF_ROLES = ['owner', 'catalog', 'support', 'finance', 'read_only'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Every admin page and read: dashboards, lists, details, the audit log. */
  'backOffice.read',
  'catalog.write',
  'prices.write',
  'codes.write',
  'customers.write',
  'credit.write',
  'orders.refund',
  'reports.export',
  /** A plan's lifecycle: cancel, reactivate, extend, change licenses (issue 33). */
  'subscriptions.manage',
  /** A plan's invoices: retry now, mark uncollectible (issue 33). */
  'subscriptions.billing',
  /** Outgoing webhook endpoints and their deliveries (issue 33). */
  'webhooks.manage',
  'staff.manage',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** The one table of who may do what: every admin route names one of these permissions. */
export const STAFF_ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  owner: STAFF_PERMISSIONS,
  catalog: ['backOffice.read', 'catalog.write', 'prices.write', 'codes.write'],
  support: [
    'backOffice.read',
    'customers.write',
    'credit.write',
    'orders.refund',
    'subscriptions.manage',
    'subscriptions.billing',
  ],
  finance: ['backOffice.read', 'orders.refund', 'reports.export', 'credit.write', 'subscriptions.billing'],
  read_only: ['backOffice.read'],
};

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  catalog: 'Catalog',
  support: 'Support',
  finance: 'Finance',
  read_only: 'Read only',
};

/** Whether a staff member with `role` (null: not staff) has `permission`. */
export function staffMay(role: StaffRole | null | undefined, permission: StaffPermission): boolean {
  return role ? STAFF_ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** The roles whose refunds are capped by the owner's support refund limit. */
export function refundIsCapped(role: StaffRole): boolean {
  return role === 'support';
}

/**
 * Whether a staff refund of `amount` (minor units of `currency`) is within what `role` may
 * refund alone; `limits` are the owner's support limits per currency (a currency without one
 * may not be refunded by support at all).
 */
export function refundWithinLimit(
  role: StaffRole,
  amount: number,
  currency: string,
  limits: Readonly<Record<string, number>>,
): boolean {
  if (!staffMay(role, 'orders.refund')) return false;
  if (!refundIsCapped(role)) return true;
  const limit = limits[currency];
  return limit !== undefined && amount <= limit;
}

/**
 * Whether a staff member keeps at least one owner after `next` replaces `current` for one member
 * (`next` null: removed). `owners` is how many owners there are now.
 */
export function keepsAStaffOwner(owners: number, current: StaffRole, next: StaffRole | null): boolean {
  return current !== 'owner' || next === 'owner' || owners > 1;
}
