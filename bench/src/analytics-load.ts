// The data of the analytics bench (analytics-scenario.ts), loaded with set-based SQL on one
// connection: course orders with their lines and some refunds, spread evenly over the last 13
// months in several currencies and countries, and subscription plans with their billing history
// (first periods, monthly and yearly renewals, failed renewals whose invoices are open or were
// paid later, prorations, refunds, trials that converted or not, churn). Every row is written as
// the server writes it: the base currency and the rate of the day stored with each sale.
import type { Client } from 'pg';

export interface LoadSizes {
  orders: number;
  subscriptions: number;
}

/** Bench rows are told apart by these markers (a fresh database is expected). */
export const BENCH_PAYMENT_TYPE = 'bench-analytics';
export const BENCH_SUBSCRIBER_BASE = 100_000_000;

/** Currencies sold in, with a billing country and its tax (the plans' prices exist in all of them). */
const MARKETS = `
  (0, 'US', 'USD', 1999, 8.875, 'tax_exclusive'),
  (1, 'US', 'USD', 2999, 6.5, 'tax_exclusive'),
  (2, 'DE', 'EUR', 1799, 19, 'tax_inclusive'),
  (3, 'FR', 'EUR', 1799, 20, 'tax_inclusive'),
  (4, 'GB', 'GBP', 1599, 20, 'tax_inclusive'),
  (5, 'CA', 'CAD', 2499, 13, 'tax_exclusive'),
  (6, 'AU', 'AUD', 2999, 10, 'tax_inclusive'),
  (7, 'JP', 'JPY', 2800, 10, 'tax_inclusive'),
  (8, 'IN', 'INR', 49900, 18, 'tax_inclusive'),
  (9, 'BR', 'BRL', 9990, 0, 'tax_inclusive')`;

/** Tax of `amount` (an integer SQL expression) at `m.tax_rate`, added on top or included. */
const taxOf = (amount: string) =>
  `(case when m.tax_mode = 'tax_exclusive' then round(${amount} * m.tax_rate / 100)
         else round(${amount} * m.tax_rate / (100 + m.tax_rate)) end)::bigint`;

/**
 * A plan charge of `base` (an integer SQL expression, before tax) at the plan's tax: `x.amount`
 * (what is charged) and `x.tax`, as lateral joins on the plan `p`.
 */
const planAmount = (base: string) => `cross join lateral (select ${base} as base) b
      cross join lateral (
        select b.base + case when p.tax_mode = 'tax_exclusive' then round(b.base * p.tax_rate / 100)::bigint else 0 end as amount,
          case when p.tax_mode = 'tax_exclusive' then round(b.base * p.tax_rate / 100)
               else round(b.base * p.tax_rate / (100 + p.tax_rate)) end::bigint as tax) x`;

/** The statements, in order, each with a label for the progress log. */
export function loadStatements({ orders, subscriptions }: LoadSizes, orderBase: number): [string, string][] {
  const N = Math.trunc(orders);
  const S = Math.trunc(subscriptions);
  return [
    [
      'setup',
      `
      create temp table bench_markets (m int primary key, country varchar(2), currency varchar(3),
        price bigint, tax_rate numeric, tax_mode text);
      insert into bench_markets values ${MARKETS};
      -- Each currency's rate to USD today (the rate stamped on every row, as the trigger would).
      create temp table bench_rates as
        select distinct on (currency) currency, rate from exchange_rates
        where base_currency = 'USD' order by currency, effective_on desc;
      create temp table bench_window as
        select (date_trunc('month', now() at time zone 'UTC') - interval '12 months') at time zone 'UTC' as first,
               now() - interval '1 minute' as last,
               (select array_agg(id order by id) from users) as users,
               (select array_agg(id order by id) from courses) as courses;
      -- The webhook triggers build each event's payload before finding no endpoint: not for a bulk
      -- load (no endpoint is configured). Re-enabled in the same transaction.
      alter table orders disable trigger orders_webhook_paid;
      alter table course_refunds disable trigger course_refunds_webhook_refunded;
      alter table subscription_enrollments disable trigger subscription_enrollments_webhook;
      alter table subscription_charges disable trigger subscription_charges_webhook;
      -- Nor the analytics triggers (decision 0038): they forget summed days, and none is summed yet.
      alter table orders disable trigger orders_analytics_day;
      alter table order_lines disable trigger order_lines_analytics_day;
      alter table course_refunds disable trigger course_refunds_analytics_day;
      alter table subscription_charges disable trigger subscription_charges_analytics_day;
      alter table subscription_charges disable trigger subscription_charges_analytics_plan;
      alter table subscription_invoices disable trigger subscription_invoices_analytics_plan;
      alter table subscription_enrollments disable trigger subscription_enrollments_analytics_plan;`,
    ],
    [
      `${N} orders`,
      `
      insert into orders (id, user_id, status, currency, subtotal_amount, discount_amount, tax_amount,
        credit_amount, total_amount, country, tax_rate, tax_mode, payment_type, card_brand, card_last4,
        base_currency, exchange_rate, created_at, completed_at)
      select ${orderBase} + g, w.users[1 + g % array_length(w.users, 1)],
        (case when g % 100 = 7 and x.lines = 1 then 'refunded' else 'completed' end)::order_status,
        m.currency, x.sub, 0, x.tax, x.credit, x.gross - x.credit, m.country, m.tax_rate, m.tax_mode,
        '${BENCH_PAYMENT_TYPE}', 'visa', '4242', 'USD', r.rate, x.at, x.at
      from generate_series(1, ${N}) g
      cross join bench_window w
      join bench_markets m on m.m = g % 10
      join bench_rates r on r.currency = m.currency
      cross join lateral (select 1 + (g % 3 = 0)::int as lines,
                                 w.first + (w.last - w.first) * ((g - 0.5) / ${N}) as at) l
      cross join lateral (select l.lines, l.at, m.price * l.lines as sub, ${taxOf('m.price')} * l.lines as tax) t
      cross join lateral (select t.lines, t.at, t.sub, t.tax,
          case when m.tax_mode = 'tax_exclusive' then t.sub + t.tax else t.sub end as gross,
          case when g % 20 = 0 then (case when m.tax_mode = 'tax_exclusive' then t.sub + t.tax else t.sub end) / 4
               else 0 end as credit) x;
      select setval('orders_id_seq', (select max(id) from orders));`,
    ],
    [
      'order lines',
      `
      insert into order_lines (order_id, course_id, list_price_amount, purchase_price_amount, tax_amount)
      select ${orderBase} + g,
        -- Some courses sell far more than others.
        w.courses[1 + floor(array_length(w.courses, 1) * power(((g * 7 + k * 13) % 1000) / 1000.0, 2))::int],
        m.price, m.price, ${taxOf('m.price')}
      from generate_series(1, ${N}) g
      cross join generate_series(1, 2) k
      cross join bench_window w
      join bench_markets m on m.m = g % 10
      where k = 1 or g % 3 = 0;`,
    ],
    [
      'course refunds',
      `
      -- Statistics of the rows just loaded (this transaction's own are counted): without them the
      -- first line of each refunded order is looked for along the whole primary key.
      analyze orders, order_lines;
      insert into course_refunds (user_id, order_id, order_line_id, course_id, currency, amount,
        provider_amount, credit_amount, provider_label, status, reason, base_currency, exchange_rate,
        requested_at, completed_at)
      select o.user_id, o.id, l.id, l.course_id, o.currency, l.amount, l.amount, 0, 'Visa ****4242',
        'refunded', 'not_as_expected', o.base_currency, o.exchange_rate,
        least(o.created_at + interval '2 days', now() - interval '2 minutes'),
        least(o.created_at + interval '2 days 1 hour', now() - interval '1 minute')
      from orders o
      cross join lateral (
        select l.id, l.course_id,
          l.purchase_price_amount + case when o.tax_mode = 'tax_exclusive' then l.tax_amount else 0 end as amount
        from order_lines l where l.order_id = o.id order by l.id limit 1) l
      where o.id > ${orderBase} and o.id <= ${orderBase + N} and (o.id - ${orderBase}) % 100 = 7;`,
    ],
    [
      `${S} subscription plans`,
      `
      create temp table bench_plans as
      with drawn as (
        select g, ${BENCH_SUBSCRIBER_BASE} + g as subscriber_id,
          (array['team-monthly', 'team-monthly', 'team-monthly', 'team-annual', 'personal-monthly',
                 'personal-monthly', 'personal-monthly', 'personal-monthly', 'personal-annual',
                 'team-monthly'])[1 + g % 10] as option_id,
          (array[0, 1, 2, 4, 5, 6, 7, 8, 9, 0])[1 + (g / 10) % 10] as market,
          -- Bought over the last 15 months, in no particular order.
          now() - interval '456 days' * (((g::bigint * 7919) % ${S})::float8 / ${S}) - interval '1 hour' as created_at,
          (g / 7) % 4 <> 0 as had_trial,
          g % 20 as fate,
          (g / 20) % 6 as lasted
        from generate_series(1, ${S}) g
      ),
      priced as (
        select d.*, po.renewal_type, po.id like 'team-%' as team,
          case when po.renewal_type = 'YEAR' then 12 else 1 end * greatest(po.renewal_count, 1) as months,
          case when d.had_trial then po.trial_days else 0 end as trial_days,
          (po.unit_prices ->> m.currency)::bigint as unit_price,
          case when po.id like 'team-%' then 5 + d.g % 16 else 1 end as licenses,
          m.currency, m.country, m.tax_rate, m.tax_mode
        from drawn d
        join subscription_price_options po on po.id = d.option_id
        join bench_markets m on m.m = d.market
      ),
      timed as (
        select p.*, p.created_at + p.trial_days * interval '1 day' as paid_from
        from priced p
      ),
      counted as (
        select t.*,
          case when t.paid_from > now() then 0
               else floor((extract(year from age(now(), t.paid_from)) * 12
                           + extract(month from age(now(), t.paid_from))) / t.months)::int + 1 end as periods
        from timed t
      ),
      fated as (
        select c.*,
          case
            when c.periods = 0 then 'TRIAL'
            when c.fate = 6 and c.had_trial then 'TRIAL_LOST'
            when c.fate in (0, 1) and 1 + c.lasted < c.periods
              and c.paid_from + (1 + c.lasted) * c.months * interval '1 month' + interval '14 days' < now()
              then 'CHURNED'
            when c.fate = 2 and c.months = 1 and c.periods >= 2 then 'PAST_DUE'
            when c.fate = 3 then 'CANCELED'
            else 'ACTIVE'
          end as outcome
        from counted c
      )
      select f.*,
        case f.outcome when 'TRIAL' then 0 when 'TRIAL_LOST' then 0 when 'CHURNED' then 1 + f.lasted
          when 'PAST_DUE' then f.periods - 1 else f.periods end as paid,
        case when f.fate = 5 and f.team and f.outcome = 'ACTIVE' then 2 else 0 end as extra
      from fated f;
      alter table bench_plans add column id int;
      update bench_plans set id = nextval('subscription_enrollments_id_seq');
      -- Unpaid periods: the first one after a lost trial (void), the one after a plan's last paid
      -- period when payment failed for good (void) and a past-due plan's current one (open).
      create temp table bench_unpaid as
        select p.id, case when p.outcome = 'PAST_DUE' then 'open' else 'void' end as status,
          case when p.outcome = 'TRIAL_LOST' then 'first_period' else 'renewal' end as kind,
          p.paid_from + p.paid * p.months * interval '1 month' as period_start,
          p.paid_from + (p.paid + 1) * p.months * interval '1 month' as period_end
        from bench_plans p
        where p.outcome in ('TRIAL_LOST', 'PAST_DUE') or (p.outcome = 'CHURNED' and p.fate = 1);
      insert into subscription_enrollments (id, subscriber_type, subscriber_id, price_option_id, status,
        trial_days, license_count, currency, unit_price, charge_amount, tax_amount, tax_rate, tax_mode,
        current_period_start, current_period_end, cancel_date, trial_end, created_at, updated_at)
      select p.id, (case when p.team then 'organization' else 'user' end)::subscriber_type, p.subscriber_id,
        p.option_id,
        (case p.outcome when 'TRIAL' then 'TRIAL' when 'TRIAL_LOST' then 'EXPIRED' when 'CHURNED' then 'EXPIRED'
           when 'PAST_DUE' then 'PAST_DUE' when 'CANCELED' then 'CANCELED' else 'ACTIVE' end)::subscription_enrollment_status,
        p.trial_days, p.licenses + p.extra, p.currency, p.unit_price,
        x.amount, x.tax, p.tax_rate, p.tax_mode,
        s.period_start, s.period_end,
        case when p.outcome = 'CANCELED' then s.period_end end,
        case when p.had_trial then p.paid_from end,
        p.created_at, p.created_at
      from bench_plans p
      ${planAmount('p.unit_price * (p.licenses + p.extra)')}
      cross join lateral (
        select
          case when p.outcome in ('TRIAL', 'TRIAL_LOST') then p.created_at
               when p.outcome = 'PAST_DUE' then p.paid_from + p.paid * p.months * interval '1 month'
               else p.paid_from + (greatest(p.paid, 1) - 1) * p.months * interval '1 month' end as period_start,
          case when p.outcome in ('TRIAL', 'TRIAL_LOST') then p.paid_from
               when p.outcome = 'PAST_DUE' then p.paid_from + (p.paid + 1) * p.months * interval '1 month'
               -- A plan that expired after failed payments ends when its dunning gave up.
               when p.outcome = 'CHURNED' and p.fate = 1
                 then p.paid_from + p.paid * p.months * interval '1 month' + interval '14 days'
               else p.paid_from + greatest(p.paid, 1) * p.months * interval '1 month' end as period_end) s;
      select setval('subscription_enrollments_id_seq', (select max(id) from subscription_enrollments));
      insert into subscription_billing_profiles (subscriber_type, subscriber_id, customer_name, country,
        card_brand, card_last4)
      select (case when p.team then 'organization' else 'user' end)::subscriber_type, p.subscriber_id,
        'Bench subscriber ' || p.g, p.country, 'visa', '4242'
      from bench_plans p;`,
    ],
    [
      'plan invoices',
      `
      -- Each paid period after a trial or at a renewal is an invoice; a first period paid at the
      -- checkout is not.
      insert into subscription_invoices (enrollment_id, kind, status, period_start, period_end, licenses,
        currency, unit_price, amount, tax_amount, tax_rate, tax_mode, attempts, created_at, updated_at)
      select p.id, case when k = 0 then 'first_period' else 'renewal' end, 'paid', ps, pe, p.licenses,
        p.currency, p.unit_price, x.amount, x.tax, p.tax_rate, p.tax_mode,
        1 + (p.fate = 4 and k = p.paid - 1 and k > 0)::int, ps, ps
      from bench_plans p
      cross join lateral generate_series(0, p.paid - 1) k
      cross join lateral (select p.paid_from + k * p.months * interval '1 month' as ps,
                                 p.paid_from + (k + 1) * p.months * interval '1 month' as pe) t
      ${planAmount('p.unit_price * p.licenses')}
      where k > 0 or p.had_trial;
      insert into subscription_invoices (enrollment_id, kind, status, period_start, period_end, licenses,
        currency, unit_price, amount, tax_amount, tax_rate, tax_mode, attempts, next_attempt_at,
        failure_code, created_at, updated_at)
      select p.id, u.kind, u.status, u.period_start, u.period_end, p.licenses, p.currency, p.unit_price,
        x.amount, x.tax, p.tax_rate, p.tax_mode, 2,
        case when u.status = 'open' then least(u.period_start + interval '3 days', now() + interval '1 day') end,
        'card_declined', u.period_start, u.period_start
      from bench_unpaid u
      join bench_plans p on p.id = u.id
      ${planAmount('p.unit_price * p.licenses')};`,
    ],
    [
      'plan charges',
      `
      -- One receipt per paid period (a recovered renewal: paid two days after it first failed).
      insert into subscription_charges (enrollment_id, invoice_id, kind, status, receipt_number, licenses,
        currency, unit_price, amount, tax_amount, period_start, period_end, card_brand, card_last4,
        base_currency, exchange_rate, created_at)
      select p.id, i.id, case when k = 0 then 'first_period' else 'renewal' end, 'succeeded',
        nextval('subscription_receipt_number_seq'), p.licenses, p.currency, p.unit_price,
        x.amount, x.tax, t.ps, t.pe, 'visa', '4242', 'USD', r.rate,
        case when p.fate = 4 and k = p.paid - 1 and k > 0
             then least(t.ps + interval '2 days', now() - interval '1 minute') else t.ps end
      from bench_plans p
      cross join lateral generate_series(0, p.paid - 1) k
      cross join lateral (select p.paid_from + k * p.months * interval '1 month' as ps,
                                 p.paid_from + (k + 1) * p.months * interval '1 month' as pe) t
      ${planAmount('p.unit_price * p.licenses')}
      join bench_rates r on r.currency = p.currency
      left join subscription_invoices i on i.enrollment_id = p.id and i.period_start = t.ps;
      -- Declined attempts: the first try of a recovered renewal, and every try of an unpaid period.
      insert into subscription_charges (enrollment_id, invoice_id, kind, status, licenses, currency,
        unit_price, amount, tax_amount, period_start, period_end, card_brand, card_last4, failure_code,
        failure_message, base_currency, exchange_rate, created_at)
      select i.enrollment_id, i.id, i.kind, 'failed', i.licenses, i.currency, i.unit_price, i.amount,
        i.tax_amount, i.period_start, i.period_end, 'visa', '4242', 'card_declined', 'Your card was declined.',
        'USD', r.rate, i.period_start + a.after
      from subscription_invoices i
      join bench_plans p on p.id = i.enrollment_id
      join bench_rates r on r.currency = i.currency
      cross join lateral (values (interval '0 days'), (interval '3 days'), (interval '7 days')) a(after)
      where (i.status in ('open', 'void') and i.period_start + a.after < now())
         or (i.status = 'paid' and i.attempts = 2 and a.after = interval '0 days');
      -- Licenses added in a plan's current period, charged for what is left of it.
      insert into subscription_charges (enrollment_id, kind, status, receipt_number, licenses, currency,
        unit_price, amount, tax_amount, period_start, period_end, card_brand, card_last4, base_currency,
        exchange_rate, created_at)
      select p.id, 'proration', 'succeeded', nextval('subscription_receipt_number_seq'), p.extra, p.currency,
        null, x.amount, x.tax, t.mid, t.pe, 'visa', '4242', 'USD', r.rate, t.mid
      from bench_plans p
      cross join lateral (select p.paid_from + (p.paid - 1) * p.months * interval '1 month' as ps,
                                 p.paid_from + p.paid * p.months * interval '1 month' as pe) t0
      cross join lateral (select t0.pe, t0.ps + (least(now(), t0.pe) - t0.ps) / 2 as mid) t
      ${planAmount('p.unit_price * p.extra / 2')}
      join bench_rates r on r.currency = p.currency
      where p.extra > 0 and p.paid > 0;
      -- Staff refunded some plans' latest charge in full, a few days after it.
      insert into subscription_charges (enrollment_id, invoice_id, kind, status, licenses, currency,
        unit_price, amount, tax_amount, period_start, period_end, card_brand, card_last4, base_currency,
        exchange_rate, created_at)
      select c.enrollment_id, c.invoice_id, 'refund', 'refunded', c.licenses, c.currency, c.unit_price,
        c.amount, c.tax_amount, c.period_start, c.period_end, 'visa', '4242', c.base_currency,
        c.exchange_rate, least(c.created_at + interval '5 days', now() - interval '1 minute')
      from bench_plans p
      join lateral (select * from subscription_charges c
                    where c.enrollment_id = p.id and c.status = 'succeeded'
                    order by c.created_at desc limit 1) c on true
      where p.fate = 7;`,
    ],
    [
      'done',
      `
      alter table orders enable trigger orders_webhook_paid;
      alter table course_refunds enable trigger course_refunds_webhook_refunded;
      alter table subscription_enrollments enable trigger subscription_enrollments_webhook;
      alter table subscription_charges enable trigger subscription_charges_webhook;
      alter table orders enable trigger orders_analytics_day;
      alter table order_lines enable trigger order_lines_analytics_day;
      alter table course_refunds enable trigger course_refunds_analytics_day;
      alter table subscription_charges enable trigger subscription_charges_analytics_day;
      alter table subscription_charges enable trigger subscription_charges_analytics_plan;
      alter table subscription_invoices enable trigger subscription_invoices_analytics_plan;
      alter table subscription_enrollments enable trigger subscription_enrollments_analytics_plan;
      -- What the analytics triggers would have done: days summed before the load (the server's
      -- summary job may have run) are summed again, and every plan is computed again.
      delete from analytics_sales_days;
      insert into analytics_stale_plans (enrollment_id) select id from subscription_enrollments
      on conflict (enrollment_id) do nothing;`,
    ],
  ];
}

/** Loads the bench data in one transaction (a failed load leaves nothing behind), then ANALYZE. */
export async function loadAnalyticsData(
  client: Client,
  sizes: LoadSizes,
  log: (line: string) => void,
): Promise<number> {
  const started = performance.now();
  const [{ base }] = (
    await client.query<{ base: number }>('select coalesce(max(id), 0)::int as base from orders')
  ).rows as [{ base: number }];
  await client.query('begin');
  try {
    for (const [label, statement] of loadStatements(sizes, base)) {
      const at = performance.now();
      await client.query(statement);
      log(`  ${label}: ${Math.round(performance.now() - at)} ms`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  const at = performance.now();
  await client.query('analyze');
  log(`  analyze: ${Math.round(performance.now() - at)} ms`);
  return performance.now() - started;
}
