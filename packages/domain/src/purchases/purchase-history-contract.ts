import type { ApiPrice } from '../pricing/price-contract.js';
import type { GiftStatus } from '../gifts/gift-rules.js';
import type { RefundReason, RefundRefusal } from './refund-rules.js';

/**
 * Purchase history (team-plan §2 "Purchase history", §3 "Paginated purchase data", §7), refunds
 * and downloadable documents as the API answers them: one shape for the server that builds
 * them and the pages that show them.
 */

/** Team-plan §3: the four kinds of purchase data, one tab each. */
export const PURCHASE_DATA_TYPES = [
  'courses',
  'refunds',
  'subscriptions',
  'organization_subscriptions',
] as const;
export type PurchaseDataType = (typeof PURCHASE_DATA_TYPES)[number];

/** Rows per page of every purchase-history table. */
export const PURCHASE_HISTORY_PAGE_SIZE = 10;

export const PURCHASE_HISTORY_PATHS = {
  /** Team-plan §7: `?page_number=&data_type=`; outside the `/api-2.0/` prefix as in the spec. */
  data: '/purchase-history/purchase-history-data/',
  /** GET: can this bought course be refunded, for how much, to where; POST: ask for it. */
  refund: '/api-2.0/users/me/purchases/:lineId/refund/',
  /** GET: the PDF of an invoice (orders, subscription charges) or a credit note (refunds). */
  document: '/api-2.0/purchase-documents/:source/:id/',
} as const;

/** What a document is issued for: a course order, a subscription charge, a refund (a credit note). */
export const PURCHASE_DOCUMENT_SOURCES = ['order', 'subscription_charge', 'refund'] as const;
export type PurchaseDocumentSource = (typeof PURCHASE_DOCUMENT_SOURCES)[number];

export function purchaseDocumentPath(source: PurchaseDocumentSource, id: number): string {
  return PURCHASE_HISTORY_PATHS.document.replace(':source', source).replace(':id', String(id));
}

export function refundPath(lineId: number): string {
  return PURCHASE_HISTORY_PATHS.refund.replace(':lineId', String(lineId));
}

/**
 * Team-plan §4 table data: `succeeded` with rows, `empty` with none, `processing` while
 * something shown is still on its way (a refund or a payment pending).
 */
export type PurchaseDataStatus = 'succeeded' | 'empty' | 'processing';

/**
 * An invoice or credit note: `available` (download at `url`; numbered once issued, and issued
 * at the first download at the latest), `pending` (it will exist once the payment or refund is
 * done: "Pending"), `unavailable` (there will be none: "Invoice unavailable").
 */
export type PurchaseDocumentLink =
  | { status: 'available'; url: string; number: string | null }
  | { status: 'pending' | 'unavailable'; url: null; number: null };

/** How a purchase was paid, as the history shows it. */
export interface PurchasePaymentMethod {
  /** `card`, `paypal`, `ideal`, …, `account_credit`, `free`. */
  type: string;
  /** E.g. "Visa ****4242", "iDEAL", "Account credit". */
  label: string;
  brand: string | null;
  last4: string | null;
}

export type RefundStatus = 'pending' | 'refunded' | 'failed';

/** One bought course of an order (a sub-row). */
export interface CoursePurchaseLine {
  /** The purchase id a refund is asked for (`/request-refund/{id}/`). */
  id: number;
  course: { id: number; title: string; url: string };
  /** What the buyer paid for it (tax included). */
  price: ApiPrice;
  refund: { id: number; status: RefundStatus } | null;
  /** Null when a refund can be asked for. */
  refund_refusal: RefundRefusal | null;
  /** ISO: the last moment a refund can be asked for. */
  refund_deadline: string;
  /** A course bought as a gift: who it is for and where it is; null for the buyer's own course. */
  gift: PurchaseGift | null;
}

/** A gift line as the purchase history shows it. */
export interface PurchaseGift {
  recipient_email: string;
  recipient_name: string | null;
  /** ISO: when its mail goes (or went) out. */
  deliver_at: string;
  status: GiftStatus;
}

/** A row of the Courses tab: one order. */
export interface CoursePurchaseRow {
  id: number;
  /** ISO. */
  date: string;
  /** What the buyer paid in all (card and credit). */
  total_price: ApiPrice;
  payment_method: PurchasePaymentMethod;
  status: 'pending' | 'completed' | 'partially_refunded' | 'refunded';
  course_count: number;
  courses: CoursePurchaseLine[];
  invoice: PurchaseDocumentLink;
}

/** Where (part of) a refund goes. */
export interface RefundDestination {
  kind: 'original_method' | 'account_credit';
  /** E.g. "Visa ****4242", "Account credit". */
  label: string;
  amount: ApiPrice;
}

/** A row of the Refunds tab. */
export interface RefundRow {
  id: number;
  /** ISO: when it was asked for. */
  date: string;
  /** ISO: when it was done. */
  completed: string | null;
  order_id: number;
  course: { id: number; title: string; url: string };
  amount: ApiPrice;
  refunded_to: RefundDestination[];
  status: RefundStatus;
  /** Why it failed, for the buyer. */
  failure_reason: string | null;
  credit_note: PurchaseDocumentLink;
}

/** A row of the Subscriptions and organization subscriptions tabs: one charge. */
export interface SubscriptionPurchaseRow {
  id: number;
  date: string;
  description: string;
  subtitle: string;
  total_amount: ApiPrice;
  payment_method: PurchasePaymentMethod | null;
  status: 'succeeded' | 'failed';
  invoice: PurchaseDocumentLink;
  /** The receipt page (the organization admin area's, or the learner's). */
  receipt_url: string | null;
}

export interface PurchaseRowOf {
  courses: CoursePurchaseRow;
  refunds: RefundRow;
  subscriptions: SubscriptionPurchaseRow;
  organization_subscriptions: SubscriptionPurchaseRow;
}

/** Team-plan §3 "Paginated purchase data". */
export interface PurchaseHistoryResponse<T extends PurchaseDataType = PurchaseDataType> {
  status: PurchaseDataStatus;
  data_type: T;
  results: PurchaseRowOf[T][];
  total_pages: number;
  count: number;
}

/** `GET …/purchases/{lineId}/refund/`: what a refund of this course would be. */
export interface RefundQuote {
  order_line_id: number;
  order_id: number;
  course: { id: number; title: string; url: string };
  purchase_date: string;
  price: ApiPrice;
  refund_deadline: string;
  refund_refusal: RefundRefusal | null;
  /** A gift's refund voids the gift (its recipient can no longer redeem it). */
  gift: PurchaseGift | null;
  /** Where the money goes back to (empty when refused). */
  refund_to: RefundDestination[];
  reasons: readonly RefundReason[];
}

/** `POST …/purchases/{lineId}/refund/`. */
export interface RefundRequestBody {
  reason: RefundReason;
  /** Optional words for the team, at most REFUND_COMMENT_MAX_LENGTH characters. */
  comment?: string;
}

/** The 201 answer of `POST …/purchases/{lineId}/refund/`: the refund as the Refunds tab shows it. */
export type RefundRequestResponse = RefundRow;
