import {
  ADMIN_ANALYTICS_API,
  adminAnalyticsQuerySchema,
  isCurrencyCode,
  money,
  periodBounds,
  previousPeriod,
  rate,
  type AdminAnalytics,
  type AdminMrrPoint,
  type AdminRevenueFigures,
} from '@lectern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock/clock.js';
import { staffOnly } from '../staff/staff-access.js';
import {
  dailySalesOf,
  salesFiguresOf,
  type AdminAnalyticsRepository,
  type MrrMovements,
  type MrrTotals,
  type SalesFigures,
  type Span,
} from './admin-analytics.repository.js';
import { dayOf } from './sales-days.js';

const TOP_COURSES = 5;
const TOP_COUNTRIES = 10;
const HISTORY_MONTHS = 12;

/** The last instant a figure "at the end" of the span looks at: its end, or now if sooner. */
const lastInstant = (span: Span, now: Date) => new Date(Math.min(span.end.getTime(), now.getTime()) - 1);

/**
 * The month-ends of the MRR chart: the end of each of the twelve months up to the period's
 * last day (the last point is the period's end, or now), after one more as the baseline.
 */
function historyMoments(end: Date): Date[] {
  const moments: Date[] = [];
  for (let back = HISTORY_MONTHS; back >= 1; back -= 1) {
    const monthStart = Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - back + 1, 1);
    moments.push(new Date(monthStart - 1));
  }
  moments.push(end);
  return moments;
}

function figures(
  period: { from: string; to: string },
  sales: SalesFigures,
  start: MrrTotals,
  end: MrrTotals,
  moved: MrrMovements,
  trials: { ended: number; converted: number },
  recovery: { failed: number; recovered: number },
): AdminRevenueFigures {
  const taxCollected = sales.taxOnSales - sales.taxRefunded;
  return {
    from: period.from,
    to: period.to,
    gross_sales: sales.grossSales,
    refunds: sales.refunds,
    tax_collected: taxCollected,
    net_revenue: sales.grossSales - sales.refunds - taxCollected,
    orders: sales.orders,
    average_order_value: sales.orders === 0 ? null : Math.round(sales.orderGross / sales.orders),
    mrr: end.mrr,
    arr: end.mrr * 12,
    active_subscriptions: end.plans,
    new_mrr: moved.newMrr,
    expansion_mrr: moved.expansionMrr,
    contraction_mrr: moved.contractionMrr,
    churned_mrr: moved.churnedMrr,
    trials_ended: trials.ended,
    trials_converted: trials.converted,
    trial_conversion_rate: rate(trials.converted, trials.ended),
    logo_churn_rate: rate(moved.churnedPlans, start.plans),
    revenue_churn_rate: rate(moved.churnedMrr + moved.contractionMrr, start.mrr),
    failed_invoices: recovery.failed,
    recovered_invoices: recovery.recovered,
    recovery_rate: rate(recovery.recovered, recovery.failed),
  };
}

/**
 * `GET /api-2.0/admin/analytics/?from=&to=` (issue 33): the dashboard's revenue figures for a
 * period and the period just before it, its charts' series, in the shop's base currency. Any
 * staff member may read it.
 */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod<{
  repository: AdminAnalyticsRepository;
  clock: Clock;
}> = async (app, { repository, clock }) => {
  app.get(
    ADMIN_ANALYTICS_API.analytics,
    { config: staffOnly('backOffice.read'), schema: { querystring: adminAnalyticsQuerySchema } },
    async (request): Promise<AdminAnalytics> => {
      const { from, to } = request.query;
      const now = clock.now();
      const before = previousPeriod(from, to);
      const current = periodBounds(from, to);
      const previous = periodBounds(before.from, before.to);
      const base = await repository.baseCurrency();
      const history = historyMoments(lastInstant(current, now));
      // Closed days are summed once and read from the summary, the rest from the ledger; plans
      // whose billing changed since the last reading are computed again (decision 0038).
      const today = dayOf(now);
      const [currentDays, previousDays] = await Promise.all([
        repository.prepareSpan(base, current, today),
        repository.prepareSpan(base, previous, today),
        repository.refreshPlans(base),
      ]);
      const [
        salesDays,
        previousSalesDays,
        mrr,
        chart,
        trials,
        previousTrials,
        recovery,
        previousRecovery,
        top,
        countries,
        statuses,
        unconverted,
      ] = await Promise.all([
        repository.salesByDay(base, currentDays),
        repository.salesByDay(base, previousDays),
        // The previous period's start, the current one's start (= the previous one's end), its end.
        repository.mrr(base, [previous.start, current.start, lastInstant(current, now)]),
        repository.mrr(base, history),
        repository.trials(current, now),
        repository.trials(previous, now),
        repository.recovery(current),
        repository.recovery(previous),
        repository.topCourses(base, currentDays, TOP_COURSES),
        repository.salesByCountry(base, currentDays, TOP_COUNTRIES),
        repository.subscriptionsByStatus(),
        repository.unconverted(base, currentDays),
      ]);
      const sales = salesFiguresOf(salesDays);
      const previousSales = salesFiguresOf(previousSalesDays);
      const daily = dailySalesOf(salesDays);
      const [previousStart, currentStart, currentEnd] = mrr.totals as [MrrTotals, MrrTotals, MrrTotals];
      const mrrHistory: AdminMrrPoint[] = history.slice(1).map((moment, index) => {
        const moved = chart.movements[index + 1]!;
        return {
          date: moment.toISOString().slice(0, 10),
          mrr: chart.totals[index + 1]!.mrr,
          new_mrr: moved.newMrr,
          expansion_mrr: moved.expansionMrr,
          contraction_mrr: moved.contractionMrr,
          churned_mrr: moved.churnedMrr,
        };
      });
      return {
        base_currency: base,
        current: figures({ from, to }, sales, currentStart, currentEnd, mrr.movements[2]!, trials, recovery),
        previous: figures(
          before,
          previousSales,
          previousStart,
          currentStart,
          mrr.movements[1]!,
          previousTrials,
          previousRecovery,
        ),
        daily_sales: daily.map((day) => ({
          date: day.date,
          gross_sales: day.grossSales,
          orders: day.orders,
        })),
        mrr_history: mrrHistory,
        subscriptions_by_status: statuses,
        top_courses: top.map((course) => ({
          course_id: course.courseId,
          title: course.title,
          sales: course.sales,
          net_sales: course.netSales,
        })),
        sales_by_country: countries.map((country) => ({
          country: country.country,
          gross_sales: country.grossSales,
          orders: country.orders,
        })),
        unconverted: unconverted.flatMap((row) =>
          isCurrencyCode(row.currency) ? [money(row.amount, row.currency)] : [],
        ),
        as_of: now.toISOString(),
      };
    },
  );
};
