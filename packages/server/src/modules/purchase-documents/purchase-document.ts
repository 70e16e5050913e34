import type { CurrencyCode, PurchaseDocumentSource } from '@lectern/domain';

/**
 * An invoice or a credit note as issued: everything printed on it, frozen when it is numbered,
 * so a later change of the buyer's billing details or of the seller's settings never rewrites
 * a document already given out. Amounts are integer minor units of `currency`; a credit note's
 * amounts are positive (what is given back).
 */
/**
 * What a document is about: a sale or a course refund (drafted by the purchase history), or a
 * credit a feature drafts itself (`subscription_credit`: a plan charge refunded, or extra days
 * given, by staff; see `issueCredit`).
 */
export type PurchaseDocumentSourceName = PurchaseDocumentSource | 'subscription_credit';

export interface PurchaseDocument {
  kind: 'invoice' | 'credit_note';
  /** E.g. "INV-000042", "CN-000007": sequential per series, without gaps. */
  number: string;
  source: PurchaseDocumentSourceName;
  sourceId: number;
  issuedAt: Date;
  /** When the sale (or the refund) happened. */
  suppliedAt: Date;
  /** A credit note names the invoice it corrects (null when that invoice was never issued). */
  correctsNumber: string | null;
  currency: CurrencyCode;
  seller: { name: string; address: string | null; taxId: string | null; supportEmail: string };
  buyer: {
    name: string;
    email: string | null;
    addressLines: string[];
    country: string | null;
    taxId: string | null;
  };
  lines: {
    description: string;
    /** E.g. the subscription period, "Refund of order #12". */
    detail: string | null;
    quantity: number;
    /** Per unit, before tax; null when the line is prorated (only the amount is meaningful). */
    unitAmount: number | null;
    /** The line's amount before tax. */
    netAmount: number;
    taxRatePercent: number;
    taxAmount: number;
  }[];
  /**
   * One row per tax (GST and QST; a state's and a city's sales tax; VAT): its name, rate, the
   * base it applies to and the tax. Empty for a reverse-charged sale.
   */
  taxes: { name: string; ratePercent: number; netAmount: number; taxAmount: number }[];
  /** Sum of the lines' net amounts. */
  netTotal: number;
  taxTotal: number;
  /** netTotal + taxTotal: what the buyer was charged in all (or is given back). */
  grossTotal: number;
  /** How it was paid (or where it went back), each part with its amount; adds up to grossTotal. */
  payments: { label: string; amount: number }[];
  /** Printed under the totals, e.g. "Prices include VAT", a reverse-charge note. */
  notes: string[];
}
