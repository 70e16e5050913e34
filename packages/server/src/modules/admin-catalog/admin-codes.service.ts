import { randomBytes } from 'node:crypto';
import {
  bulkCode,
  codeStatusOf,
  codesCsv,
  normalizeCouponCode,
  priceAmountOf,
  type AdminBulkCodesInput,
  type AdminBulkCodesResult,
  type AdminCampaign,
  type AdminCodeDetail,
  type AdminCodeInput,
  type AdminCodeRow,
  type AdminPage,
  type CurrencyCode,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import type { Database } from '../../platform/db/database.js';
import { notFound, validationError } from '../../platform/http/http-error.js';
import type { AdminAudit } from '../admin-audit/admin-audit.service.js';
import type { CourseAuthoring } from '../catalog/course-authoring.js';
import type { CouponAdmin, CouponValues, StoredCoupon } from '../coupons/coupon-admin.js';
import type { StaffMember } from '../staff/staff-access.js';
import type {
  AdminCodesRepository,
  CodeListFilter,
  CodeListRow,
  CodeSort,
} from './admin-codes.repository.js';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function codeRowOf(row: CodeListRow): AdminCodeRow {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    is_public: row.is_public,
    kind: row.kind,
    percent: row.percent_basis_points === null ? null : row.percent_basis_points / 100,
    amount:
      row.kind === 'fixed_amount' && row.amount !== null && row.currency !== null
        ? { amount: row.amount, currency: row.currency as CurrencyCode }
        : null,
    target_price_tier:
      row.target_tier_id === null ? null : { id: row.target_tier_id, name: row.tier_name ?? '' },
    scope: row.scope,
    category: row.category_id === null ? null : { id: row.category_id, title: row.category_title ?? '' },
    course_count: row.course_count,
    campaign: row.campaign,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    usage_limit: row.usage_limit,
    per_buyer_limit: row.per_buyer_limit,
    uses: row.uses,
    reserved: row.reserved,
    status: row.status,
    deactivated_at: iso(row.deactivated_at),
    created_at: row.created_at.toISOString(),
  };
}

/** What the audit log keeps of a code. */
function codeSnapshot(coupon: StoredCoupon) {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent: coupon.percentBasisPoints === null ? null : coupon.percentBasisPoints / 100,
    amount: coupon.amount,
    currency: coupon.currency,
    target_tier_id: coupon.targetTierId,
    scope: coupon.scope,
    course_ids: coupon.courseIds,
    category_id: coupon.categoryId,
    starts_at: iso(coupon.startsAt),
    ends_at: iso(coupon.endsAt),
    usage_limit: coupon.usageLimit,
    per_buyer_limit: coupon.perBuyerLimit,
    campaign: coupon.campaign,
    is_public: coupon.isPublic,
    deactivated_at: iso(coupon.deactivatedAt),
  };
}

/** One cryptographically random byte at a time, drawn from a pool refilled as it runs out. */
function randomByteSource(): () => number {
  let pool = randomBytes(0);
  let index = 0;
  return () => {
    if (index >= pool.length) {
      pool = randomBytes(4096);
      index = 0;
    }
    return pool[index++]!;
  };
}

type Terms = Omit<AdminCodeInput, 'code' | 'campaign'>;

/**
 * The back office's discount codes (issue 32): list, one code, a campaign of generated codes,
 * its CSV, deactivation and each code's uses with their orders. Every change is audited in its
 * transaction; the coupons' kept definitions are dropped once it commits.
 */
export function createAdminCodes(deps: {
  db: Database;
  clock: Clock;
  audit: AdminAudit;
  repository: AdminCodesRepository;
  couponAdmin: CouponAdmin;
  courses: CourseAuthoring;
  coupons: { forget(): void };
}) {
  const { db, clock, audit, repository, couponAdmin, courses, coupons } = deps;

  /** The stored values of a code's terms; 400 naming each reference that does not exist. */
  async function valuesOf(
    terms: Terms,
    staff: StaffMember,
    campaign: string | null,
    tx: Database,
  ): Promise<CouponValues> {
    const errors: Record<string, string[]> = {};
    if (terms.kind === 'target_price' && terms.target_price_tier_id !== null) {
      if (!(await courses.tier(terms.target_price_tier_id, tx)))
        errors.target_price_tier_id = ['There is no such price tier.'];
    }
    if (terms.scope === 'category' && terms.category_id !== null) {
      if (!(await courses.category(terms.category_id, tx)))
        errors.category_id = ['There is no such category.'];
    }
    if (terms.scope === 'courses') {
      const found = new Set((await courses.titles(terms.course_ids, tx)).map((row) => row.id));
      const missing = [...new Set(terms.course_ids)].filter((id) => !found.has(id));
      if (missing.length > 0) errors.course_ids = [`There is no course ${missing.join(', ')}.`];
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return {
      description: terms.description,
      isPublic: terms.is_public,
      scope: terms.scope,
      kind: terms.kind,
      percentBasisPoints: terms.kind === 'percentage' ? Math.round(terms.percent! * 100) : null,
      amount:
        terms.kind === 'fixed_amount' ? priceAmountOf(terms.amount!, terms.currency as CurrencyCode) : null,
      currency: terms.kind === 'fixed_amount' ? terms.currency : null,
      targetTierId: terms.kind === 'target_price' ? terms.target_price_tier_id : null,
      categoryId: terms.scope === 'category' ? terms.category_id : null,
      startsAt: terms.starts_at ? new Date(terms.starts_at) : null,
      endsAt: terms.ends_at ? new Date(terms.ends_at) : null,
      usageLimit: terms.usage_limit,
      perBuyerLimit: terms.per_buyer_limit,
      campaign,
      createdBy: staff.userId,
    };
  }

  async function detail(id: number, usagePage = 1): Promise<AdminCodeDetail> {
    const now = clock.now();
    const row = await repository.code(id, now);
    if (!row) throw notFound(`There is no discount code ${id}.`);
    const size = 25;
    const [courseIds, uses] = await Promise.all([
      row.scope === 'courses' ? repository.courseIds(id) : Promise.resolve([]),
      repository.uses(id, { limit: size, offset: (usagePage - 1) * size }),
    ]);
    const titles = await courses.titles(courseIds);
    return {
      ...codeRowOf(row),
      courses: titles,
      created_by: row.created_by === null ? null : { id: row.created_by, email: row.creator_email ?? '' },
      usage: {
        count: uses.count,
        results: uses.rows.map((use) => ({
          id: use.id,
          status: use.status,
          buyer: use.user_id === null ? null : { id: use.user_id, email: use.email ?? '' },
          created_at: use.created_at.toISOString(),
          settled_at: iso(use.settled_at),
          order:
            use.order_id === null
              ? null
              : {
                  id: use.order_id,
                  total: {
                    amount: use.order_total ?? 0,
                    currency: (use.order_currency ?? 'USD') as CurrencyCode,
                  },
                  created_at: (use.order_created_at ?? use.created_at).toISOString(),
                },
        })),
      },
    };
  }

  /** Runs a change with its audit entry in one transaction; the kept definitions go once it commits. */
  async function change<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    const result = await db.transaction((tx) => work(tx));
    coupons.forget();
    return result;
  }

  return {
    async list(
      filter: CodeListFilter,
      sort: CodeSort,
      page: { page: number; pageSize: number },
    ): Promise<AdminPage<AdminCodeRow>> {
      const { count, rows } = await repository.list(
        filter,
        sort,
        { limit: page.pageSize, offset: (page.page - 1) * page.pageSize },
        clock.now(),
      );
      return { count, page: page.page, page_size: page.pageSize, results: rows.map(codeRowOf) };
    },

    detail,

    async create(staff: StaffMember, input: AdminCodeInput): Promise<AdminCodeDetail> {
      const code = normalizeCouponCode(input.code);
      const id = await change(async (tx) => {
        const values = await valuesOf(input, staff, input.campaign, tx);
        const created = await couponAdmin.insert(
          tx,
          code,
          values,
          input.scope === 'courses' ? input.course_ids : [],
        );
        if (!created) throw validationError({ code: [`The code ${code} is taken: choose another.`] });
        await audit.record(tx, {
          actor: staff,
          action: 'code.created',
          objectType: 'code',
          objectId: created.id,
          summary: `Created the discount code ${code}`,
          after: codeSnapshot(created),
        });
        return created.id;
      });
      return detail(id);
    },

    /** `count` unique codes of one campaign with the same terms (crypto-random, unambiguous characters). */
    async bulk(staff: StaffMember, input: AdminBulkCodesInput): Promise<AdminBulkCodesResult> {
      const nextByte = randomByteSource();
      const made = await change(async (tx) => {
        const values = await valuesOf(input, staff, input.campaign, tx);
        const codes = await couponAdmin.insertMany(
          tx,
          input.count,
          () => bulkCode(input.prefix, nextByte),
          values,
          input.scope === 'courses' ? input.course_ids : [],
        );
        await audit.record(tx, {
          actor: staff,
          action: 'code.campaign_generated',
          objectType: 'campaign',
          objectId: input.campaign.slice(0, 64),
          summary: `Generated ${codes.length} codes for the campaign “${input.campaign}”`,
          after: {
            campaign: input.campaign,
            count: codes.length,
            prefix: input.prefix,
            kind: input.kind,
            percent: input.percent,
            amount: input.amount,
            currency: input.currency,
            target_price_tier_id: input.target_price_tier_id,
            scope: input.scope,
            course_ids: input.course_ids,
            category_id: input.category_id,
            starts_at: input.starts_at,
            ends_at: input.ends_at,
            usage_limit: input.usage_limit,
            per_buyer_limit: input.per_buyer_limit,
          },
        });
        return codes;
      });
      return {
        campaign: input.campaign,
        created: made.length,
        sample: made.slice(0, 10),
        export_path: campaignExportPath(input.campaign),
      };
    },

    async deactivate(staff: StaffMember, id: number): Promise<AdminCodeDetail> {
      await change(async (tx) => {
        const before = await couponAdmin.coupon(tx, id, true);
        if (!before) throw notFound(`There is no discount code ${id}.`);
        const at = clock.now();
        if (!(await couponAdmin.deactivate(tx, id, at))) return;
        await audit.record(tx, {
          actor: staff,
          action: 'code.deactivated',
          objectType: 'code',
          objectId: id,
          summary: `Deactivated the discount code ${before.code}`,
          before: codeSnapshot(before),
          after: { ...codeSnapshot(before), deactivated_at: at.toISOString() },
        });
      });
      return detail(id);
    },

    campaigns: (): Promise<AdminCampaign[]> => repository.campaigns(),

    /** The campaign's codes as CSV; 404 when it has none. */
    async campaignCsv(campaign: string): Promise<string> {
      const now = clock.now();
      const rows = await repository.campaignCodes(campaign, now);
      if (rows.length === 0) throw notFound(`There is no campaign “${campaign}”.`);
      return codesCsv(
        rows.map((row) => ({
          code: row.code,
          status: codeStatusOf(
            {
              startsAt: row.starts_at,
              endsAt: row.ends_at,
              usageLimit: row.usage_limit,
              uses: row.uses,
              deactivatedAt: row.deactivated_at,
            },
            now,
          ),
          uses: row.uses,
          usage_limit: row.usage_limit,
        })),
      );
    },
  };
}

/** Where a campaign's CSV downloads from, relative to `/api-2.0`. */
export const campaignExportPath = (campaign: string) =>
  `/admin/codes/campaigns/${encodeURIComponent(campaign)}/export/?format=csv`;

export type AdminCodes = ReturnType<typeof createAdminCodes>;
