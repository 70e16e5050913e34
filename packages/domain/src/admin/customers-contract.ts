import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies.js';
import type { StaffRole } from '../staff/staff-permissions.js';
import { adminListQuerySchema } from './admin-list.js';

/**
 * The back office's customers (issue 32): search, the customer's page, credit granted or
 * removed by staff, sessions ended and the anonymised delete. One shape for server and web app.
 */

export const CUSTOMER_SORT_FIELDS = ['created', 'email'] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

/** `GET /api-2.0/admin/customers/`: `q` searches e-mail and name; newest accounts first by default. */
export const adminCustomersQuerySchema = adminListQuerySchema(CUSTOMER_SORT_FIELDS, {}, '-created');

/** One row of the customer list. */
export interface AdminCustomerSummary {
  id: number;
  email: string;
  name: string;
  country: string;
  /** ISO time the account was made. */
  created: string;
  /** ISO time it was anonymised on request; null for a live account. */
  anonymised_at: string | null;
  /** Their staff role, when they are on the staff. */
  staff_role: StaffRole | null;
}

/** A customer's completed order as the back office shows it; amounts in minor units of `currency`. */
export interface AdminCustomerOrder {
  id: number;
  /** ISO time. */
  completed: string;
  currency: CurrencyCode;
  subtotal: number;
  discount: number;
  tax: number;
  credit: number;
  total: number;
  payment_label: string;
  lines: {
    id: number;
    course_id: number;
    course_title: string | null;
    /** `course`, or `gift` (bought for someone else). */
    buyable_type: string;
    list_price: number;
    price: number;
    tax: number;
    coupon_code: string | null;
  }[];
}

export interface AdminCustomerSubscription {
  id: number;
  /** `user`: their own Personal Plan; `organization`: the plan of the organization they manage. */
  subscriber: 'user' | 'organization';
  product_type: string;
  status: string;
  price_option_id: string;
  licenses: number;
  /** ISO times. */
  current_period_end: string;
  cancel_date: string | null;
}

export interface AdminCreditEntry {
  id: number;
  kind: 'grant' | 'spend' | 'refund' | 'adjustment';
  /** Signed minor units: spends and removals negative. */
  amount: number;
  currency: string;
  reason: string;
  order_id: number | null;
  /** The staff member who granted or removed it (null: the system). */
  created_by: string | null;
  created: string;
}

/** A saved card: only what identifies it to a person, never a token. */
export interface AdminSavedCard {
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  /** `checkout`: saved at a course checkout; `subscription`: the card their Personal Plan charges. */
  used_for: 'checkout' | 'subscription';
}

/** `GET /api-2.0/admin/customers/:id/`. */
export interface AdminCustomerDetail {
  profile: AdminCustomerSummary & {
    surname: string;
    first_name: string;
    locale: string;
    time_zone: string | null;
    /** Made by a guest checkout, no password chosen yet. */
    guest: boolean;
  };
  purchases: { count: number; results: AdminCustomerOrder[] };
  subscriptions: AdminCustomerSubscription[];
  organizations: { id: number; name: string; role: string }[];
  credit: {
    /** Available credit per currency (never below zero). */
    balances: { currency: CurrencyCode; amount: number }[];
    entry_count: number;
    /** The newest entries (at most 100). */
    entries: AdminCreditEntry[];
  };
  saved_cards: AdminSavedCard[];
  /** Why the saved cards could not be read from the payment provider (null: they were). */
  saved_cards_error: string | null;
  active_sessions: number;
}

export const CREDIT_ADJUSTMENT_MAX = 100_000_000;
export const ADMIN_REASON_MAX_LENGTH = 500;

const reason = z
  .string({ error: 'Give a reason.' })
  .trim()
  .min(1, 'Give a reason.')
  .max(ADMIN_REASON_MAX_LENGTH, `The reason is at most ${ADMIN_REASON_MAX_LENGTH} characters.`);

/**
 * `POST /api-2.0/admin/customers/:id/credit/`: grant credit, or remove some (never below the
 * available balance). `amount` is a positive whole number of minor units (cents) of `currency`.
 */
export const customerCreditInputSchema = z.strictObject({
  action: z.enum(['grant', 'remove'], { error: 'action must be grant or remove.' }),
  amount: z
    .number({ error: 'Enter the amount in minor units (cents).' })
    .int('The amount is a whole number of minor units (cents), without decimals.')
    .min(1, 'The amount must be more than zero.')
    .max(CREDIT_ADJUSTMENT_MAX, 'This amount is too large.'),
  currency: z.enum(CURRENCY_CODES, { error: 'currency must be a currency the marketplace prices in.' }),
  reason,
});
export type CustomerCreditInput = z.infer<typeof customerCreditInputSchema>;

/** The answer of a credit change: the entry written and the available balance after it. */
export interface CustomerCreditChanged {
  entry: AdminCreditEntry;
  balance: { currency: CurrencyCode; amount: number };
}

/** `POST /api-2.0/admin/customers/:id/sessions/revoke/`. */
export const customerSessionsRevokeSchema = z.strictObject({
  reason: reason.optional(),
});

/** `POST /api-2.0/admin/customers/:id/anonymise/`: a reason, and the customer's e-mail typed again. */
export const customerAnonymiseSchema = z.strictObject({
  reason,
  confirm_email: z
    .string({ error: 'Type the customer’s e-mail address to confirm.' })
    .trim()
    .min(1, 'Type the customer’s e-mail address to confirm.')
    .max(254, 'Type the customer’s e-mail address to confirm.'),
});
export type CustomerAnonymiseInput = z.infer<typeof customerAnonymiseSchema>;

/** The e-mail address an anonymised account keeps (unique, and deliverable nowhere). */
export const anonymisedEmailOf = (userId: number) => `deleted-${userId}@anonymised.invalid`;

export interface CustomerAnonymised {
  id: number;
  email: string;
  anonymised_at: string;
  /** Saved cards removed at the payment provider. */
  cards_removed: number;
}
