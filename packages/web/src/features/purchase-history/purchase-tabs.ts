import { PURCHASE_DATA_TYPES, type PurchaseDataType, type PurchaseHistoryResponse } from '@lectern/domain';
import { PAGE_PARAM } from '../../ui/pagination';

/** The tab travels in `?tab=` (a purchase data type), the page in `?p=`. */
export const TAB_PARAM = 'tab';
export const DEFAULT_TAB: PurchaseDataType = 'courses';

/** The tabs a user sees: the organization's transactions only for its owners and admins. */
export function visibleTabs(isOrganizationAdmin: boolean): PurchaseDataType[] {
  return PURCHASE_DATA_TYPES.filter((type) => type !== 'organization_subscriptions' || isOrganizationAdmin);
}

/** The tab of a query string; an unknown or hidden one falls back to Courses. */
export function currentTab(search: string, tabs: readonly PurchaseDataType[]): PurchaseDataType {
  const value = new URLSearchParams(search).get(TAB_PARAM);
  return tabs.find((tab) => tab === value) ?? DEFAULT_TAB;
}

/**
 * The link to a tab: the other parameters stay, the page goes back to 1 (`p` dropped), and the
 * default tab is left out so each view has one address.
 */
export function tabHref(pathname: string, search: string, tab: PurchaseDataType): string {
  const params = new URLSearchParams(search);
  params.delete(PAGE_PARAM);
  if (tab === DEFAULT_TAB) params.delete(TAB_PARAM);
  else params.set(TAB_PARAM, tab);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Team-plan §4 table data states. The server's `succeeded` is done and `empty` is empty;
 * `processing` shows the rows while something in them is still on its way.
 */
export type PurchaseTableState = 'loading' | 'error' | 'empty' | 'done' | 'processing';

export function purchaseTableState(query: {
  isError: boolean;
  data: PurchaseHistoryResponse | undefined;
}): PurchaseTableState {
  // A failed background refresh keeps the rows it already has on screen.
  if (query.data === undefined) return query.isError ? 'error' : 'loading';
  if (query.data.status === 'empty' || query.data.results.length === 0) return 'empty';
  return query.data.status === 'processing' ? 'processing' : 'done';
}
