import type { CurrencyCode } from '../money/currencies.js';
import { formatMoney, type Money } from '../money/money.js';

/** A money amount as the API sends it: integer minor units plus the text to show. */
export interface ApiPrice {
  amount: number;
  currency: CurrencyCode;
  /** Formatted for the request's locale (platform §5), e.g. "$19.99", "¥3,000", "Free". */
  price_string: string;
}

export const PRICING_FIELDS = [
  'price',
  'discount_price',
  'list_price',
  'price_detail',
  'price_serve_tracking_id',
] as const;
export type PricingField = (typeof PRICING_FIELDS)[number];

/** Platform §7: at most 10 course ids per pricing request. */
export const PRICING_MAX_COURSE_IDS = 10;
/** Platform §9: the browser waits 250 ms to batch price requests, 10 courses per batch. */
export const PRICING_BATCH_DELAY_MS = 250;
export const PRICING_BATCH_SIZE = 10;

/** One course's prices in `GET /api-2.0/pricing/`; only the requested fields are present. */
export interface CoursePricing {
  /** What the visitor pays now (after the best automatic discount, if any). */
  price?: ApiPrice;
  /** The discounted price when a discount applies, else null. */
  discount_price?: ApiPrice | null;
  /** The undiscounted price. */
  list_price?: ApiPrice;
  price_detail?: { list_price: ApiPrice; discount_percent: number; discount_code: string | null } | null;
  /** An id the browser echoes in tracking events to tie a view to the prices served. */
  price_serve_tracking_id?: string;
}

/** `GET /api-2.0/pricing/?course_ids=1,2&fields[pricing_result]=price,list_price` */
export interface PricingResponse {
  /** Keyed by course id (as a string, JSON object keys). */
  courses: Record<string, CoursePricing>;
}

/** Course price entry in the browser (platform §3). */
export type CoursePriceStatus = 'loading' | 'loaded' | 'error';

// What a price of zero reads in each language the storefront speaks (issue 18).
const FREE_PRICE_TEXT: Readonly<Record<string, string>> = {
  en: 'Free',
  es: 'Gratis',
  pt: 'Gratuito',
  ja: '無料',
};

/** "Free" in the language of `locale` ("es_ES", "pt-BR"…), in English for the others. */
export function freePriceText(locale: string): string {
  const language = locale.replace(/_/g, '-').split('-')[0]?.toLowerCase() ?? '';
  return FREE_PRICE_TEXT[language] ?? FREE_PRICE_TEXT.en!;
}

/**
 * An amount as the API sends it, formatted for `locale` (platform §5 fallback chain).
 * Prices of zero read "Free" in the locale's language; other amounts (credit, savings) pass
 * `freeWhenZero: false`.
 */
export function toApiPrice(value: Money, locale: string, options: { freeWhenZero?: boolean } = {}): ApiPrice {
  const free = (options.freeWhenZero ?? true) && value.amount === 0;
  return {
    amount: value.amount,
    currency: value.currency,
    price_string: free ? freePriceText(locale) : formatMoney(value, locale),
  };
}
