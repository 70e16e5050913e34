import { computeOrderTotals, currencyForCountry, money, taxModeOf, type Money } from '@lectern/domain';
import type { Database } from '../platform/db/database.js';
import type { createCatalogService } from '../modules/catalog/catalog.service.js';
import { createOrdersService } from '../modules/orders/orders.service.js';
import { createTableTaxProvider } from '../modules/tax/table-tax-provider.js';
import { taxLinesOf } from '../modules/tax/tax-lines.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the demo's shoppers buy from: their country and, where tax needs it, a ZIP code. */
export const DEMO_SHOPPERS = [
  { email: 'maya@example.net', name: 'Maya Lindqvist', country: 'US', location: '98101' },
  { email: 'noah@example.net', name: 'Noah Brooks', country: 'US', location: '10001' },
  { email: 'lucia@example.net', name: 'Lucía García', country: 'ES', location: null },
  { email: 'jonas@example.net', name: 'Jonas Weber', country: 'DE', location: null },
  { email: 'olivia@example.net', name: 'Olivia Hughes', country: 'GB', location: null },
  { email: 'haruto@example.net', name: 'Haruto Sato', country: 'JP', location: null },
  { email: 'ananya@example.net', name: 'Ananya Rao', country: 'IN', location: null },
  { email: 'lucas@example.net', name: 'Lucas Souza', country: 'BR', location: null },
  { email: 'chloe@example.net', name: 'Chloe Nguyen', country: 'AU', location: null },
  { email: 'ethan@example.net', name: 'Ethan Walker', country: 'US', location: '94103' },
] as const;

/**
 * Course sales of the last 60 days for the back office's dashboard and reports to show: each
 * demo shopper buys a few paid courses in their own currency, taxed where they live, paid by a
 * test card. Orders are written as the checkout writes them (lines, tax lines, enrollments);
 * the shops's rate to the base currency is stamped by the database.
 */
export async function seedDemoSales(
  db: Database,
  input: {
    shoppers: readonly { id: number; country: string; location: string | null }[];
    courseIds: readonly number[];
    catalog: Pick<ReturnType<typeof createCatalogService>, 'priceOf'>;
  },
  now = new Date(),
) {
  const orders = createOrdersService(db);
  const taxes = createTableTaxProvider();
  const { shoppers, courseIds, catalog } = input;
  let sale = 0;
  for (const [index, shopper] of shoppers.entries()) {
    const currency = currencyForCountry(shopper.country);
    const tax = await taxes.determine({ country: shopper.country, secondaryLocation: shopper.location }, now);
    const components = tax.ok ? tax.components : [];
    // Four orders each (one of two courses), spread over the 60 days, newest within a day.
    for (let order = 0; order < 4; order += 1) {
      sale += 1;
      const picks = [courseIds[(sale * 7 + index) % courseIds.length]!];
      if (sale % 3 === 0) picks.push(courseIds[(sale * 11 + 5) % courseIds.length]!);
      const lines: { courseId: number; price: Money }[] = [];
      for (const courseId of new Set(picks)) {
        const price = await catalog.priceOf(courseId, currency);
        if (price && price.amount > 0) lines.push({ courseId, price });
      }
      if (lines.length === 0) continue;
      const totals = computeOrderTotals({
        lines: lines.map((line) => ({ listPrice: line.price, price: line.price })),
        credit: money(0, currency),
        taxRates: components.map((component) => component.ratePercent),
        mode: taxModeOf(shopper.country),
      });
      const at = new Date(
        now.getTime() - ((sale * 37) % 59) * DAY_MS - ((sale * 5) % 20) * 60 * 60 * 1000 - DAY_MS / 4,
      );
      await orders.recordPurchase(db, {
        userId: shopper.id,
        currency,
        subtotal: totals.subtotal.amount,
        discount: 0,
        tax: totals.tax.amount,
        credit: 0,
        total: totals.total.amount,
        country: shopper.country,
        taxRate: tax.ok ? tax.ratePercent : 0,
        taxMode: taxModeOf(shopper.country),
        taxLines: taxLinesOf(components, totals.componentTaxes),
        taxNote: null,
        taxNumber: null,
        payment: {
          type: 'card',
          cardBrand: 'visa',
          cardLast4: '4242',
          gatewayPaymentId: null,
          attemptId: null,
        },
        lines: lines.map((line, position) => ({
          courseId: line.courseId,
          buyableType: 'course',
          listPrice: line.price.amount,
          price: line.price.amount,
          tax: totals.lineTaxes[position]?.amount ?? 0,
          couponCode: null,
        })),
        completedAt: at,
      });
    }
  }
}
