/**
 * Team-plan §3 receipts and billing history as the API answers them: one shape for the server
 * that builds them and the pages that show them.
 */

/** The receipt's seller block; an unset address or tax id is null (omitted on the receipt). */
export interface ReceiptSeller {
  name: string;
  address: string | null;
  tax_id: string | null;
  support_email: string;
}

/**
 * The receipt's 'Sold to' block: the billing name, the typed address lines and tax id
 * (team-plan §3), and where the buyer is, from the billing address's country and secondary
 * location. Anything not given is null (left off the receipt).
 */
export interface ReceiptBuyer {
  name: string | null;
  address: string | null;
  address2: string | null;
  tax_id: string | null;
  /** The state, province or emirate by name (a US state found from the ZIP code). */
  region: string | null;
  /** The postal code (a US ZIP code). */
  postal_code: string | null;
  /** ISO 3166-1 alpha-2 code, and its English name. */
  country: string | null;
  country_name: string | null;
}

/**
 * Team-plan §3 receipt of one payment: what was bought, the totals in minor units of
 * `amount.currency`, the buyer ('Sold to') and the seller.
 */
export interface SubscriptionReceipt {
  id: number;
  ref: string;
  date: string;
  quantity: number;
  item: string;
  unit_price: { amount: number; currency: string } | null;
  period_start: string | null;
  period_end: string | null;
  card_type: string | null;
  card_last4: string | null;
  amount: {
    currency: string;
    total_amount: number;
    tax_exclusive_amount: number;
    tax_amount: number;
    has_tax_record: boolean;
  };
  sold_to: ReceiptBuyer;
  seller: ReceiptSeller;
}

/** Team-plan §3 billing history record: a receipt (`invoice_url` set) or a failed attempt. */
export interface BillingHistoryRecord {
  id: number;
  subscription_plan_description: string;
  subtitle: string;
  billing_period_start_text: string;
  price_money_text: string;
  brand: string | null;
  payment_method: string | null;
  /** The receipt's API address; the admin area's receipt page is named by the record's id. */
  invoice_url: string | null;
  status: 'succeeded' | 'failed';
  failure_message: string | null;
}

/** A page of the billing history, newest first. */
export interface BillingHistory {
  results: BillingHistoryRecord[];
  total_pages: number;
  count: number;
}
