import { z } from 'zod';
import { calendarDateSchema } from '../api/calendar-date-schema.js';
import { MAX_DATABASE_ID } from '../api/database-id.js';
import type { Money } from '../money/money.js';
import { purchaseContextIdOf } from '../subscriptions/checkout-reference.js';
import { adminFilter, adminListQuerySchema, isTypedText, type AdminPage } from './admin-list.js';
import { ADMIN_SUBSCRIPTION_STATUSES, type AdminSubscriptionStatus } from './subscriptions-rules.js';

export * from './subscriptions-rules.js';

/**
 * The back office's subscriptions console (issue 33): every Team Plan and Personal Plan, one
 * plan's detail, and the staff actions on it, under `/api-2.0/admin/subscriptions/`. Amounts are
 * `Money` (integer minor units), times ISO 8601 text.
 */
export const ADMIN_SUBSCRIPTIONS_API = {
  subscriptions: '/api-2.0/admin/subscriptions/',
  subscription: '/api-2.0/admin/subscriptions/:id/',
  cancel: '/api-2.0/admin/subscriptions/:id/cancel/',
  reactivate: '/api-2.0/admin/subscriptions/:id/reactivate/',
  extend: '/api-2.0/admin/subscriptions/:id/extend/',
  licenses: '/api-2.0/admin/subscriptions/:id/licenses/',
  invoiceRetry: '/api-2.0/admin/subscriptions/:id/invoices/:invoiceId/retry/',
  invoiceUncollectible: '/api-2.0/admin/subscriptions/:id/invoices/:invoiceId/uncollectible/',
  chargeRefund: '/api-2.0/admin/subscriptions/:id/charges/:chargeId/refund/',
  /** A credit note (a refund's or an extension's) as a PDF. */
  creditNote: '/api-2.0/admin/subscriptions/:id/credit-notes/:creditId/',
} as const;

/** The same paths relative to `/api-2.0`, for the web app's API client. */
export const adminSubscriptionApiPath = (id: number) => `/admin/subscriptions/${id}/`;
export const adminSubscriptionActionApiPath = (
  id: number,
  action: 'cancel' | 'reactivate' | 'extend' | 'licenses',
) => `/admin/subscriptions/${id}/${action}/`;
export const adminSubscriptionInvoiceApiPath = (
  id: number,
  invoiceId: number,
  action: 'retry' | 'uncollectible',
) => `/admin/subscriptions/${id}/invoices/${invoiceId}/${action}/`;
export const adminSubscriptionRefundApiPath = (id: number, chargeId: number) =>
  `/admin/subscriptions/${id}/charges/${chargeId}/refund/`;
/** A staff link to a plan's credit note PDF (absolute path, opened in the browser). */
export const adminSubscriptionCreditNotePath = (id: number, creditId: number) =>
  `/api-2.0/admin/subscriptions/${id}/credit-notes/${creditId}/`;

export const ADMIN_SUBSCRIPTION_STATUS_LABELS: Record<AdminSubscriptionStatus, string> = {
  trial: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** `team`: an organization's Team Plan; `personal`: a learner's Personal Plan. */
export const ADMIN_SUBSCRIPTION_PLANS = ['team', 'personal'] as const;
export type AdminSubscriptionPlan = (typeof ADMIN_SUBSCRIPTION_PLANS)[number];
export const ADMIN_SUBSCRIPTION_PLAN_LABELS: Record<AdminSubscriptionPlan, string> = {
  team: 'Team Plan',
  personal: 'Personal Plan',
};

export const ADMIN_SUBSCRIPTION_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type AdminSubscriptionInterval = (typeof ADMIN_SUBSCRIPTION_INTERVALS)[number];
export const ADMIN_SUBSCRIPTION_INTERVAL_LABELS: Record<AdminSubscriptionInterval, string> = {
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
  year: 'Yearly',
};

export const ADMIN_SUBSCRIPTION_SORT_FIELDS = ['created', 'renewal', 'licenses', 'amount'] as const;
export type AdminSubscriptionSortField = (typeof ADMIN_SUBSCRIPTION_SORT_FIELDS)[number];

const COUNTRY_PATTERN = /^[A-Za-z]{2}$/;
const LICENSES_MESSAGE = 'must be a whole number of licenses from 1 to 100000.';
const licensesFilter = (field: string) =>
  adminFilter(
    z.coerce
      .number({ error: `${field} ${LICENSES_MESSAGE}` })
      .int(`${field} ${LICENSES_MESSAGE}`)
      .min(1, `${field} ${LICENSES_MESSAGE}`)
      .max(100_000, `${field} ${LICENSES_MESSAGE}`),
  );

/**
 * `GET /api-2.0/admin/subscriptions/`: `q` is a plan's id (`42`, `#42` or `LSC-42`), an e-mail
 * (the learner's, or an owner's or admin's of the organization) or part of an organization's
 * name or an e-mail. Renewal dates are the current period's end, in UTC days.
 */
export const adminSubscriptionsQuerySchema = adminListQuerySchema(
  ADMIN_SUBSCRIPTION_SORT_FIELDS,
  {
    status: adminFilter(
      z.enum(ADMIN_SUBSCRIPTION_STATUSES, {
        error: `status must be one of ${ADMIN_SUBSCRIPTION_STATUSES.join(', ')}.`,
      }),
    ),
    plan: adminFilter(
      z.enum(ADMIN_SUBSCRIPTION_PLANS, {
        error: `plan must be one of ${ADMIN_SUBSCRIPTION_PLANS.join(', ')}.`,
      }),
    ),
    interval: adminFilter(
      z.enum(ADMIN_SUBSCRIPTION_INTERVALS, {
        error: `interval must be one of ${ADMIN_SUBSCRIPTION_INTERVALS.join(', ')}.`,
      }),
    ),
    country: adminFilter(
      z
        .string({ error: 'country must be a two-letter country code.' })
        .regex(COUNTRY_PATTERN, 'country must be a two-letter country code.')
        .transform((value) => value.toUpperCase()),
    ),
    /** Plans whose current period ends on or after this day (UTC). */
    renews_from: adminFilter(calendarDateSchema('renews_from')),
    /** Plans whose current period ends on or before this day (UTC). */
    renews_to: adminFilter(calendarDateSchema('renews_to')),
    licenses_min: licensesFilter('licenses_min'),
    licenses_max: licensesFilter('licenses_max'),
  },
  '-created',
)
  .refine((query) => !query.renews_from || !query.renews_to || query.renews_from <= query.renews_to, {
    error: 'renews_to must be on or after renews_from.',
    path: ['renews_to'],
  })
  .refine(
    (query) =>
      query.licenses_min === undefined ||
      query.licenses_max === undefined ||
      query.licenses_min <= query.licenses_max,
    { error: 'licenses_max must be at least licenses_min.', path: ['licenses_max'] },
  );
export type AdminSubscriptionsQuery = z.infer<typeof adminSubscriptionsQuerySchema>;

/** What the search box's text is looked up as. */
export interface AdminSubscriptionSearch {
  id?: number;
  /** A whole e-mail address (lower-cased). */
  email?: string;
  /** Any other text: part of an organization's name or of an e-mail (lower-cased). */
  text?: string;
}

/** Reads the subscriptions search box. Empty text: no search. */
export function adminSubscriptionSearchOf(q: string): AdminSubscriptionSearch {
  const text = q.trim();
  if (text === '') return {};
  const reference = purchaseContextIdOf(text.toUpperCase());
  if (reference !== null) return { id: reference };
  const digits = /^#?(\d{1,10})$/.exec(text);
  if (digits) {
    const id = Number(digits[1]);
    return id >= 1 && id <= MAX_DATABASE_ID ? { id, text: text.toLowerCase() } : { text: text.toLowerCase() };
  }
  if (/^[^\s@]+@[^\s@]+$/.test(text)) return { email: text.toLowerCase() };
  return { text: text.toLowerCase() };
}

/** Who holds a plan: an organization (with its owner) or a learner. */
export interface AdminSubscriber {
  type: 'organization' | 'user';
  id: number;
  /** The organization's name, or the learner's name. */
  name: string;
  /** The learner's e-mail, or the organization owner's. */
  email: string | null;
}

/** One row of the subscriptions list. */
export interface AdminSubscriptionRow {
  id: number;
  /** `LSC-<id>`: the reference the customer sees. */
  reference: string;
  status: AdminSubscriptionStatus;
  plan: { type: AdminSubscriptionPlan; name: string };
  interval: { type: AdminSubscriptionInterval; count: number };
  subscriber: AdminSubscriber;
  licenses: number;
  /** The billing country (the billing profile's). */
  country: string | null;
  /** What the next renewal charges, tax included. */
  next_charge: Money;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  cancel_date: string | null;
  created_at: string;
}

export type AdminSubscriptionsPage = AdminPage<AdminSubscriptionRow>;

// ---------------------------------------------------------------------------------------------
// Detail

export interface AdminSubscriptionMember {
  user_id: number;
  email: string;
  name: string;
  /** Organization role (owner, admin, group_admin, student); `learner` for a Personal Plan. */
  role: string;
  joined_at: string;
}

/**
 * A plan's invoice: what it owes for one period after a trial or at a renewal. `open` (being
 * retried), `action_required` (waits for the customer to authenticate), `paid`, `void` (the plan
 * ended unpaid), `uncollectible` (staff gave up on it).
 */
export interface AdminSubscriptionInvoice {
  id: number;
  kind: string;
  status: string;
  period_start: string;
  period_end: string;
  licenses: number;
  amount: Money;
  tax: Money;
  attempts: number;
  /** An attempt is at the provider right now. */
  charging: boolean;
  next_attempt_at: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A charge of the plan (a receipt), a declined attempt, or a credit given back: kind
 * `refund` (status `refund_pending`, `refunded` or `refund_failed`) or `extension_credit`
 * (status `credited`: days given, nothing paid back).
 */
export interface AdminSubscriptionCharge {
  id: number;
  kind: string;
  status: string;
  invoice_id: number | null;
  receipt_number: number | null;
  licenses: number;
  amount: Money;
  tax: Money;
  period_start: string;
  period_end: string;
  card: { brand: string | null; last4: string | null };
  gateway_payment_id: string | null;
  failure_code: string | null;
  /** The provider's message of a declined attempt or a failed refund. */
  failure_message: string | null;
  created_at: string;
  /** A paid charge's invoice PDF, a credit's credit note PDF. */
  document: { kind: 'invoice' | 'credit_note'; number: string | null; url: string } | null;
  /** A paid charge: what was given back of it already, and what could be refunded now (null: nothing). */
  refunded: Money | null;
  refundable: { whole: Money; prorated: Money; remaining_days: number; period_days: number } | null;
}

export interface AdminSubscriptionMail {
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  created_at: string;
  sent_at: string | null;
}

export interface AdminSubscriptionDetail extends AdminSubscriptionRow {
  /** The enrollment's own status (TRIAL, ACTIVE, PAST_DUE, CANCELED, EXPIRED). */
  enrollment_status: string;
  subscriber_detail: AdminSubscriber & {
    /** The organization's owner (null for a learner). */
    owner: { id: number; email: string; name: string } | null;
    country: string | null;
  };
  members: AdminSubscriptionMember[];
  used_licenses: number;
  license_bounds: { minimum: number; maximum: number } | null;
  period: {
    start: string;
    end: string;
    days: number;
    trial_days: number;
    trial_end: string | null;
    cancel_date: string | null;
  };
  unit_price: Money;
  next_charge_tax: Money;
  tax_rate_percent: number;
  tax_mode: string;
  billing: {
    customer_name: string | null;
    country: string | null;
    tax_number: string | null;
    card: {
      brand: string | null;
      last4: string | null;
      exp_month: number | null;
      exp_year: number | null;
    } | null;
  };
  invoices: AdminSubscriptionInvoice[];
  charges: AdminSubscriptionCharge[];
  /** The unpaid invoice being collected, its schedule and the mails it sent (null: payments in order). */
  dunning: {
    invoice_id: number;
    status: string;
    attempts: number;
    next_attempt_at: string | null;
    due_at: string;
    schedule: { retry: number; at: string; done: boolean }[];
    mails: AdminSubscriptionMail[];
  } | null;
  /** Every mail about this plan (receipts, dunning, cancel, expiry…), newest first. */
  mails: AdminSubscriptionMail[];
  retention_offer: {
    offer_id: string;
    percent_off: number;
    periods: number;
    starts_at: string;
    ends_at: string;
    discounted: Money;
    regular: Money;
    accepted_at: string;
  } | null;
  audit: {
    id: number;
    action: string;
    summary: string;
    reason: string | null;
    actor: { id: number | null; email: string; role: string };
    created_at: string;
  }[];
  /** Which actions the plan's state allows (the viewer's role decides the rest). */
  actions: {
    cancel_at_period_end: boolean;
    cancel_now: boolean;
    reactivate: boolean;
    extend: boolean;
    change_licenses: boolean;
  };
  /** When this was read (the server's clock). */
  as_of: string;
}

// ---------------------------------------------------------------------------------------------
// Staff actions

export const STAFF_SUBSCRIPTION_REASON_MIN = 3;
export const STAFF_SUBSCRIPTION_REASON_MAX = 500;
export const STAFF_EXTENSION_DAYS_MAX = 365;

const reason = z
  .string({ error: 'reason is required.' })
  .trim()
  .min(STAFF_SUBSCRIPTION_REASON_MIN, `reason must be at least ${STAFF_SUBSCRIPTION_REASON_MIN} characters.`)
  .max(STAFF_SUBSCRIPTION_REASON_MAX, `reason can be at most ${STAFF_SUBSCRIPTION_REASON_MAX} characters.`)
  .refine(isTypedText, 'reason must not contain control characters.');

export const staffCancelBodySchema = z.object({
  when: z.enum(['now', 'period_end'], { error: 'when must be now or period_end.' }),
  reason,
});
export type StaffCancelBody = z.infer<typeof staffCancelBodySchema>;

export const staffReasonBodySchema = z.object({ reason });
export type StaffReasonBody = z.infer<typeof staffReasonBodySchema>;

export const staffExtendBodySchema = z.object({
  days: z
    .number({ error: `days must be a whole number from 1 to ${STAFF_EXTENSION_DAYS_MAX}.` })
    .int(`days must be a whole number from 1 to ${STAFF_EXTENSION_DAYS_MAX}.`)
    .min(1, `days must be a whole number from 1 to ${STAFF_EXTENSION_DAYS_MAX}.`)
    .max(STAFF_EXTENSION_DAYS_MAX, `days must be a whole number from 1 to ${STAFF_EXTENSION_DAYS_MAX}.`),
  /** The period end the staff member saw: a repeated request (it moved) changes nothing. */
  expected_period_end: z.iso.datetime({
    offset: true,
    error: 'expected_period_end must be the period end shown, as an ISO 8601 date-time.',
  }),
  reason,
});
export type StaffExtendBody = z.infer<typeof staffExtendBodySchema>;

export const staffLicensesBodySchema = z.object({
  licenses: z
    .number({ error: 'licenses must be a whole number of licenses.' })
    .int('licenses must be a whole number of licenses.')
    .min(1, 'licenses must be at least 1.')
    .max(100_000, 'licenses is too large.'),
  reason,
});
export type StaffLicensesBody = z.infer<typeof staffLicensesBodySchema>;

export const staffRetryBodySchema = z.object({
  /** The attempts the staff member saw: a repeated request (one more was made) changes nothing. */
  expected_attempts: z
    .number({ error: 'expected_attempts must be the number of attempts shown.' })
    .int('expected_attempts must be the number of attempts shown.')
    .min(0, 'expected_attempts must be the number of attempts shown.')
    .max(1000, 'expected_attempts must be the number of attempts shown.'),
  reason,
});
export type StaffRetryBody = z.infer<typeof staffRetryBodySchema>;

export const staffSubscriptionRefundBodySchema = z.object({
  mode: z.enum(['whole', 'prorated'], { error: 'mode must be whole or prorated.' }),
  reason,
});
export type StaffSubscriptionRefundBody = z.infer<typeof staffSubscriptionRefundBodySchema>;

/** What every staff action answers: the plan as it is now, and what the action did. */
export interface StaffSubscriptionActionResponse {
  subscription: AdminSubscriptionDetail;
  /** One line for the staff member (also the audit entry's summary). */
  message: string;
}

/** Why a staff action is refused (409). */
export const STAFF_SUBSCRIPTION_MESSAGES = {
  not_cancelable: 'This plan is already cancelled or has ended.',
  already_cancelled:
    'This plan is already cancelled at the end of its period. Cancel it now instead, or reactivate it.',
  not_reactivatable: 'Only a cancelled plan whose period has not ended can be reactivated.',
  not_extendable:
    'Only a plan in trial or in a paid period can be extended. A past-due plan is settled first (retry its invoice or mark it uncollectible).',
  period_changed:
    'The plan’s period end changed since you looked (it was extended or renewed). Reload and try again.',
  licenses_unchanged: (licenses: number) => `The plan already has ${licenses} licenses.`,
  licenses_not_changeable:
    'The licenses of a plan that has ended, or of a plan not sold by license, cannot be changed.',
  licenses_below_members: (members: number) =>
    `${members} members hold a license: remove members first, or keep at least ${members} licenses.`,
  invoice_not_open: 'This invoice is not open: it was paid, voided or marked uncollectible.',
  invoice_charging:
    'An attempt of this invoice is at the payment provider right now. Wait a moment and reload.',
  invoice_retried: 'This invoice was retried since you looked. Reload to see the attempt.',
  charge_not_refundable: 'Only a paid charge of this plan can be refunded.',
  already_refunded: 'This charge has already been refunded (or its refund is being sent).',
  nothing_to_refund: 'Nothing is left to refund for this charge’s period.',
} as const;
