import {
  adminSubscriptionStatusOf,
  ADMIN_SUBSCRIPTION_STATUSES,
  type AdminSubscriptionStatus,
} from '@lectern/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { readFigures } from './analytics-sql.js';
import { createPlanMrr } from './plan-mrr.js';
import { createSalesDays, type Day, type SalesDayFigures, type SpanDays } from './sales-days.js';

/** A half-open span of time: `start` included, `end` excluded. */
export interface Span {
  start: Date;
  end: Date;
}

export interface SalesFigures {
  grossSales: number;
  taxOnSales: number;
  orders: number;
  orderGross: number;
  refunds: number;
  taxRefunded: number;
}

const num = (value: unknown) => Number(value ?? 0);

export type { MrrMovements, MrrTotals } from './plan-mrr.js';

/** Course orders, plan charges and refunds of a span, from its days' figures. */
export function salesFiguresOf(days: readonly SalesDayFigures[]): SalesFigures {
  const total = (key: Exclude<keyof SalesDayFigures, 'day'>) => days.reduce((sum, day) => sum + day[key], 0);
  return {
    grossSales: total('orderGross') + total('planGross'),
    taxOnSales: total('orderTax') + total('planTax'),
    orders: total('orders'),
    orderGross: total('orderGross'),
    refunds: total('refunds') + total('planRefunds'),
    taxRefunded: total('taxRefunded') + total('planTaxRefunded'),
  };
}

/** Gross sales and orders per UTC day (days without sales left out). */
export const dailySalesOf = (days: readonly SalesDayFigures[]) =>
  days
    .filter((day) => day.saleRows > 0)
    .map((day) => ({ date: day.day, grossSales: day.orderGross + day.planGross, orders: day.orders }));

/**
 * The SQL of the back office's revenue figures (issue 33). Every sum is over the real tables —
 * orders, plan charges and invoices, refunds — in minor units of the base currency, each row
 * converted at the rate stored with it (rows stored against another base currency, or without a
 * rate, are reported apart as unconverted). Times are UTC. Sales are read by day and MRR from
 * each plan's spans, both kept exact by triggers (`sales-days.ts`, `plan-mrr.ts`, decision 0038).
 */
export function createAdminAnalyticsRepository(db: Database) {
  const rows = <Row>(query: SQL) => readFigures<Row>(db, query);
  const salesDays = createSalesDays(db);
  const planMrr = createPlanMrr(db);

  async function baseCurrency(): Promise<string> {
    const [row] = rowsOf<{ base: string }>(
      await db.execute(sql`select base_currency as base from back_office_settings where id = 1`),
    );
    return row?.base ?? 'USD';
  }

  return {
    baseCurrency,

    /**
     * Sums the span's closed days that are not summed yet (before `today`), and tells which days
     * the sales figures of the span read from the ledger (`sales-days.ts`).
     */
    prepareSpan: (base: string, span: Span, today: Day) => salesDays.prepare(base, span, today),

    /** The span's sales figures per UTC day, in the base currency (`salesFiguresOf`, `dailySalesOf`). */
    salesByDay: (base: string, span: SpanDays) => salesDays.salesByDay(base, span),

    /** Sales of the span that could not be converted (no rate, or stored against another base). */
    async unconverted(base: string, span: SpanDays): Promise<{ currency: string; amount: number }[]> {
      return (await salesDays.unconverted(base, span)).map((row) => ({
        currency: row.currency,
        amount: num(row.amount),
      }));
    },

    /** Computes the MRR spans of the plans whose billing changed since (`plan-mrr.ts`). */
    refreshPlans: (base: string) => planMrr.refresh(base),

    /** MRR at each moment and, between consecutive moments, how it moved. */
    mrr: (base: string, moments: readonly Date[]) => planMrr.at(base, moments),

    /** Trials whose last day fell in the span (and has passed by `now`), and how many were paid. */
    async trials(span: Span, now: Date): Promise<{ ended: number; converted: number }> {
      const end = new Date(Math.min(span.end.getTime(), now.getTime()));
      const [row] = await rows<{ ended: unknown; converted: unknown }>(sql`
        select count(*) as ended,
          count(*) filter (where exists (
            select 1 from subscription_invoices i
            where i.enrollment_id = e.id and i.kind = 'first_period' and i.status = 'paid')) as converted
        from subscription_enrollments e
        where e.trial_end >= ${span.start.toISOString()} and e.trial_end < ${end.toISOString()}`);
      return { ended: num(row?.ended), converted: num(row?.converted) };
    },

    /** Plan invoices whose first failed attempt fell in the span, and how many were paid later. */
    async recovery(span: Span): Promise<{ failed: number; recovered: number }> {
      const [row] = await rows<{ failed: unknown; recovered: unknown }>(sql`
        select count(*) as failed, count(*) filter (where status = 'paid') as recovered
        from subscription_invoices
        where first_failed_at >= ${span.start.toISOString()} and first_failed_at < ${span.end.toISOString()}`);
      return { failed: num(row?.failed), recovered: num(row?.recovered) };
    },

    /** The courses that sold most in the span, by sales without tax. */
    async topCourses(
      base: string,
      span: SpanDays,
      limit: number,
    ): Promise<{ courseId: number; title: string; sales: number; netSales: number }[]> {
      return (await salesDays.courses(base, span, limit)).map((row) => ({
        courseId: num(row.course_id),
        title: row.title,
        sales: num(row.sales),
        netSales: num(row.net_sales),
      }));
    },

    /** Gross sales by billing country (a plan charge's: the one stamped on it). */
    async salesByCountry(
      base: string,
      span: SpanDays,
      limit: number,
    ): Promise<{ country: string; grossSales: number; orders: number }[]> {
      return (await salesDays.countries(base, span, limit)).map((row) => ({
        country: row.country,
        grossSales: num(row.gross),
        orders: num(row.orders),
      }));
    },

    /** Plans by their state now, as staff read it (`adminSubscriptionStatusOf`). */
    async subscriptionsByStatus(): Promise<{ status: AdminSubscriptionStatus; count: number }[]> {
      const found = await rows<{ status: string; count: unknown }>(sql`
        select status::text as status, count(*) as count from subscription_enrollments group by status`);
      const counts = new Map<AdminSubscriptionStatus, number>();
      for (const row of found) {
        const status = adminSubscriptionStatusOf(row.status);
        counts.set(status, (counts.get(status) ?? 0) + num(row.count));
      }
      return ADMIN_SUBSCRIPTION_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
    },
  };
}

export type AdminAnalyticsRepository = ReturnType<typeof createAdminAnalyticsRepository>;
