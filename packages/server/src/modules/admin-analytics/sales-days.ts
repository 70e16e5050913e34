import { sql, type SQL } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { arrayLiteral, baseExponent, inBase, readFigures } from './analytics-sql.js';

/**
 * The sales side of the dashboard by UTC day (decision 0038). Every figure is a sum over days;
 * each day's sums come either from the summary tables (`analytics_*_days`, written here for days
 * before today) or, for the days not summed yet (today, a day a late change invalidated), from
 * the ledger by the same SQL. The summary is written by that SQL too, so both agree to the cent.
 *
 * Writers and summing never race: a trigger that invalidates a day holds a shared advisory lock
 * on it until its transaction ends (`lectern_analytics_day_changed`, migration 0025), and a day
 * is summed only under the exclusive lock, taken with `try` so summing never waits or deadlocks:
 * a day with a write in flight is read live this time.
 */

const DAY_MS = 86_400_000;
/** The advisory lock namespace of summed days (the day is the second key: days since 2000). */
const DAY_LOCK_NAMESPACE = 73301;
/** Days summed in one transaction (each holds one advisory lock until it commits). */
const DAYS_PER_TRANSACTION = 62;

/** A UTC day as `YYYY-MM-DD`. */
export type Day = string;

export const dayOf = (at: Date): Day => at.toISOString().slice(0, 10);
const dayStart = (day: Day) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: Day) => dayOf(new Date(dayStart(day).getTime() + DAY_MS));

/** The days from `start` (a UTC midnight) up to `end` (excluded). */
export function daysOfSpan(start: Date, end: Date): Day[] {
  const days: Day[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += DAY_MS) days.push(dayOf(new Date(at)));
  return days;
}

/** `column` falls on one of `days`: a range per run of consecutive days, so indexes serve it. */
function onDays(column: string, days: readonly Day[]): SQL {
  if (days.length === 0) return sql`false`;
  const ranges: SQL[] = [];
  let first = days[0]!;
  let last = first;
  const close = () =>
    ranges.push(
      sql`(${sql.raw(column)} >= ${dayStart(first).toISOString()} and ${sql.raw(column)} < ${dayStart(nextDay(last)).toISOString()})`,
    );
  for (const day of days.slice(1)) {
    if (day === nextDay(last)) last = day;
    else {
      close();
      first = day;
      last = day;
    }
  }
  close();
  return sql`(${sql.join(ranges, sql` or `)})`;
}

const utcDay = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);

/** Per-day SQL of the ledger in one base currency. */
function ledgerByDay(base: string) {
  const exponent = baseExponent(base);
  const convert = (alias: string, amount: SQL) =>
    inBase(amount, sql.raw(`${alias}.currency`), sql.raw(`${alias}.exchange_rate`), exponent);
  const converted = (alias: string) =>
    sql`${sql.raw(alias)}.exchange_rate is not null and ${sql.raw(alias)}.base_currency = ${base}`;
  const orderDue = sql`(o.total_amount + o.credit_amount)`;
  const countedOrder = sql`o.status in ('completed', 'refunded')`;
  const countedCharge = sql`(c.status = 'succeeded' or (c.kind = 'refund' and c.status = 'refunded'))`;

  return {
    /** Every sum of the sales figures, one row per day of `days` (zeros where nothing sold). */
    sales: (days: readonly Day[]) => sql`
      select d.day::text as day,
        coalesce(o.order_gross, 0) as order_gross, coalesce(o.orders, 0) as orders,
        coalesce(o.order_tax, 0) as order_tax,
        coalesce(c.plan_gross, 0) as plan_gross, coalesce(c.plan_tax, 0) as plan_tax,
        coalesce(c.plan_refunds, 0) as plan_refunds, coalesce(c.plan_tax_refunded, 0) as plan_tax_refunded,
        coalesce(f.refunds, 0) as refunds, coalesce(f.tax_refunded, 0) as tax_refunded,
        coalesce(o.sale_rows, 0) + coalesce(c.sale_rows, 0) as sale_rows
      from unnest(${arrayLiteral(days)}::date[]) as d(day)
      left join (
        select ${utcDay('o.created_at')} as day,
               sum(${convert('o', orderDue)}) as order_gross,
               count(*) filter (where ${orderDue} > 0) as orders,
               sum(${convert('o', sql`o.tax_amount`)}) as order_tax,
               count(*) as sale_rows
        from orders o where ${countedOrder} and ${converted('o')} and ${onDays('o.created_at', days)}
        group by 1) o on o.day = d.day
      left join (
        select ${utcDay('c.created_at')} as day,
               coalesce(sum(${convert('c', sql`c.amount`)}) filter (where c.status = 'succeeded'), 0) as plan_gross,
               coalesce(sum(${convert('c', sql`c.tax_amount`)}) filter (where c.status = 'succeeded'), 0) as plan_tax,
               coalesce(sum(${convert('c', sql`c.amount`)}) filter (where c.kind = 'refund' and c.status = 'refunded'), 0) as plan_refunds,
               coalesce(sum(${convert('c', sql`c.tax_amount`)}) filter (where c.kind = 'refund' and c.status = 'refunded'), 0) as plan_tax_refunded,
               count(*) filter (where c.status = 'succeeded') as sale_rows
        from subscription_charges c where ${countedCharge} and ${converted('c')} and ${onDays('c.created_at', days)}
        group by 1) c on c.day = d.day
      left join (
        select ${utcDay('f.completed_at')} as day,
               sum(${convert('f', sql`f.amount`)}) as refunds,
               sum(${convert('f', sql`l.tax_amount`)}) as tax_refunded
        from course_refunds f join order_lines l on l.id = f.order_line_id
        where f.status = 'refunded' and ${converted('f')} and ${onDays('f.completed_at', days)}
        group by 1) f on f.day = d.day`,

    /** Gross sales and orders by day and billing country (a plan charge's: stamped when it was written). */
    countries: (days: readonly Day[]) => sql`
      select day, country, sum(gross) as gross, sum(orders) as orders from (
        select ${utcDay('o.created_at')} as day, coalesce(o.country, '??') as country,
               ${convert('o', orderDue)} as gross, case when ${orderDue} > 0 then 1 else 0 end as orders
        from orders o where ${countedOrder} and ${converted('o')} and ${onDays('o.created_at', days)}
        union all
        select ${utcDay('c.created_at')}, coalesce(c.country, '??'), ${convert('c', sql`c.amount`)}, 0
        from subscription_charges c
        where c.status = 'succeeded' and ${converted('c')} and ${onDays('c.created_at', days)}
      ) sales group by day, country`,

    /** Paid course lines by day and course, and their sales without tax. */
    courses: (days: readonly Day[]) => sql`
      select ${utcDay('o.created_at')} as day, l.course_id, count(*) as sales,
        sum(${convert(
          'o',
          sql`(l.purchase_price_amount - case when o.tax_mode = 'tax_inclusive' then l.tax_amount else 0 end)`,
        )}) as net_sales
      from order_lines l join orders o on o.id = l.order_id
      where ${countedOrder} and ${converted('o')} and l.purchase_price_amount > 0
        and ${onDays('o.created_at', days)}
      group by 1, l.course_id`,

    /** Sales that could not be converted (no rate, or stored against another base), by day and currency. */
    unconverted: (days: readonly Day[]) => sql`
      select day, currency, sum(amount) as amount from (
        select ${utcDay('o.created_at')} as day, o.currency, ${orderDue} as amount from orders o
        where ${countedOrder} and not (${converted('o')}) and ${onDays('o.created_at', days)}
        union all
        select ${utcDay('c.created_at')}, c.currency, c.amount from subscription_charges c
        where c.status = 'succeeded' and not (${converted('c')}) and ${onDays('c.created_at', days)}
      ) unconverted group by day, currency`,
  };
}

export interface SalesDayFigures {
  day: Day;
  orderGross: number;
  orders: number;
  orderTax: number;
  planGross: number;
  planTax: number;
  planRefunds: number;
  planTaxRefunded: number;
  refunds: number;
  taxRefunded: number;
  saleRows: number;
}

const num = (value: unknown) => Number(value ?? 0);

const salesDayOf = (row: Record<string, unknown>): SalesDayFigures => ({
  day: String(row.day),
  orderGross: num(row.order_gross),
  orders: num(row.orders),
  orderTax: num(row.order_tax),
  planGross: num(row.plan_gross),
  planTax: num(row.plan_tax),
  planRefunds: num(row.plan_refunds),
  planTaxRefunded: num(row.plan_tax_refunded),
  refunds: num(row.refunds),
  taxRefunded: num(row.tax_refunded),
  saleRows: num(row.sale_rows),
});

/** The days of a span, split by where their figures are read. */
export interface SpanDays {
  /** The first and the day after the last day of the span. */
  first: Day;
  afterLast: Day;
  /** Days not summed: read from the ledger. */
  live: Day[];
}

/** A summary row of `base` whose day falls in the span. */
const summedIn = (base: string, span: Pick<SpanDays, 'first' | 'afterLast'>) =>
  sql`base_currency = ${base} and day >= ${span.first}::date and day < ${span.afterLast}::date`;

export function createSalesDays(db: Database) {
  const rows = async <Row>(writer: Writer, query: SQL) => rowsOf<Row>(await writer.execute(query));

  /**
   * Sums the days of `days` that are not summed yet, under their advisory locks (a day another
   * transaction is writing to is left for later); resolves to the days it summed.
   */
  async function sumDays(base: string, days: readonly Day[]): Promise<Day[]> {
    const summed: Day[] = [];
    for (let index = 0; index < days.length; index += DAYS_PER_TRANSACTION) {
      const chunk = days.slice(index, index + DAYS_PER_TRANSACTION);
      await db.transaction(async (tx) => {
        const locked = (
          await rows<{ day: string }>(
            tx,
            sql`select d.day::text as day from unnest(${arrayLiteral(chunk)}::date[]) as d(day)
                where not exists (select 1 from analytics_sales_days s where s.day = d.day and s.base_currency = ${base})
                  and pg_try_advisory_xact_lock(${DAY_LOCK_NAMESPACE}, d.day - date '2000-01-01')
                order by d.day`,
          )
        ).map((row) => row.day);
        if (locked.length === 0) return;
        const ledger = ledgerByDay(base);
        await tx.execute(sql`
          insert into analytics_sales_days (day, base_currency, order_gross, orders, order_tax, plan_gross,
            plan_tax, plan_refunds, plan_tax_refunded, refunds, tax_refunded, sale_rows)
          select day::date, ${base}, order_gross, orders, order_tax, plan_gross, plan_tax, plan_refunds,
            plan_tax_refunded, refunds, tax_refunded, sale_rows
          from (${ledger.sales(locked)}) summed`);
        await tx.execute(sql`
          insert into analytics_sales_country_days (day, base_currency, country, gross, orders)
          select day, ${base}, country, gross, orders from (${ledger.countries(locked)}) summed`);
        await tx.execute(sql`
          insert into analytics_sales_course_days (day, base_currency, course_id, sales, net_sales)
          select day, ${base}, course_id, sales, net_sales from (${ledger.courses(locked)}) summed`);
        await tx.execute(sql`
          insert into analytics_unconverted_days (day, base_currency, currency, amount)
          select day, ${base}, currency, amount from (${ledger.unconverted(locked)}) summed`);
        summed.push(...locked);
      });
    }
    return summed;
  }

  return {
    /**
     * Sums the span's closed days (before `today`) that are not summed yet, and tells which of the
     * span's days are still to be read from the ledger.
     */
    async prepare(base: string, span: { start: Date; end: Date }, today: Day): Promise<SpanDays> {
      const days = daysOfSpan(span.start, span.end);
      const first = days[0] ?? dayOf(span.start);
      const afterLast = dayOf(span.end);
      const summed = new Set(
        (
          await readFigures<{ day: string }>(
            db,
            sql`select day::text as day from analytics_sales_days where ${summedIn(base, { first, afterLast })}`,
          )
        ).map((row) => row.day),
      );
      const closed = days.filter((day) => day < today && !summed.has(day));
      for (const day of closed.length > 0 ? await sumDays(base, closed) : []) summed.add(day);
      return { first, afterLast, live: days.filter((day) => !summed.has(day)) };
    },

    /** The span's sales figures per day: summed days from the summary, the others live. */
    async salesByDay(base: string, span: SpanDays): Promise<SalesDayFigures[]> {
      const [summed, live] = await Promise.all([
        readFigures<Record<string, unknown>>(
          db,
          sql`select day::text as day, order_gross, orders, order_tax, plan_gross, plan_tax, plan_refunds,
                plan_tax_refunded, refunds, tax_refunded, sale_rows
              from analytics_sales_days
              where ${summedIn(base, span)}`,
        ),
        span.live.length === 0
          ? Promise.resolve([])
          : readFigures<Record<string, unknown>>(db, ledgerByDay(base).sales(span.live)),
      ]);
      return [...summed, ...live].map(salesDayOf).sort((a, b) => (a.day < b.day ? -1 : 1));
    },

    /** Gross sales by country over the span, largest first. */
    async countries(base: string, span: SpanDays, limit: number) {
      return readFigures<{ country: string; gross: unknown; orders: unknown }>(
        db,
        sql`
          select country, sum(gross) as gross, sum(orders) as orders from (
            select country, gross, orders from analytics_sales_country_days
            where ${summedIn(base, span)}
            union all
            select country, gross, orders from (${ledgerByDay(base).countries(span.live)}) live
          ) sales group by country having sum(gross) > 0 order by gross desc, country limit ${limit}`,
      );
    },

    /** The courses that sold most over the span, by sales without tax. */
    async courses(base: string, span: SpanDays, limit: number) {
      return readFigures<{ course_id: number; title: string; sales: unknown; net_sales: unknown }>(
        db,
        sql`
          select s.course_id, c.title, sum(s.sales) as sales, sum(s.net_sales) as net_sales from (
            select course_id, sales, net_sales from analytics_sales_course_days
            where ${summedIn(base, span)}
            union all
            select course_id, sales, net_sales from (${ledgerByDay(base).courses(span.live)}) live
          ) s join courses c on c.id = s.course_id
          group by s.course_id, c.title order by net_sales desc, s.course_id limit ${limit}`,
      );
    },

    /** Sales of the span that could not be converted, per currency. */
    async unconverted(base: string, span: SpanDays) {
      return readFigures<{ currency: string; amount: unknown }>(
        db,
        sql`
          select currency, sum(amount)::bigint as amount from (
            select currency, amount from analytics_unconverted_days
            where ${summedIn(base, span)}
            union all
            select currency, amount from (${ledgerByDay(base).unconverted(span.live)}) live
          ) unconverted group by currency having sum(amount) > 0 order by currency`,
      );
    },
  };
}

export type SalesDays = ReturnType<typeof createSalesDays>;
