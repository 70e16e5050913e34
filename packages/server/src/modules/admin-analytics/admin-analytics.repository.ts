import {
  adminSubscriptionStatusOf,
  ADMIN_SUBSCRIPTION_STATUSES,
  CURRENCY_EXPONENTS,
  isCurrencyCode,
  mrrMovement,
  type AdminSubscriptionStatus,
} from '@lectern/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { inBase, monthlyAmount } from './analytics-sql.js';

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

export interface MrrTotals {
  mrr: number;
  plans: number;
}

export interface MrrMovements {
  newMrr: number;
  expansionMrr: number;
  contractionMrr: number;
  churnedMrr: number;
  churnedPlans: number;
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * The SQL of the back office's revenue figures (issue 33). Every sum is over the real tables —
 * orders, plan charges and invoices, refunds — in minor units of the base currency, each row
 * converted at the rate stored with it (rows stored against another base currency, or without a
 * rate, are reported apart as unconverted). Times are UTC.
 */
export function createAdminAnalyticsRepository(db: Database) {
  const rows = async <Row>(query: SQL) => rowsOf<Row>(await db.execute(query));

  async function baseCurrency(): Promise<string> {
    const [row] = await rows<{ base: string }>(
      sql`select base_currency as base from back_office_settings where id = 1`,
    );
    return row?.base ?? 'USD';
  }

  /** Converted amount of a table alias `t` with `currency`, `exchange_rate`, `base_currency`. */
  const converter = (base: string) => {
    const exponent = isCurrencyCode(base) ? CURRENCY_EXPONENTS[base] : 2;
    return (alias: string, amount: SQL) =>
      inBase(amount, sql.raw(`${alias}.currency`), sql.raw(`${alias}.exchange_rate`), exponent);
  };
  const converted = (alias: string, base: string) =>
    sql`${sql.raw(alias)}.exchange_rate is not null and ${sql.raw(alias)}.base_currency = ${base}`;

  /**
   * A plan's recurring billing over time: each paid first period or renewal, and each invoice
   * not paid (yet): a plan in dunning keeps counting until it expires (`mrrAt` cuts an expired
   * plan's items at its end).
   */
  const recurringItems = (base: string) => sql`
    select c.enrollment_id, c.period_start as s, c.period_end as e, c.amount - c.tax_amount as net,
           c.licenses, c.currency, c.exchange_rate, c.base_currency
    from subscription_charges c
    where c.status = 'succeeded' and c.kind in ('first_period', 'renewal')
    union all
    select i.enrollment_id, i.period_start, i.period_end, i.amount - i.tax_amount, i.licenses, i.currency,
           (select r.rate from exchange_rates r
             where r.base_currency = ${base} and r.currency = i.currency
               and r.effective_on <= (i.period_start at time zone 'UTC')::date
             order by r.effective_on desc limit 1),
           ${base}
    from subscription_invoices i
    where i.status <> 'paid'`;

  /** Each plan's MRR (base minor units) at each of `moments`, as (point index, enrollment, mrr). */
  function mrrAt(base: string, moments: readonly Date[]) {
    const convert = converter(base);
    const points = sql.join(
      moments.map((moment, index) => sql`(${index}::int, ${moment.toISOString()}::timestamptz)`),
      sql`, `,
    );
    return sql`
      with points(idx, t) as (values ${points}),
      items as (${recurringItems(base)}),
      covering as (
        select distinct on (p.idx, it.enrollment_id) p.idx, p.t, it.*
        from points p
        join items it on it.s <= p.t and p.t < it.e
        -- A plan that ended early (cancelled now) stops counting at its end, paid or not.
        join subscription_enrollments ended on ended.id = it.enrollment_id
          and (ended.status <> 'EXPIRED' or p.t < ended.current_period_end)
        where it.exchange_rate is not null and it.base_currency = ${base}
        order by p.idx, it.enrollment_id, it.s desc
      )
      select cv.idx, cv.enrollment_id,
        ${convert(
          'cv',
          monthlyAmount(
            sql`(cv.net + coalesce((
              select sum(pc.licenses) from subscription_charges pc
              where pc.enrollment_id = cv.enrollment_id and pc.kind = 'proration' and pc.status = 'succeeded'
                and pc.created_at >= cv.s and pc.created_at <= cv.t), 0) * cv.net / nullif(cv.licenses, 0))`,
            sql`po.renewal_type::text`,
            sql`po.renewal_count`,
          ),
        )} as mrr
      from covering cv
      join subscription_enrollments en on en.id = cv.enrollment_id
      join subscription_price_options po on po.id = en.price_option_id`;
  }

  return {
    baseCurrency,

    /** Course orders, plan charges and refunds of the span, in the base currency. */
    async sales(base: string, span: Span): Promise<SalesFigures> {
      const convert = converter(base);
      const start = span.start.toISOString();
      const end = span.end.toISOString();
      // One pass over each table: its sums side by side (filtered where they differ).
      const [row] = await rows<Record<string, unknown>>(sql`
        select o.order_gross, o.orders, o.order_tax, c.plan_gross, c.plan_tax, c.plan_refunds,
               c.plan_tax_refunded, f.refunds, f.tax_refunded
        from (
          select coalesce(sum(${convert('o', sql`(o.total_amount + o.credit_amount)`)}), 0) as order_gross,
                 count(*) filter (where o.total_amount + o.credit_amount > 0) as orders,
                 coalesce(sum(${convert('o', sql`o.tax_amount`)}), 0) as order_tax
          from orders o where o.status in ('completed', 'refunded') and ${converted('o', base)}
            and o.created_at >= ${start} and o.created_at < ${end}) o,
        (
          select coalesce(sum(${convert('c', sql`c.amount`)}) filter (where c.status = 'succeeded'), 0) as plan_gross,
                 coalesce(sum(${convert('c', sql`c.tax_amount`)}) filter (where c.status = 'succeeded'), 0) as plan_tax,
                 coalesce(sum(${convert('c', sql`c.amount`)}) filter (where c.kind = 'refund' and c.status = 'refunded'), 0) as plan_refunds,
                 coalesce(sum(${convert('c', sql`c.tax_amount`)}) filter (where c.kind = 'refund' and c.status = 'refunded'), 0) as plan_tax_refunded
          from subscription_charges c
          where (c.status = 'succeeded' or (c.kind = 'refund' and c.status = 'refunded')) and ${converted('c', base)}
            and c.created_at >= ${start} and c.created_at < ${end}) c,
        (
          select coalesce(sum(${convert('f', sql`f.amount`)}), 0) as refunds,
                 coalesce(sum(${convert('f', sql`l.tax_amount`)}), 0) as tax_refunded
          from course_refunds f join order_lines l on l.id = f.order_line_id
          where f.status = 'refunded' and ${converted('f', base)}
            and f.completed_at >= ${start} and f.completed_at < ${end}) f`);
      const orderGross = num(row?.order_gross);
      return {
        grossSales: orderGross + num(row?.plan_gross),
        taxOnSales: num(row?.order_tax) + num(row?.plan_tax),
        orders: num(row?.orders),
        orderGross,
        refunds: num(row?.refunds) + num(row?.plan_refunds),
        taxRefunded: num(row?.tax_refunded) + num(row?.plan_tax_refunded),
      };
    },

    /** Sales of the span that could not be converted (no rate, or stored against another base). */
    async unconverted(base: string, span: Span): Promise<{ currency: string; amount: number }[]> {
      return (
        await rows<{ currency: string; amount: unknown }>(sql`
          select currency, sum(amount)::bigint as amount from (
            select o.currency, o.total_amount + o.credit_amount as amount from orders o
            where o.status in ('completed', 'refunded') and not (${converted('o', base)})
              and o.created_at >= ${span.start.toISOString()} and o.created_at < ${span.end.toISOString()}
            union all
            select c.currency, c.amount from subscription_charges c
            where c.status = 'succeeded' and not (${converted('c', base)})
              and c.created_at >= ${span.start.toISOString()} and c.created_at < ${span.end.toISOString()}
          ) unconverted group by currency having sum(amount) > 0 order by currency`)
      ).map((row) => ({ currency: row.currency, amount: num(row.amount) }));
    },

    /**
     * MRR at each moment and, between consecutive moments, how it moved: per plan, from its MRR
     * at the earlier moment to its MRR at the later one (`mrrMovement`).
     */
    async mrr(
      base: string,
      moments: readonly Date[],
    ): Promise<{ totals: MrrTotals[]; movements: MrrMovements[] }> {
      const values = await rows<{ idx: number; enrollment_id: number; mrr: unknown }>(mrrAt(base, moments));
      const perMoment = moments.map(() => new Map<number, number>());
      for (const row of values) perMoment[num(row.idx)]!.set(num(row.enrollment_id), num(row.mrr));
      const totals = perMoment.map((plans) => {
        const paying = [...plans.values()].filter((mrr) => mrr > 0);
        return { mrr: paying.reduce((sum, mrr) => sum + mrr, 0), plans: paying.length };
      });
      const movements = perMoment.map((after, index) => {
        const moved: MrrMovements = {
          newMrr: 0,
          expansionMrr: 0,
          contractionMrr: 0,
          churnedMrr: 0,
          churnedPlans: 0,
        };
        if (index === 0) return moved;
        const before = perMoment[index - 1]!;
        for (const id of new Set([...before.keys(), ...after.keys()])) {
          const was = before.get(id) ?? 0;
          const is = after.get(id) ?? 0;
          const movement = mrrMovement(was, is);
          if (movement === 'new') moved.newMrr += is;
          else if (movement === 'expansion') moved.expansionMrr += is - was;
          else if (movement === 'contraction') moved.contractionMrr += was - is;
          else if (movement === 'churned') {
            moved.churnedMrr += was;
            moved.churnedPlans += 1;
          }
        }
        return moved;
      });
      return { totals, movements };
    },

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
      // From the failed attempts (few) to their invoices: never a look-up per invoice.
      const [row] = await rows<{ failed: unknown; recovered: unknown }>(sql`
        select count(*) as failed, count(*) filter (where i.status = 'paid') as recovered
        from (
          select c.invoice_id, min(c.created_at) as first_failure from subscription_charges c
          where c.status = 'failed' and c.invoice_id is not null
          group by c.invoice_id) f
        join subscription_invoices i on i.id = f.invoice_id
        where f.first_failure >= ${span.start.toISOString()} and f.first_failure < ${span.end.toISOString()}`);
      return { failed: num(row?.failed), recovered: num(row?.recovered) };
    },

    /** Gross sales and orders per UTC day of the span (days without sales left out). */
    async dailySales(
      base: string,
      span: Span,
    ): Promise<{ date: string; grossSales: number; orders: number }[]> {
      const convert = converter(base);
      return (
        await rows<{ day: string; gross: unknown; orders: unknown }>(sql`
          select to_char(day, 'YYYY-MM-DD') as day, sum(gross) as gross, sum(orders) as orders from (
            select date_trunc('day', o.created_at at time zone 'UTC') as day,
                   ${convert('o', sql`(o.total_amount + o.credit_amount)`)} as gross,
                   case when o.total_amount + o.credit_amount > 0 then 1 else 0 end as orders
            from orders o where o.status in ('completed', 'refunded') and ${converted('o', base)}
              and o.created_at >= ${span.start.toISOString()} and o.created_at < ${span.end.toISOString()}
            union all
            select date_trunc('day', c.created_at at time zone 'UTC'), ${convert('c', sql`c.amount`)}, 0
            from subscription_charges c where c.status = 'succeeded' and ${converted('c', base)}
              and c.created_at >= ${span.start.toISOString()} and c.created_at < ${span.end.toISOString()}
          ) sales group by day order by day`)
      ).map((row) => ({ date: row.day, grossSales: num(row.gross), orders: num(row.orders) }));
    },

    /** The courses that sold most in the span, by sales without tax. */
    async topCourses(
      base: string,
      span: Span,
      limit: number,
    ): Promise<{ courseId: number; title: string; sales: number; netSales: number }[]> {
      const convert = converter(base);
      return (
        await rows<{ course_id: number; title: string; sales: unknown; net_sales: unknown }>(sql`
          select l.course_id, c.title, count(*) as sales,
            sum(${convert(
              'o',
              sql`(l.purchase_price_amount - case when o.tax_mode = 'tax_inclusive' then l.tax_amount else 0 end)`,
            )}) as net_sales
          from order_lines l join orders o on o.id = l.order_id join courses c on c.id = l.course_id
          where o.status in ('completed', 'refunded') and ${converted('o', base)} and l.purchase_price_amount > 0
            and o.created_at >= ${span.start.toISOString()} and o.created_at < ${span.end.toISOString()}
          group by l.course_id, c.title order by net_sales desc, l.course_id limit ${limit}`)
      ).map((row) => ({
        courseId: num(row.course_id),
        title: row.title,
        sales: num(row.sales),
        netSales: num(row.net_sales),
      }));
    },

    /** Gross sales by billing country (a plan's: its billing profile's). */
    async salesByCountry(
      base: string,
      span: Span,
      limit: number,
    ): Promise<{ country: string; grossSales: number; orders: number }[]> {
      const convert = converter(base);
      return (
        await rows<{ country: string; gross: unknown; orders: unknown }>(sql`
          select country, sum(gross) as gross, sum(orders) as orders from (
            select coalesce(o.country, '??') as country, ${convert('o', sql`(o.total_amount + o.credit_amount)`)} as gross,
                   case when o.total_amount + o.credit_amount > 0 then 1 else 0 end as orders
            from orders o where o.status in ('completed', 'refunded') and ${converted('o', base)}
              and o.created_at >= ${span.start.toISOString()} and o.created_at < ${span.end.toISOString()}
            union all
            select coalesce(p.country, '??'), ${convert('c', sql`c.amount`)}, 0
            from subscription_charges c
            join subscription_enrollments e on e.id = c.enrollment_id
            left join subscription_billing_profiles p
              on p.subscriber_type = e.subscriber_type and p.subscriber_id = e.subscriber_id
            where c.status = 'succeeded' and ${converted('c', base)}
              and c.created_at >= ${span.start.toISOString()} and c.created_at < ${span.end.toISOString()}
          ) sales group by country having sum(gross) > 0 order by gross desc, country limit ${limit}`)
      ).map((row) => ({ country: row.country, grossSales: num(row.gross), orders: num(row.orders) }));
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
