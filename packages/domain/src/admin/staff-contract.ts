import { z } from 'zod';
import { emailAddressSchema } from '../auth/credentials.js';
import { calendarDateSchema } from '../api/calendar-date-schema.js';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies.js';
import { STAFF_ROLES, type StaffPermission, type StaffRole } from '../staff/staff-permissions.js';
import type { SalesContactDefaults, SalesContactSettings } from '../subscriptions/sales-contact.js';
import { adminFilter, adminListQuerySchema } from './admin-list.js';

/**
 * The back office's staff, staff invitations, settings and audit log as the admin API answers
 * them and the admin pages send them (issue 32). One shape for the server and the web app.
 */

/** How long a staff invitation's link works. */
export const STAFF_INVITATION_TTL_DAYS = 7;

export const staffRoleSchema = z.enum(STAFF_ROLES, {
  error: `role must be one of ${STAFF_ROLES.join(', ')}.`,
});

/** `GET /api-2.0/admin/me/`: the signed-in staff member, their role and what it allows. */
export interface AdminMe {
  user_id: number;
  email: string;
  name: string;
  role: StaffRole;
  permissions: StaffPermission[];
}

/** One row of `GET /api-2.0/admin/staff/`. */
export interface AdminStaffMember {
  user_id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** ISO time they joined the staff. */
  since: string;
}

export const STAFF_SORT_FIELDS = ['since', 'email', 'role'] as const;
export type StaffSortField = (typeof STAFF_SORT_FIELDS)[number];

/** `GET /api-2.0/admin/staff/`: `q` searches e-mail and name; `role` filters. */
export const adminStaffQuerySchema = adminListQuerySchema(
  STAFF_SORT_FIELDS,
  { role: adminFilter(staffRoleSchema) },
  'since',
);

/** `PATCH /api-2.0/admin/staff/:userId/`. */
export const staffRoleChangeSchema = z.strictObject({ role: staffRoleSchema });
export type StaffRoleChange = z.infer<typeof staffRoleChangeSchema>;

/** `POST /api-2.0/admin/staff/invitations/`. */
export const staffInvitationInputSchema = z.strictObject({
  email: emailAddressSchema,
  role: staffRoleSchema,
});
export type StaffInvitationInput = z.infer<typeof staffInvitationInputSchema>;

/** One open invitation (`GET /api-2.0/admin/staff/invitations/`). */
export interface AdminStaffInvitation {
  id: number;
  email: string;
  role: StaffRole;
  invited_by: string | null;
  /** ISO times. */
  created: string;
  expires: string;
}

/** `POST /api-2.0/staff-invitations/accept/`: the token of the mailed link. */
export const staffInvitationAcceptSchema = z.strictObject({
  token: z
    .string({ error: 'This invitation link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{20,128}$/, 'This invitation link is not valid.'),
});

export interface StaffInvitationAccepted {
  email: string;
  role: StaffRole;
}

/** The most a support refund limit may be (minor units): far above any course price. */
export const SUPPORT_REFUND_LIMIT_MAX = 1_000_000_000_000;

const limitAmount = z
  .number({ error: 'A limit must be a whole number of minor units (cents).' })
  .int('A limit must be a whole number of minor units (cents), without decimals.')
  .min(0, 'A limit cannot be negative.')
  .max(SUPPORT_REFUND_LIMIT_MAX, 'This limit is too large.');

const CURRENCY_SET = new Set<string>(CURRENCY_CODES);

/**
 * `PUT /api-2.0/admin/settings/`: the support refund limit per currency, in minor units. A
 * currency left out may not be refunded by support at all.
 */
export const backOfficeSettingsInputSchema = z.strictObject({
  support_refund_limits: z
    .record(
      z.string().refine((code) => CURRENCY_SET.has(code)),
      limitAmount,
      {
        error: (issue) =>
          issue.code === 'invalid_key'
            ? `${String(issue.input).slice(0, 10)} is not a currency the marketplace prices in.`
            : 'support_refund_limits must map currency codes to amounts.',
      },
    )
    .transform((limits) => limits as Partial<Record<CurrencyCode, number>>),
});
export type BackOfficeSettingsInput = z.infer<typeof backOfficeSettingsInputSchema>;

/** `GET /api-2.0/admin/settings/`. */
export interface BackOfficeSettings {
  support_refund_limits: Partial<Record<CurrencyCode, number>>;
  /** Where the subscription pages send people to sales (issue 34); null: the default. */
  sales_contact: SalesContactSettings;
  /** What an unset sales contact stands for (the seller's support address, the support page). */
  sales_contact_defaults: SalesContactDefaults;
  updated: string;
}

/** One entry of the audit log (`GET /api-2.0/admin/audit-events/`). */
export interface AdminAuditEvent {
  id: number;
  /** ISO time. */
  created: string;
  actor: { id: number | null; email: string; role: StaffRole | null };
  action: string;
  object_type: string;
  object_id: string;
  summary: string;
  reason: string | null;
  before: unknown;
  after: unknown;
}

const auditText = (field: string, max: number) =>
  adminFilter(
    z
      .string({ error: `${field} must be text.` })
      .trim()
      .max(max, `${field} is at most ${max} characters.`),
  );

/**
 * `GET /api-2.0/admin/audit-events/`: newest first by default; `q` searches the summary, the
 * actor's e-mail and the object id; filters by actor e-mail, object, action and dates (from and
 * to, both days included, UTC).
 */
export const adminAuditQuerySchema = adminListQuerySchema(
  ['created'],
  {
    actor: auditText('actor', 254),
    object_type: auditText('object_type', 32),
    object_id: auditText('object_id', 64),
    action: auditText('action', 64),
    from: adminFilter(calendarDateSchema('from')),
    to: adminFilter(calendarDateSchema('to')),
  },
  '-created',
);
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
