import { sql } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { arrayLiteral, baseExponent, inBase, monthlyAmount, readFigures } from './analytics-sql.js';

/**
 * Each plan's MRR over time, stored as the spans over which it stays the same
 * (`analytics_plan_mrr`, decision 0038), so the dashboard reads MRR and its movements without
 * going through every charge and invoice of every plan.
 *
 * A plan's MRR at a moment is what its recurring billing says: the paid period (or the unpaid
 * invoice, while the plan is in dunning) that covers the moment, its price without tax as a
 * monthly amount, with the licenses added since its start, in the base currency at the rate of
 * its sale, and nothing once the plan has ended. That value can only change at the start or end
 * of an item, at an added license or at the plan's end: the spans are computed by evaluating it at
 * exactly those moments. Any change to a plan's billing marks it stale (triggers of migration
 * 0025), and stale plans are computed again before every reading and by a job.
 */

/** Plans computed in one transaction. */
export const PLANS_PER_REFRESH = 2_000;

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

/** The spans of constant MRR of the plans `ids`, in `base` (spans of no MRR left out). */
function planSpans(base: string, ids: readonly number[]) {
  const exponent = baseExponent(base);
  const planIds = arrayLiteral(ids);
  const mrr = inBase(
    monthlyAmount(
      sql`(cv.net + coalesce((
        select sum(p.licenses) from prorations p
        where p.enrollment_id = cv.enrollment_id and p.created_at >= cv.s and p.created_at <= cv.t), 0)
        * cv.net / nullif(cv.licenses, 0))`,
      sql`po.renewal_type::text`,
      sql`po.renewal_count`,
    ),
    sql`cv.currency`,
    sql`cv.exchange_rate`,
    exponent,
  );
  return sql`
    with plans(id) as (select unnest(${planIds}::int[])),
    -- Each paid first period or renewal, and each invoice not paid (yet): a plan in dunning keeps
    -- counting until it ends.
    items as (
      select c.enrollment_id, c.period_start as s, c.period_end as e, c.amount - c.tax_amount as net,
             c.licenses, c.currency, c.exchange_rate, c.base_currency
      from subscription_charges c join plans on plans.id = c.enrollment_id
      where c.status = 'succeeded' and c.kind in ('first_period', 'renewal')
      union all
      select i.enrollment_id, i.period_start, i.period_end, i.amount - i.tax_amount, i.licenses, i.currency,
             (select r.rate from exchange_rates r
               where r.base_currency = ${base} and r.currency = i.currency
                 and r.effective_on <= (i.period_start at time zone 'UTC')::date
               order by r.effective_on desc limit 1),
             ${base}
      from subscription_invoices i join plans on plans.id = i.enrollment_id
      where i.status <> 'paid'
    ),
    prorations as (
      select pc.enrollment_id, pc.created_at, pc.licenses
      from subscription_charges pc join plans on plans.id = pc.enrollment_id
      where pc.kind = 'proration' and pc.status = 'succeeded'
    ),
    -- The only moments the value can change at.
    changes as (
      select enrollment_id, s as t from items
      union select enrollment_id, e from items
      union select enrollment_id, created_at from prorations
      union select en.id, en.current_period_end from subscription_enrollments en join plans on plans.id = en.id
        where en.status = 'EXPIRED' and en.current_period_end is not null
    ),
    covering as (
      select distinct on (ch.enrollment_id, ch.t) ch.enrollment_id, ch.t, it.s, it.net, it.licenses,
             it.currency, it.exchange_rate
      from changes ch
      join items it on it.enrollment_id = ch.enrollment_id and it.s <= ch.t and ch.t < it.e
      -- A plan that ended early (cancelled now) stops counting at its end, paid or not.
      join subscription_enrollments ended on ended.id = ch.enrollment_id
        and (ended.status <> 'EXPIRED' or ch.t < ended.current_period_end)
      where it.exchange_rate is not null and it.base_currency = ${base}
      order by ch.enrollment_id, ch.t, it.s desc
    ),
    valued as (
      select ch.enrollment_id, ch.t, coalesce(${mrr}, 0) as mrr
      from changes ch
      left join covering cv on cv.enrollment_id = ch.enrollment_id and cv.t = ch.t
      left join subscription_enrollments en on en.id = cv.enrollment_id
      left join subscription_price_options po on po.id = en.price_option_id
    ),
    -- Runs of the same value become one span, which lasts until the next run starts.
    runs as (
      select enrollment_id, t, mrr from (
        select enrollment_id, t, mrr, lag(mrr) over (partition by enrollment_id order by t) as before
        from valued) stepped
      where before is distinct from mrr
    )
    select enrollment_id, valid_from, coalesce(valid_to, 'infinity'::timestamptz) as valid_to, mrr from (
      select enrollment_id, t as valid_from, lead(t) over (partition by enrollment_id order by t) as valid_to, mrr
      from runs) spans
    where mrr > 0`;
}

export function createPlanMrr(db: Database) {
  const rows = async <Row>(writer: Writer, query: ReturnType<typeof sql>) =>
    rowsOf<Row>(await writer.execute(query));

  /**
   * Computes up to `limit` stale plans again; resolves to how many. A plan whose billing is being
   * changed right now (its mark locked by that transaction) is left for the next time.
   */
  async function refreshSome(base: string, limit: number): Promise<number> {
    return db.transaction(async (tx) => {
      const ids = (
        await rows<{ enrollment_id: number }>(
          tx,
          sql`delete from analytics_stale_plans where enrollment_id in (
                select enrollment_id from analytics_stale_plans order by enrollment_id
                limit ${limit} for update skip locked)
              returning enrollment_id`,
        )
      ).map((row) => num(row.enrollment_id));
      if (ids.length === 0) return 0;
      const planIds = arrayLiteral(ids);
      await tx.execute(sql`delete from analytics_plan_mrr where enrollment_id = any(${planIds}::int[])`);
      await tx.execute(sql`
        insert into analytics_plan_mrr (base_currency, enrollment_id, valid_from, valid_to, mrr)
        select ${base}, enrollment_id, valid_from, valid_to, mrr from (${planSpans(base, ids)}) spans`);
      return ids.length;
    });
  }

  return {
    /** Computes every stale plan again (in transactions of `PLANS_PER_REFRESH`); resolves to how many. */
    async refresh(base: string): Promise<number> {
      let total = 0;
      for (;;) {
        const done = await refreshSome(base, PLANS_PER_REFRESH);
        total += done;
        if (done < PLANS_PER_REFRESH) return total;
      }
    },

    /**
     * MRR at each moment and, between consecutive moments, how it moved: per plan, from its MRR
     * at the earlier moment to its MRR at the later one (`mrrMovement`: new, expansion,
     * contraction, churned). Only a plan whose span covering the later moment began between the
     * two, or whose span covering the earlier one ended between them, can have moved: two range
     * scans find exactly those, with no look-up per plan. MRR at the first moment is one sum;
     * the later totals follow from it by the movements.
     */
    async at(
      base: string,
      moments: readonly Date[],
    ): Promise<{ totals: MrrTotals[]; movements: MrrMovements[] }> {
      const points = arrayLiteral(moments.map((moment) => moment.toISOString()));
      const [first] = await readFigures<{ mrr: unknown; plans: unknown }>(
        db,
        sql`select coalesce(sum(mrr), 0) as mrr, count(*) as plans
            from analytics_plan_mrr
            where base_currency = ${base} and valid_from <= ${moments[0]!.toISOString()}::timestamptz
              and valid_to > ${moments[0]!.toISOString()}::timestamptz`,
      );
      const moved = await readFigures<Record<string, unknown>>(
        db,
        sql`
          with points as (
            select idx::int - 1 as idx, t from unnest(${points}::timestamptz[]) with ordinality as p(t, idx)),
          windows as (
            select idx, t0, t1 from (
              select idx, lag(t) over (order by idx) as t0, t as t1 from points) w
            where t0 is not null),
          -- A plan's MRR at the window's end, where the span covering that moment began inside it
          -- (had it begun before, it would cover the whole window: the plan did not move).
          began as (
            select w.idx, s.enrollment_id, s.mrr from windows w join analytics_plan_mrr s
              on s.base_currency = ${base} and s.valid_from > w.t0 and s.valid_from <= w.t1
             and s.valid_to > w.t1),
          -- Its MRR at the window's start, where the span covering that moment ended inside it.
          ended as (
            select w.idx, s.enrollment_id, s.mrr from windows w join analytics_plan_mrr s
              on s.base_currency = ${base} and s.valid_to > w.t0 and s.valid_to <= w.t1
             and s.valid_from <= w.t0),
          compared as (
            select coalesce(b.idx, e.idx) as idx, coalesce(e.mrr, 0) as was, coalesce(b.mrr, 0) as now
            from began b full join ended e on e.idx = b.idx and e.enrollment_id = b.enrollment_id)
          select idx,
            coalesce(sum(now) filter (where was = 0 and now > 0), 0) as new_mrr,
            count(*) filter (where was = 0 and now > 0) as new_plans,
            coalesce(sum(now - was) filter (where was > 0 and now > was), 0) as expansion_mrr,
            coalesce(sum(was - now) filter (where now > 0 and was > now), 0) as contraction_mrr,
            coalesce(sum(was) filter (where was > 0 and now = 0), 0) as churned_mrr,
            count(*) filter (where was > 0 and now = 0) as churned_plans
          from compared group by idx`,
      );
      const byIndex = new Map(moved.map((row) => [num(row.idx), row]));
      const totals: MrrTotals[] = [{ mrr: num(first?.mrr), plans: num(first?.plans) }];
      const movements: MrrMovements[] = [
        { newMrr: 0, expansionMrr: 0, contractionMrr: 0, churnedMrr: 0, churnedPlans: 0 },
      ];
      for (let index = 1; index < moments.length; index += 1) {
        const row = byIndex.get(index);
        const movement: MrrMovements = {
          newMrr: num(row?.new_mrr),
          expansionMrr: num(row?.expansion_mrr),
          contractionMrr: num(row?.contraction_mrr),
          churnedMrr: num(row?.churned_mrr),
          churnedPlans: num(row?.churned_plans),
        };
        const before = totals[index - 1]!;
        totals.push({
          mrr:
            before.mrr +
            movement.newMrr +
            movement.expansionMrr -
            movement.contractionMrr -
            movement.churnedMrr,
          plans: before.plans + num(row?.new_plans) - movement.churnedPlans,
        });
        movements.push(movement);
      }
      return { totals, movements };
    },
  };
}

export type PlanMrr = ReturnType<typeof createPlanMrr>;
