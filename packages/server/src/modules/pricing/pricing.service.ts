import { randomBytes } from 'node:crypto';
import {
  toApiPrice,
  type CoursePricing,
  type CurrencyCode,
  type PricingField,
  type PricingResponse,
} from '@lectern/domain';
import type { CatalogService } from '../catalog/catalog.service.js';

/**
 * Course prices for cards and landing pages (platform §7 `GET pricing/`). The list price is
 * the course's tier in the request currency; there are no automatic discounts yet, so
 * `price` equals `list_price` and `discount_price` is null. The cart applies coupon codes.
 */
export function createPricingService(deps: { catalog: CatalogService }) {
  return {
    async pricesOf(
      courseIds: readonly number[],
      currency: CurrencyCode,
      locale: string,
      fields: ReadonlySet<PricingField>,
    ): Promise<PricingResponse> {
      const prices = await deps.catalog.listPrices(courseIds, currency);
      // One id per answer: it ties the prices a visitor saw to later tracking events.
      const trackingId = randomBytes(12).toString('base64url');
      const courses: Record<string, CoursePricing> = {};
      for (const id of courseIds) {
        const listPrice = prices.get(id);
        if (!listPrice) continue; // unknown, unpublished or private: absent, the page marks it as error
        const price = toApiPrice(listPrice, locale);
        const entry: CoursePricing = {};
        if (fields.has('price')) entry.price = price;
        if (fields.has('discount_price')) entry.discount_price = null;
        if (fields.has('list_price')) entry.list_price = price;
        if (fields.has('price_detail'))
          entry.price_detail = { list_price: price, discount_percent: 0, discount_code: null };
        if (fields.has('price_serve_tracking_id')) entry.price_serve_tracking_id = trackingId;
        courses[String(id)] = entry;
      }
      return { courses };
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
