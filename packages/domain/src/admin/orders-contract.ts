import { z } from 'zod';
import { calendarDateSchema } from '../api/calendar-date-schema.js';
import { MAX_DATABASE_ID } from '../api/database-id.js';
import type { Money } from '../money/money.js';
import type { RefundRefusal } from '../purchases/refund-rules.js';
import type { StaffRole } from '../staff/staff-permissions.js';
import { adminFilter, adminListQuerySchema, isTypedText, type AdminPage } from './admin-list.js';

/**
 * The back office's orders, staff refunds, refund retries and dashboard (issue 32): what
 * `/api-2.0/admin/orders/`, `/admin/refunds/` and `/admin/dashboard/` take and answer. Amounts
 * are `Money` (integer minor units), times ISO 8601 text.
 */
export const ADMIN_ORDERS_API = {
  orders: '/api-2.0/admin/orders/',
  order: '/api-2.0/admin/orders/:id/',
  orderRefunds: '/api-2.0/admin/orders/:id/refunds/',
  refunds: '/api-2.0/admin/refunds/',
  refundRetry: '/api-2.0/admin/refunds/:id/retry/',
  dashboard: '/api-2.0/admin/dashboard/',
  document: '/api-2.0/admin/purchase-documents/:source/:id/',
} as const;

/** The same paths relative to `/api-2.0`, for the web app's API client. */
export const adminOrderApiPath = (id: number) => `/admin/orders/${id}/`;
export const adminOrderRefundsApiPath = (id: number) => `/admin/orders/${id}/refunds/`;
export const adminRefundRetryApiPath = (id: number) => `/admin/refunds/${id}/retry/`;
/** A staff link to an invoice or credit note PDF (absolute path, opened in the browser). */
export const adminDocumentPath = (source: 'order' | 'refund' | 'subscription_charge', id: number) =>
  `/api-2.0/admin/purchase-documents/${source}/${id}/`;

// ---------------------------------------------------------------------------------------------
// Orders list

export const ADMIN_ORDER_SORT_FIELDS = ['created', 'total'] as const;
export type AdminOrderSortField = (typeof ADMIN_ORDER_SORT_FIELDS)[number];

/**
 * Where an order stands for staff, from its lines' refunds: `paid` (no refund), `partially_refunded`
 * (some lines refunded), `refunded` (every line), and the two that need a look: a refund still
 * `refund_pending` at the provider, or one that `refund_failed`.
 */
export const ADMIN_ORDER_STATUSES = [
  'paid',
  'partially_refunded',
  'refunded',
  'refund_pending',
  'refund_failed',
] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

export const ADMIN_ORDER_STATUS_LABELS: Record<AdminOrderStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  refund_pending: 'Refund pending',
  refund_failed: 'Refund failed',
};

/** The payment methods the filter offers (any provider method type is accepted). */
export const ADMIN_ORDER_METHODS: readonly { value: string; label: string }[] = [
  { value: 'card', label: 'Card' },
  { value: 'account_credit', label: 'Account credit' },
  { value: 'free', label: 'Free' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'ideal', label: 'iDEAL' },
  { value: 'sepa_debit', label: 'SEPA Direct Debit' },
  { value: 'boleto', label: 'Boleto' },
  { value: 'oxxo', label: 'OXXO' },
  { value: 'pix', label: 'Pix' },
  { value: 'upi', label: 'UPI' },
  { value: 'affirm', label: 'Affirm' },
  { value: 'afterpay_clearpay', label: 'Afterpay' },
];

const METHOD_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const COUNTRY_PATTERN = /^[A-Za-z]{2}$/;
const CODE_PATTERN = /^[A-Za-z0-9._-]{1,255}$/;

/** `GET /api-2.0/admin/orders/`: `q` is an order number, an e-mail, a card's last 4 or a provider payment id. */
export const adminOrdersQuerySchema = adminListQuerySchema(
  ADMIN_ORDER_SORT_FIELDS,
  {
    status: adminFilter(
      z.enum(ADMIN_ORDER_STATUSES, { error: `status must be one of ${ADMIN_ORDER_STATUSES.join(', ')}.` }),
    ),
    method: adminFilter(
      z
        .string({ error: 'method must be a payment method type such as card.' })
        .regex(METHOD_PATTERN, 'method must be a payment method type such as card.'),
    ),
    country: adminFilter(
      z
        .string({ error: 'country must be a two-letter country code.' })
        .regex(COUNTRY_PATTERN, 'country must be a two-letter country code.')
        .transform((value) => value.toUpperCase()),
    ),
    /** Orders placed on or after this day (UTC). */
    from: adminFilter(calendarDateSchema('from')),
    /** Orders placed on or before this day (UTC). */
    to: adminFilter(calendarDateSchema('to')),
    /** Orders with a line bought with this discount code. */
    code: adminFilter(
      z
        .string({ error: 'code must be a discount code.' })
        .trim()
        .regex(CODE_PATTERN, 'code must be a discount code.')
        .transform((value) => value.toUpperCase()),
    ),
  },
  '-created',
).refine((query) => !query.from || !query.to || query.from <= query.to, {
  error: 'to must be on or after from.',
  path: ['to'],
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** What the search box's text is looked up as (an order number, a card's last 4, an e-mail…). */
export interface AdminOrderSearch {
  /** `123` or `#123`. */
  orderId?: number;
  /** Four digits: a card's last 4 (also tried as an order number). */
  cardLast4?: string;
  /** A whole e-mail address (lower-cased). */
  email?: string;
  /** A provider id such as `pi_3Nf…` (a payment, or the attempt's payment). */
  paymentId?: string;
  /** Any other text: part of the buyer's e-mail (lower-cased). */
  emailPart?: string;
}

const PROVIDER_ID = /^[a-z]{2,8}_[A-Za-z0-9_]{4,250}$/;

/** Reads the orders search box: which of the order's keys the text can be. Empty text: no search. */
export function adminOrderSearchOf(q: string): AdminOrderSearch {
  const text = q.trim();
  if (text === '') return {};
  const digits = /^#?(\d{1,10})$/.exec(text);
  if (digits) {
    const number = Number(digits[1]);
    return {
      ...(number >= 1 && number <= MAX_DATABASE_ID ? { orderId: number } : {}),
      ...(/^\d{4}$/.test(text) ? { cardLast4: text } : {}),
    };
  }
  if (text.includes('@')) return { email: text.toLowerCase() };
  if (PROVIDER_ID.test(text)) return { paymentId: text };
  return { emailPart: text.toLowerCase() };
}

/** One row of the orders list. */
export interface AdminOrderRow {
  id: number;
  created_at: string;
  status: AdminOrderStatus;
  buyer: { id: number; email: string; name: string };
  /** What the buyer paid: the provider's charge plus the account credit spent. */
  gross: Money;
  /** What the provider charged. */
  total: Money;
  credit: Money;
  payment_method: { type: string; label: string; last4: string | null };
  country: string | null;
  line_count: number;
  refunded_lines: number;
  codes: string[];
}

export type AdminOrdersPage = AdminPage<AdminOrderRow>;

// ---------------------------------------------------------------------------------------------
// Order detail

export const ADMIN_REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;
export type AdminRefundStatus = (typeof ADMIN_REFUND_STATUSES)[number];

/** A refund of one order line, as staff see it. */
export interface AdminLineRefund {
  id: number;
  order_id: number;
  order_line_id: number;
  status: AdminRefundStatus;
  amount: Money;
  /** Back through the provider to the original method, and back to account credit. */
  provider_amount: Money;
  credit_amount: Money;
  provider_label: string | null;
  /** `staff` for a back-office refund, else the buyer's reason. */
  reason: string;
  /** The buyer's comment or the staff member's reason. */
  comment: string | null;
  /** The staff member who made it (null: the buyer asked for it). */
  staff: { id: number; email: string } | null;
  gateway_refund_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  requested_at: string;
  completed_at: string | null;
  /** How many times staff retried it. */
  retries: number;
  /** Pending with its submit job out of attempts: only a retry moves it on. */
  stuck: boolean;
  credit_note: AdminDocumentLink | null;
}

/** An invoice or a credit note: issued (with its number) or not yet (issued when first opened). */
export interface AdminDocumentLink {
  kind: 'invoice' | 'credit_note';
  number: string | null;
  url: string;
}

export interface AdminOrderLine {
  id: number;
  course: { id: number; title: string };
  /** `course`, or `gift` (bought for someone else). */
  buyable_type: string;
  list_price: Money;
  /** The list price minus the price paid (before tax). */
  discount: Money;
  price: Money;
  tax: Money;
  /** What the line cost the buyer (its price, plus its tax when tax was added on top). */
  paid: Money;
  code: string | null;
  refund: AdminLineRefund | null;
  /** Why a staff refund of this line would be refused (null: it can be refunded). */
  refund_refusal: RefundRefusal | null;
  /** A refusal staff may override (`refund_window_closed` with `allow_outside_window`). */
  refund_refusal_overridable: boolean;
  /** Where the money of a refund of this line would go. */
  refund_to: { provider: Money; credit: Money };
}

export interface AdminPaymentAttempt {
  id: string;
  status: string;
  method_type: string;
  vendor: string;
  amount: Money;
  gateway_payment_id: string | null;
  gateway_payment_method_id: string | null;
  gateway_refund_id: string | null;
  error_code: string | null;
  /** The attempt that made this order (the others are the buyer's tries just before it). */
  made_the_order: boolean;
  created_at: string;
  updated_at: string;
}

export interface AdminProviderEvent {
  id: string;
  gateway_type: string;
  type: string;
  received_at: string;
  processed_at: string | null;
  attempts: number;
  last_error: string | null;
}

export interface AdminOrderDetail {
  id: number;
  status: AdminOrderStatus;
  created_at: string;
  completed_at: string;
  buyer: {
    id: number;
    email: string;
    name: string;
    country: string;
    anonymised: boolean;
  };
  currency: string;
  subtotal: Money;
  discount: Money;
  tax: Money;
  credit: Money;
  /** What the provider charged. */
  total: Money;
  gross: Money;
  tax_mode: 'tax_added' | 'tax_included';
  tax_rate_percent: number;
  tax_lines: { label: string; rate_percent: number; amount: Money }[];
  tax_note: string | null;
  tax_number: string | null;
  country: string | null;
  payment_method: { type: string; label: string; brand: string | null; last4: string | null };
  gateway_payment_id: string | null;
  lines: AdminOrderLine[];
  payment_attempts: AdminPaymentAttempt[];
  provider_events: AdminProviderEvent[];
  invoice: AdminDocumentLink | null;
  refunds: AdminLineRefund[];
  /** The last day of the 30-day refund window (checkout §9). */
  refund_deadline: string;
  refund_window_open: boolean;
}

// ---------------------------------------------------------------------------------------------
// Staff refunds

export const STAFF_REFUND_REASON_MIN = 3;
export const STAFF_REFUND_REASON_MAX = 500;
/** What a staff refund stores as its `reason` (the staff member's text goes in its comment). */
export const STAFF_REFUND_REASON_CODE = 'staff';

const lineId = z
  .number({ error: 'line_ids must be order line ids.' })
  .int('line_ids must be order line ids.')
  .min(1, 'line_ids must be order line ids.')
  .max(MAX_DATABASE_ID, 'line_ids must be order line ids.');

/** `POST /api-2.0/admin/orders/:id/refunds/`. */
export const staffRefundBodySchema = z.object({
  line_ids: z.union(
    [
      z.literal('all'),
      z
        .array(lineId, { error: "line_ids must be 'all' or a list of order line ids." })
        .min(1, 'Choose at least one line to refund.')
        .max(100, 'line_ids has at most 100 lines.'),
    ],
    { error: "line_ids must be 'all' or a list of order line ids." },
  ),
  reason: z
    .string({ error: 'reason is required.' })
    .trim()
    .min(STAFF_REFUND_REASON_MIN, `reason must be at least ${STAFF_REFUND_REASON_MIN} characters.`)
    .max(STAFF_REFUND_REASON_MAX, `reason can be at most ${STAFF_REFUND_REASON_MAX} characters.`)
    .refine(isTypedText, 'reason must not contain control characters.'),
  allow_outside_window: z.boolean({ error: 'allow_outside_window must be true or false.' }).default(false),
});
export type StaffRefundBody = z.infer<typeof staffRefundBodySchema>;

export interface StaffRefundResponse {
  order_id: number;
  refunds: AdminLineRefund[];
}

/** A line as the staff refund rule reads it. */
export interface StaffRefundCandidate {
  lineId: number;
  refusal: RefundRefusal | null;
}

/** Whether staff may refund a line refused with `refusal` (only the window, and only when told to). */
export function staffMayOverride(refusal: RefundRefusal | null, allowOutsideWindow: boolean): boolean {
  return refusal === null || (refusal === 'refund_window_closed' && allowOutsideWindow);
}

/**
 * The lines a staff refund takes (issue 32): the chosen lines, all of which must be refundable
 * (else the first refusal, nothing refunded), or with `'all'` every line still refundable
 * (lines already refunded, free or whose gift was redeemed are left out; none left: the first
 * line's refusal). The 30-day window is passed over only with `allowOutsideWindow`; the other
 * refusals hold for staff too.
 */
export function staffRefundLines(
  lines: readonly StaffRefundCandidate[],
  chosen: readonly number[] | 'all',
  allowOutsideWindow: boolean,
): { lineIds: number[] } | { refusal: RefundRefusal | 'unknown_line'; lineId: number | null } {
  if (chosen === 'all') {
    const open = lines.filter((line) => staffMayOverride(line.refusal, allowOutsideWindow));
    if (open.length > 0) return { lineIds: open.map((line) => line.lineId) };
    // Why nothing is left: the window when that is all that stops it, else the first refusal.
    const stopped =
      lines.find((line) => line.refusal === 'refund_window_closed') ??
      lines.find((line) => line.refusal === 'already_refunded') ??
      lines[0];
    return { refusal: stopped?.refusal ?? 'nothing_to_refund', lineId: stopped?.lineId ?? null };
  }
  const unique = [...new Set(chosen)];
  for (const id of unique) {
    const line = lines.find((candidate) => candidate.lineId === id);
    if (!line) return { refusal: 'unknown_line', lineId: id };
    if (!staffMayOverride(line.refusal, allowOutsideWindow)) return { refusal: line.refusal!, lineId: id };
  }
  return { lineIds: unique };
}

/** Why a staff refund is refused (409), worded for staff. */
export const STAFF_REFUND_REFUSAL_MESSAGES: Record<RefundRefusal, string> = {
  refund_window_closed:
    'This order is past the 30-day refund window. Refund it outside the window only if you mean to (allow_outside_window).',
  already_refunded: 'A refund of this line has already been made or is pending.',
  nothing_to_refund: 'Nothing was paid for this line, so there is nothing to refund.',
  payment_pending: 'The payment for this order has not arrived yet, so it cannot be refunded.',
  gift_redeemed: 'This gift has been redeemed by its recipient, so it can no longer be refunded.',
};

export const STAFF_REFUND_MESSAGES = {
  unknown_line: 'That line is not part of this order.',
  refund_limit_exceeded: (limit: string | null, amount: string) =>
    limit === null
      ? `Support staff may not refund in this currency. Ask an owner or finance to refund ${amount}.`
      : `Support staff may refund at most ${limit} in one refund; this one is ${amount}. Ask an owner or finance.`,
  refund_in_progress:
    'This refund is still being sent to the payment provider and retried automatically; retry it once it has failed or stopped.',
  refund_not_retryable: 'Only a failed refund, or a pending one whose retries ran out, can be retried.',
} as const;

// ---------------------------------------------------------------------------------------------
// Refunds to look at, and their retry

/**
 * The refunds list's views: `attention` (failed, or pending whose automatic retries ran out),
 * `failed`, `pending` (with `older_than_minutes`: pending at least that long), `stuck`,
 * `refunded`, `all`.
 */
export const ADMIN_REFUND_VIEWS = ['attention', 'failed', 'pending', 'stuck', 'refunded', 'all'] as const;
export type AdminRefundView = (typeof ADMIN_REFUND_VIEWS)[number];

export const ADMIN_REFUND_VIEW_LABELS: Record<AdminRefundView, string> = {
  attention: 'Needs attention',
  failed: 'Failed',
  pending: 'Pending',
  stuck: 'Stuck (retries ran out)',
  refunded: 'Refunded',
  all: 'All',
};

export const adminRefundsQuerySchema = adminListQuerySchema(
  ['requested'] as const,
  {
    status: z
      .union([z.literal(''), z.enum(ADMIN_REFUND_VIEWS)], {
        error: `status must be one of ${ADMIN_REFUND_VIEWS.join(', ')}.`,
      })
      .default('attention')
      .transform((value): AdminRefundView => (value === '' ? 'attention' : value)),
    older_than_minutes: adminFilter(
      z.coerce
        .number({ error: 'older_than_minutes must be a number of minutes.' })
        .int('older_than_minutes must be a whole number of minutes.')
        .min(0, 'older_than_minutes must be between 0 and 525600.')
        .max(525_600, 'older_than_minutes must be between 0 and 525600.'),
    ),
  },
  '-requested',
);
export type AdminRefundsQuery = z.infer<typeof adminRefundsQuerySchema>;

export interface AdminRefundRow extends AdminLineRefund {
  course: { id: number; title: string };
  buyer: { id: number; email: string };
  order_created_at: string;
}

export type AdminRefundsPage = AdminPage<AdminRefundRow>;

export interface AdminRefundRetryResponse {
  refund: AdminLineRefund;
}

// ---------------------------------------------------------------------------------------------
// Dashboard

export interface AdminSalesFigures {
  orders: number;
  /** Gross per currency (provider charge plus credit), largest first. */
  gross: Money[];
  refunds: number;
  refunded: Money[];
}

export interface AdminDashboard {
  today: AdminSalesFigures;
  last_30_days: AdminSalesFigures;
  alerts: {
    /** Failed refunds (the refunds list's `failed` view). */
    failed_refunds: number;
    /** Pending refunds whose automatic retries ran out. */
    stuck_refunds: number;
  };
  newest_orders: AdminOrderRow[];
  /** When the figures were read (the server's clock). */
  as_of: string;
  /** The viewer's role (the page offers what it allows). */
  role: StaffRole;
}
