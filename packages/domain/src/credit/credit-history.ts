import type { PaginatedResponse } from '../catalog/course-list.js';
import type { ApiPrice } from '../pricing/price-contract.js';

/**
 * Account-credit ledger entry kinds: grants and refunds add, spends subtract; an adjustment is
 * credit staff removed in the back office (negative).
 */
export const CREDIT_ENTRY_KINDS = ['grant', 'spend', 'refund', 'adjustment'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/** One line of `GET /api-2.0/users/me/credit-history/` (`dashboard/credit-history`). */
export interface CreditHistoryEntry {
  id: number;
  kind: CreditEntryKind;
  /** Signed: negative for a spend. Formatted in the request's locale. */
  amount: ApiPrice;
  reason: string;
  /** ISO time. */
  created: string;
}

/** Newest first; `balance` is the current credit in the request's currency. */
export interface CreditHistoryResponse extends PaginatedResponse<CreditHistoryEntry> {
  balance: ApiPrice;
}
