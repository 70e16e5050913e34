import {
  CURRENCY_CODES,
  billingCountryError,
  computeOrderTotals,
  currencyForCountry,
  minorUnitExponent,
  money,
  normalizeSecondaryLocation,
  priceAmountOf,
  scheduledPriceProblem,
  secondaryLocationError,
  taxModeOf,
  type AdminCourseDetail,
  type AdminPricePreview,
  type AdminPriceTier,
  type AdminPriceTiersResponse,
  type CurrencyCode,
} from '@lectern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock/clock.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { Database } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { HttpError, notFound, validationError } from '../../platform/http/http-error.js';
import type { AdminAudit } from '../admin-audit/admin-audit.service.js';
import type { CourseAuthoring } from '../catalog/course-authoring.js';
import type { PriceAuthoring } from '../catalog/price-authoring.js';
import { determineTax } from '../tax/determine-tax.js';
import type { TaxProvider } from '../tax/tax-provider.js';
import type { StaffMember } from '../staff/staff-access.js';

/** The keyed job that applies a scheduled price change when it is due (the developer clock runs it too). */
export const PRICE_CHANGE_JOB_KIND = 'prices.apply_scheduled';

/** Every country that pays in each currency; USD also stands for every country without its own. */
function countriesByCurrency(): Map<CurrencyCode, string[]> {
  const byCurrency = new Map<CurrencyCode, string[]>(CURRENCY_CODES.map((currency) => [currency, []]));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const first of letters)
    for (const second of letters) {
      const country = `${first}${second}`;
      const currency = currencyForCountry(country);
      // Unknown codes fall back to USD: only the US is named for it.
      if (currency !== 'USD' || country === 'US') byCurrency.get(currency)!.push(country);
    }
  return byCurrency;
}
const COUNTRIES_BY_CURRENCY = countriesByCurrency();

/**
 * The back office's prices (issue 32): the tier table (platform §3 currencies, the countries
 * that pay in each), tier amounts, a course's tier now or from a date, and what a buyer in a
 * country would pay. A price change never touches an order or a quote already made: they keep
 * the amounts they were made with (the checkout's attempts store their quote).
 */
export function createAdminPrices(deps: {
  db: Database;
  clock: Clock;
  audit: AdminAudit;
  courses: CourseAuthoring;
  prices: PriceAuthoring;
  tax: TaxProvider;
  queue: JobQueue;
  /** Told once a change commits: this instance drops what it kept of the catalog (search too). */
  catalog: Pick<CatalogService, 'changed'>;
  log: FastifyBaseLogger;
  /** The course's detail after a change (the courses service's answer). */
  detail: (courseId: number) => Promise<AdminCourseDetail>;
}) {
  const { db, clock, audit, courses, prices, tax, queue, catalog, log } = deps;

  /** Applies every scheduled change that is due; answers how many. Idempotent, safe on several instances. */
  async function applyDue(): Promise<number> {
    let applied = 0;
    for (let round = 0; round < 50; round += 1) {
      const now = clock.now();
      const done = await db.transaction(async (tx) => {
        const due = await prices.due(tx, now);
        for (const change of due) {
          const course = await courses.course(change.courseId, tx, true);
          if (course) await courses.setPriceTier(tx, change.courseId, change.priceTierId);
          await prices.markApplied(tx, change.id, now);
        }
        return due.length;
      });
      applied += done;
      if (done === 0) break;
    }
    if (applied > 0) {
      catalog.changed();
      log.info({ applied }, 'scheduled price changes applied');
    }
    return applied;
  }

  const job = queue.define<{ changeId: number }>({
    kind: PRICE_CHANGE_JOB_KIND,
    run: async () => {
      await applyDue();
    },
  });

  async function tierOrError(tierId: number, field: string, executor: Database = db) {
    const tier = await courses.tier(tierId, executor);
    if (!tier) throw validationError({ [field]: ['There is no such price tier.'] });
    return tier;
  }

  async function tiers(): Promise<AdminPriceTiersResponse> {
    const rows = await prices.tiers();
    return {
      results: rows.map((tier): AdminPriceTier => ({
        id: tier.id,
        name: tier.name,
        amounts: tier.amounts as AdminPriceTier['amounts'],
        course_count: tier.courseCount,
      })),
      currencies: CURRENCY_CODES.map((currency) => ({
        currency,
        decimals: minorUnitExponent(currency),
        countries: COUNTRIES_BY_CURRENCY.get(currency) ?? [],
      })),
    };
  }

  return {
    applyDue,

    tiers,

    /** Sets a tier's amounts (typed in major units, checked by the schema); every course on it changes price. */
    async setTierAmounts(staff: StaffMember, tierId: number, amounts: Record<string, string>) {
      const minor = Object.fromEntries(
        Object.entries(amounts).map(([currency, text]) => [
          currency,
          priceAmountOf(text, currency as CurrencyCode),
        ]),
      );
      await db.transaction(async (tx) => {
        const tier = await courses.tier(tierId, tx);
        if (!tier) throw notFound(`There is no price tier ${tierId}.`);
        const before = await prices.setTierAmounts(tx, tierId, minor);
        const changed = Object.keys(minor).filter((currency) => before[currency] !== minor[currency]);
        await audit.record(tx, {
          actor: staff,
          action: 'price_tier.amounts_changed',
          objectType: 'price_tier',
          objectId: tierId,
          summary: `Changed the amounts of the price tier ${tier.name} (${changed.join(', ') || 'no change'})`,
          before: Object.fromEntries(changed.map((currency) => [currency, before[currency] ?? null])),
          after: Object.fromEntries(changed.map((currency) => [currency, minor[currency]])),
        });
      });
      catalog.changed();
      return (await tiers()).results.find((tier) => tier.id === tierId)!;
    },

    /**
     * The course's tier now (`effectiveAt` absent), or from `effectiveAt` (a scheduled change,
     * applied by its keyed job when the clock reaches it).
     */
    async setCoursePrice(
      staff: StaffMember,
      courseId: number,
      input: { price_tier_id: number; effective_at?: string | null },
    ): Promise<AdminCourseDetail> {
      const effectiveAt = input.effective_at ? new Date(input.effective_at) : null;
      if (effectiveAt) {
        const problem = scheduledPriceProblem(effectiveAt, clock.now());
        if (problem) throw validationError({ effective_at: [problem] });
      }
      await db.transaction(async (tx) => {
        const course = await courses.course(courseId, tx, true);
        if (!course) throw notFound(`There is no course ${courseId}.`);
        const tier = await tierOrError(input.price_tier_id, 'price_tier_id', tx);
        const from = { price_tier_id: course.priceTierId, name: course.priceTierName };
        if (!effectiveAt) {
          if (course.priceTierId === tier.id) return;
          await courses.setPriceTier(tx, courseId, tier.id);
          await audit.record(tx, {
            actor: staff,
            action: 'course.price_changed',
            objectType: 'course',
            objectId: courseId,
            summary: `Changed the price of “${course.title}” to the tier ${tier.name}`,
            before: from,
            after: { price_tier_id: tier.id, name: tier.name },
          });
          return;
        }
        const changeId = await prices.schedule(tx, {
          courseId,
          priceTierId: tier.id,
          effectiveAt,
          createdBy: staff.userId,
        });
        await job.enqueue(tx, `price-change:${changeId}`, { changeId }, effectiveAt);
        await audit.record(tx, {
          actor: staff,
          action: 'course.price_scheduled',
          objectType: 'course',
          objectId: courseId,
          summary: `Scheduled the tier ${tier.name} for “${course.title}” from ${effectiveAt.toISOString()}`,
          before: from,
          after: {
            price_tier_id: tier.id,
            name: tier.name,
            effective_at: effectiveAt.toISOString(),
            change_id: changeId,
          },
        });
      });
      if (!effectiveAt) catalog.changed();
      return deps.detail(courseId);
    },

    /** Cancels a scheduled change that is still pending (409 once applied or cancelled). */
    async cancelScheduled(
      staff: StaffMember,
      courseId: number,
      changeId: number,
    ): Promise<AdminCourseDetail> {
      await db.transaction(async (tx) => {
        const change = await prices.change(changeId, tx, true);
        if (!change || change.courseId !== courseId)
          throw notFound(`The course has no scheduled price ${changeId}.`);
        if (change.appliedAt || change.cancelledAt) {
          throw new HttpError(
            409,
            'price_change_not_pending',
            change.appliedAt
              ? 'This scheduled price was already applied; set the price again to change it.'
              : 'This scheduled price was already cancelled.',
          );
        }
        await prices.cancel(tx, changeId, clock.now());
        await audit.record(tx, {
          actor: staff,
          action: 'course.price_schedule_cancelled',
          objectType: 'course',
          objectId: courseId,
          summary: `Cancelled the tier ${change.tierName} scheduled from ${change.effectiveAt.toISOString()}`,
          before: {
            change_id: changeId,
            price_tier_id: change.priceTierId,
            effective_at: change.effectiveAt.toISOString(),
          },
          after: { change_id: changeId, cancelled: true },
        });
      });
      return deps.detail(courseId);
    },

    /**
     * What a buyer in `country` pays for the course (or for it on `tierId`): the currency the
     * country pays in, the tier's amount there, the tax the checkout would add or include (the
     * same tax provider), and the total.
     */
    async preview(
      courseId: number,
      query: { country: string; secondary_location?: string; price_tier_id?: number },
    ): Promise<AdminPricePreview> {
      const country = query.country.toUpperCase();
      const countryError = billingCountryError(country);
      if (countryError) throw validationError({ country: [countryError] });
      const course = await courses.course(courseId);
      if (!course) throw notFound(`There is no course ${courseId}.`);
      const tierId = query.price_tier_id ?? course.priceTierId;
      if (tierId === null)
        throw validationError({
          price_tier_id: ['The course has no price tier yet: choose one to preview.'],
        });
      const tier = await tierOrError(tierId, 'price_tier_id');
      const currency = currencyForCountry(country);
      const amount = await prices.tierAmount(tier.id, currency);
      if (amount === null)
        throw new HttpError(
          409,
          'no_price_in_currency',
          `The tier ${tier.name} has no amount in ${currency}.`,
        );
      const listPrice = money(amount, currency);
      const secondary = normalizeSecondaryLocation(country, query.secondary_location);
      let taxProblem: string | null = secondaryLocationError(country, secondary);
      let determination = null;
      if (!taxProblem) {
        try {
          const found = await determineTax(tax, { country, secondaryLocation: secondary }, clock.now());
          if (found.ok) determination = found;
          else taxProblem = found.error;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          taxProblem = error.detail;
        }
      }
      const mode = taxModeOf(country);
      const totals = computeOrderTotals({
        lines: [{ listPrice, price: listPrice }],
        credit: money(0, currency),
        taxRates: determination ? determination.components.map((component) => component.ratePercent) : [],
        mode,
      });
      return {
        country,
        currency,
        price_tier: { id: tier.id, name: tier.name },
        list_price: { amount, currency },
        tax: determination
          ? {
              rate_percent: determination.ratePercent,
              mode,
              amount: { amount: totals.tax.amount, currency },
              jurisdiction: determination.jurisdiction,
            }
          : null,
        tax_problem: taxProblem,
        total: { amount: totals.total.amount, currency },
      };
    },
  };
}

export type AdminPrices = ReturnType<typeof createAdminPrices>;
