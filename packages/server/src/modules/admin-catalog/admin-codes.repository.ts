import type { CodeKind, CodeStatus } from '@lectern/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/query-result.js';

/** One code as the back office lists it (amounts in minor units). */
export interface CodeListRow {
  id: number;
  code: string;
  description: string;
  is_public: boolean;
  kind: CodeKind;
  percent_basis_points: number | null;
  amount: number | null;
  currency: string | null;
  target_tier_id: number | null;
  tier_name: string | null;
  scope: 'all' | 'courses' | 'category';
  category_id: number | null;
  category_title: string | null;
  course_count: number;
  campaign: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  usage_limit: number | null;
  per_buyer_limit: number | null;
  deactivated_at: Date | null;
  created_at: Date;
  created_by: number | null;
  creator_email: string | null;
  uses: number;
  reserved: number;
  status: CodeStatus;
}

export interface CodeListFilter {
  q: string;
  status?: CodeStatus;
  campaign?: string;
  kind?: CodeKind;
}

export type CodeSort = { field: 'code' | 'created' | 'ends' | 'uses'; descending: boolean };

export interface CodeUseRow {
  id: number;
  status: 'reserved' | 'consumed' | 'released';
  user_id: number | null;
  email: string | null;
  created_at: Date;
  settled_at: Date | null;
  order_id: number | null;
  order_total: number | null;
  order_currency: string | null;
  order_created_at: Date | null;
}

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * The back office's reads of discount codes (issue 32): codes with their uses, status and names
 * of what they point at, a code's uses with their buyers and orders, the campaigns. One query
 * each, across the coupons, catalog, users and orders tables (reads only; writes go through the
 * coupons module).
 */
export function createAdminCodesRepository(db: Database) {
  /** Codes with their counts and status at `now`, as a subquery the list filters and sorts. */
  const codesWithStatus = (now: Date) => sql`(
    select c.id, c.code, c.description, c.is_public, c.kind::text as kind, c.percent_basis_points,
      c.amount, c.currency, c.target_tier_id, t.name as tier_name, c.scope::text as scope, c.category_id,
      cat.title as category_title,
      (select count(*) from coupon_courses cc where cc.coupon_id = c.id)::int as course_count,
      c.campaign, c.starts_at, c.ends_at, c.usage_limit, c.per_buyer_limit, c.deactivated_at,
      c.created_at, c.created_by, creator.email as creator_email, u.uses, u.reserved,
      case
        when c.deactivated_at is not null then 'deactivated'
        when c.ends_at is not null and c.ends_at <= ${now.toISOString()}::timestamptz then 'expired'
        when c.usage_limit is not null and u.uses >= c.usage_limit then 'used_up'
        when c.starts_at is not null and c.starts_at > ${now.toISOString()}::timestamptz then 'scheduled'
        else 'active'
      end as status
    from coupons c
    left join price_tiers t on t.id = c.target_tier_id
    left join categories cat on cat.id = c.category_id
    left join users creator on creator.id = c.created_by
    cross join lateral (
      select count(*) filter (where r.status = 'consumed')::int as uses,
        count(*) filter (where r.status = 'reserved' and r.expires_at > ${now.toISOString()}::timestamptz)::int as reserved
      from coupon_redemptions r where r.coupon_id = c.id
    ) u
  )`;

  const toRow = (row: Record<string, unknown>): CodeListRow => ({
    ...(row as unknown as CodeListRow),
    id: Number(row.id),
    amount: row.amount === null ? null : Number(row.amount),
    percent_basis_points: row.percent_basis_points === null ? null : Number(row.percent_basis_points),
    course_count: Number(row.course_count),
    uses: Number(row.uses),
    reserved: Number(row.reserved),
    starts_at: date(row.starts_at),
    ends_at: date(row.ends_at),
    deactivated_at: date(row.deactivated_at),
    created_at: new Date(row.created_at as string),
    created_by: row.created_by === null ? null : Number(row.created_by),
  });

  function where(filter: CodeListFilter): SQL {
    const conditions: SQL[] = [sql`true`];
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q)}%`;
      conditions.push(
        sql`(x.code ilike ${pattern} or x.description ilike ${pattern} or coalesce(x.campaign, '') ilike ${pattern})`,
      );
    }
    if (filter.status) conditions.push(sql`x.status = ${filter.status}`);
    if (filter.campaign) conditions.push(sql`x.campaign = ${filter.campaign}`);
    if (filter.kind) conditions.push(sql`x.kind = ${filter.kind}`);
    return sql.join(conditions, sql` and `);
  }

  function orderOf(sort: CodeSort): SQL {
    const direction = sql.raw(sort.descending ? 'desc nulls last' : 'asc nulls last');
    const column = { code: sql`x.code`, created: sql`x.created_at`, ends: sql`x.ends_at`, uses: sql`x.uses` }[
      sort.field
    ];
    return sql`${column} ${direction}, x.id ${direction}`;
  }

  return {
    async list(filter: CodeListFilter, sort: CodeSort, page: { limit: number; offset: number }, now: Date) {
      const result = await db.execute(sql`
        select x.*, count(*) over () as total
        from ${codesWithStatus(now)} x
        where ${where(filter)}
        order by ${orderOf(sort)}
        limit ${page.limit} offset ${page.offset}`);
      const rows = rowsOf<Record<string, unknown>>(result);
      let count = rows.length > 0 ? Number(rows[0]!.total) : 0;
      if (rows.length === 0 && page.offset > 0) {
        const [counted] = rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from ${codesWithStatus(now)} x where ${where(filter)}`,
          ),
        );
        count = Number(counted?.n ?? 0);
      }
      return { count, rows: rows.map(toRow) };
    },

    async code(id: number, now: Date): Promise<CodeListRow | null> {
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select x.* from ${codesWithStatus(now)} x where x.id = ${id}`),
      );
      return row ? toRow(row) : null;
    },

    /** A code's uses, newest first, with the buyer and (once paid) the order. */
    async uses(couponId: number, page: { limit: number; offset: number }) {
      const result = await db.execute(sql`
        select r.id, r.status::text as status, r.user_id, buyer.email, r.created_at, r.settled_at,
          o.id as order_id, o.total_amount as order_total, o.currency as order_currency,
          o.created_at as order_created_at, count(*) over () as total
        from coupon_redemptions r
        left join users buyer on buyer.id = r.user_id
        left join orders o on r.status = 'consumed' and o.attempt_id::text = split_part(r.reference, ':', 1)
        where r.coupon_id = ${couponId}
        order by r.id desc
        limit ${page.limit} offset ${page.offset}`);
      const rows = rowsOf<Record<string, unknown>>(result);
      return {
        count: rows.length > 0 ? Number(rows[0]!.total) : 0,
        rows: rows.map((row): CodeUseRow => ({
          id: Number(row.id),
          status: row.status as CodeUseRow['status'],
          user_id: row.user_id === null ? null : Number(row.user_id),
          email: (row.email as string | null) ?? null,
          created_at: new Date(row.created_at as string),
          settled_at: date(row.settled_at),
          order_id: row.order_id === null ? null : Number(row.order_id),
          order_total: row.order_total === null ? null : Number(row.order_total),
          order_currency: (row.order_currency as string | null) ?? null,
          order_created_at: date(row.order_created_at),
        })),
      };
    },

    /** The course ids of a `courses` code. */
    async courseIds(couponId: number): Promise<number[]> {
      const rows = rowsOf<{ course_id: number }>(
        await db.execute(
          sql`select course_id from coupon_courses where coupon_id = ${couponId} order by course_id limit 500`,
        ),
      );
      return rows.map((row) => Number(row.course_id));
    },

    /** Every campaign with its number of codes and paid uses, newest first. */
    async campaigns() {
      const rows = rowsOf<{ campaign: string; codes: number; uses: number; created_at: string }>(
        await db.execute(sql`
          select c.campaign, count(*)::int as codes,
            coalesce(sum((select count(*) from coupon_redemptions r
              where r.coupon_id = c.id and r.status = 'consumed')), 0)::int as uses,
            min(c.created_at) as created_at
          from coupons c where c.campaign is not null
          group by c.campaign order by min(c.created_at) desc, c.campaign
          limit 500`),
      );
      return rows.map((row) => ({
        campaign: row.campaign,
        codes: Number(row.codes),
        uses: Number(row.uses),
        created_at: new Date(row.created_at).toISOString(),
      }));
    },

    /** Every code of a campaign with its status and uses, in code order (the CSV). */
    async campaignCodes(campaign: string, now: Date) {
      const result = await db.execute(sql`
        select x.* from ${codesWithStatus(now)} x where x.campaign = ${campaign} order by x.code`);
      return rowsOf<Record<string, unknown>>(result).map(toRow);
    },
  };
}

export type AdminCodesRepository = ReturnType<typeof createAdminCodesRepository>;
