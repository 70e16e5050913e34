import { z } from 'zod';
import { calendarDateSchema } from '../api/calendar-date-schema.js';
import type { Money } from '../money/money.js';
import { daysInPeriod } from './reports-rules.js';
import type { AdminSubscriptionStatus } from './subscriptions-rules.js';

/**
 * The back office's revenue analytics (issue 33), the dashboard's home: figures for a period in
 * the shop's base currency, each beside the same figure for the period just before. Amounts are
 * minor units of the base currency, converted at the exchange rate stored with each sale.
 */
export const ADMIN_ANALYTICS_API = {
  analytics: '/api-2.0/admin/analytics/',
} as const;

/** The longest period one request may cover (a year and a day, so a leap year fits). */
export const ADMIN_ANALYTICS_MAX_DAYS = 366;

export const adminAnalyticsQuerySchema = z
  .object({
    from: calendarDateSchema('from'),
    to: calendarDateSchema('to'),
  })
  .superRefine((query, context) => {
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from.' });
    } else if (daysInPeriod(query.from, query.to) > ADMIN_ANALYTICS_MAX_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A period covers at most ${ADMIN_ANALYTICS_MAX_DAYS} days.`,
      });
    }
  });
export type AdminAnalyticsQuery = z.infer<typeof adminAnalyticsQuerySchema>;

/** The figures of one period; rates are fractions (0.25 = 25 %), null when nothing to divide by. */
export interface AdminRevenueFigures {
  from: string;
  to: string;
  gross_sales: number;
  refunds: number;
  tax_collected: number;
  net_revenue: number;
  orders: number;
  average_order_value: number | null;
  /** At the end of the period (or now, for a period that has not ended). */
  mrr: number;
  arr: number;
  active_subscriptions: number;
  new_mrr: number;
  expansion_mrr: number;
  contraction_mrr: number;
  churned_mrr: number;
  trials_ended: number;
  trials_converted: number;
  trial_conversion_rate: number | null;
  logo_churn_rate: number | null;
  revenue_churn_rate: number | null;
  failed_invoices: number;
  recovered_invoices: number;
  recovery_rate: number | null;
}

export interface AdminMrrPoint {
  /** The last day of the month (or the period's end for the last point). */
  date: string;
  mrr: number;
  new_mrr: number;
  expansion_mrr: number;
  contraction_mrr: number;
  churned_mrr: number;
}

export interface AdminAnalytics {
  base_currency: string;
  current: AdminRevenueFigures;
  previous: AdminRevenueFigures;
  daily_sales: { date: string; gross_sales: number; orders: number }[];
  mrr_history: AdminMrrPoint[];
  subscriptions_by_status: { status: AdminSubscriptionStatus; count: number }[];
  top_courses: { course_id: number; title: string; sales: number; net_sales: number }[];
  sales_by_country: { country: string; gross_sales: number; orders: number }[];
  /** Sales in the period without a stored exchange rate (left out of the base-currency sums). */
  unconverted: Money[];
  as_of: string;
}

/** How each figure is counted: the dashboard's tooltips, one text per figure. */
export const ADMIN_FIGURE_EXPLANATIONS: Readonly<Record<keyof AdminRevenueFigures, string>> = {
  from: 'The first day of the period (UTC).',
  to: 'The last day of the period (UTC).',
  gross_sales:
    'What buyers were charged for courses and plans in the period, tax included, before refunds. A course paid with account credit counts at its full price.',
  refunds:
    'Course refunds completed in the period and plan charges refunded by staff, each at the exchange rate of the sale it gives back.',
  tax_collected: 'Tax on the period’s sales less the tax given back by its refunds.',
  net_revenue: 'Gross sales less refunds and tax collected: what the marketplace keeps before fees.',
  orders: 'Course orders completed in the period that cost something (free enrolments left out).',
  average_order_value: 'Course orders’ gross sales divided by their number.',
  mrr: 'Monthly recurring revenue at the end of the period: each paid plan’s price per period without tax, as a monthly amount (a year counts 1/12). Trials count nothing; past-due plans count until they expire.',
  arr: 'MRR × 12.',
  active_subscriptions: 'Plans that count in MRR at the end of the period.',
  new_mrr: 'MRR of plans that had none at the start of the period.',
  expansion_mrr: 'MRR added by plans that grew (more licenses, a dearer interval).',
  contraction_mrr: 'MRR lost by plans that shrank but stayed.',
  churned_mrr: 'MRR of plans that had some at the start and none at the end.',
  trials_ended: 'Free trials whose last day fell in the period.',
  trials_converted: 'Of those, the trials whose first charge was paid.',
  trial_conversion_rate: 'Trials converted ÷ trials ended.',
  logo_churn_rate: 'Plans that churned ÷ plans counting in MRR at the start.',
  revenue_churn_rate: '(Churned + contraction MRR) ÷ MRR at the start.',
  failed_invoices: 'Plan invoices whose first charge attempt in the period failed.',
  recovered_invoices: 'Of those, the invoices paid later (by a retry or a new card).',
  recovery_rate: 'Recovered invoices ÷ failed invoices.',
};
