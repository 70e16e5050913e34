import {
  isRetentionDiscountedPeriod,
  money,
  retentionDiscountedPrice,
  retentionOfferQuote,
  retentionOfferTermsFor,
  retentionOfferUnavailableReason,
  retentionOfferViewOf,
  RETENTION_OFFER_UNAVAILABLE_MESSAGES,
  type CurrencyCode,
  type DateInterval,
  type LifecycleState,
  type RetentionOfferAcceptance,
  type RetentionOfferAvailability,
  type RetentionOfferQuote,
  type RetentionOfferTerms,
  type RetentionOfferUnavailableReason,
  type TaxBreakdownType,
} from '@lectern/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Writer } from '../../platform/db/database.js';
import { HttpError, notFound } from '../../platform/http/http-error.js';
import { combinedRatePercent } from '../tax/tax-lines.js';
import type { EnrollmentRow } from './subscriptions.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import { subscriptionCharges, subscriptionRetentionOffers } from './subscriptions.tables.js';

export type RetentionOfferRow = typeof subscriptionRetentionOffers.$inferSelect;

const noSuchEnrollment = () => notFound('There is no subscription with this id.');

/** The accepted offers (one per enrollment at most, held by a unique key). */
export function createRetentionOffersRepository(db: Database) {
  return {
    async ofEnrollment(enrollmentId: number, writer: Writer = db): Promise<RetentionOfferRow | null> {
      const [row] = await writer
        .select()
        .from(subscriptionRetentionOffers)
        .where(eq(subscriptionRetentionOffers.enrollmentId, enrollmentId));
      return row ?? null;
    },

    /** The accepted offers of these enrollments, by enrollment id (one statement, for renewal runs). */
    async ofEnrollments(ids: number[], writer: Writer = db): Promise<Map<number, RetentionOfferRow>> {
      if (ids.length === 0) return new Map();
      const rows = await writer
        .select()
        .from(subscriptionRetentionOffers)
        .where(inArray(subscriptionRetentionOffers.enrollmentId, ids));
      return new Map(rows.map((row) => [row.enrollmentId, row]));
    },

    /**
     * The rates of the taxes of the plan's last paid charge (state and city…), each rounded on its
     * own as the renewals round them; null when it has none on record.
     */
    async lastTaxRates(enrollmentId: number): Promise<number[] | null> {
      const [row] = await db
        .select({ taxLines: subscriptionCharges.taxLines })
        .from(subscriptionCharges)
        .where(
          and(
            eq(subscriptionCharges.enrollmentId, enrollmentId),
            eq(subscriptionCharges.status, 'succeeded'),
          ),
        )
        .orderBy(desc(subscriptionCharges.id))
        .limit(1);
      const lines = row?.taxLines ?? [];
      return lines.length > 0 ? lines.map((line) => line.ratePercent) : null;
    },

    async insert(
      values: typeof subscriptionRetentionOffers.$inferInsert,
      writer: Writer,
    ): Promise<RetentionOfferRow> {
      const [row] = await writer.insert(subscriptionRetentionOffers).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}

export type RetentionOffersRepository = ReturnType<typeof createRetentionOffersRepository>;

/** The terms an accepted offer was stored with. */
export const termsOfAccepted = (row: RetentionOfferRow): RetentionOfferTerms => ({
  id: row.offerId,
  percentOff: row.percentOffHundredths / 100,
  periods: row.periods,
});

/**
 * The unit price a renewal period starting at `periodStart` is charged at: the plan's, or the
 * accepted offer's discounted one when the period is one it covers.
 */
export function renewalUnitPrice(
  row: Pick<EnrollmentRow, 'unitPrice' | 'currency'>,
  offer: RetentionOfferRow | undefined | null,
  periodStart: Date,
): number {
  if (!offer || !isRetentionDiscountedPeriod(offer, periodStart)) return row.unitPrice;
  return retentionDiscountedPrice(
    money(row.unitPrice, row.currency as CurrencyCode),
    termsOfAccepted(offer).percentOff,
  ).amount;
}

/**
 * Issue 19, checkout §7 `/payment/retention-promo-submit/` (decision 0029): whether a Personal
 * Plan has a retention offer, and accepting it. Accepting stores the offer, shows the discounted
 * price as the plan's next charge and mails a confirmation, in one transaction under the plan's
 * row lock; the renewals charge the discounted periods (subscription-renewals.ts).
 */
export function createRetentionOffers(deps: { subscriptions: SubscriptionsService }) {
  const { subscriptions } = deps;
  const { repository, notices } = subscriptions;
  const offers = createRetentionOffersRepository(repository.db);

  async function intervalOf(row: EnrollmentRow): Promise<DateInterval> {
    const option = (await repository.plans())
      .flatMap((plan) => plan.options)
      .find((candidate) => candidate.id === row.priceOptionId);
    return { type: option?.renewalType ?? 'YEAR', count: option?.renewalCount ?? 1 };
  }

  /**
   * The enrollment `id` if the user may ask about it: their own, or their organization's when
   * they manage it (a Team Plan, which has no offer); anything else is answered as missing (404).
   */
  async function enrollmentOf(userId: number, id: number): Promise<EnrollmentRow> {
    const row = await repository.enrollment(id);
    if (!row) throw noSuchEnrollment();
    if (row.subscriberType === 'user') {
      if (row.subscriberId !== userId) throw noSuchEnrollment();
      return row;
    }
    const managed = await subscriptions.organizationOf(userId, false);
    if (managed?.id !== row.subscriberId) throw noSuchEnrollment();
    return row;
  }

  /** What the offer's quote needs besides the plan: its interval and the rates of its taxes. */
  interface PlanFacts {
    interval: DateInterval;
    /** The taxes of the last charge, each rounded on its own as the renewal will; else the agreed rate. */
    taxRates: number | number[];
  }

  async function factsOf(row: EnrollmentRow): Promise<PlanFacts> {
    const [interval, rates] = await Promise.all([intervalOf(row), offers.lastTaxRates(row.id)]);
    const agreed = Number(row.taxRate);
    // The last charge's taxes while they still make up the plan's rate (not after a move).
    const current =
      rates && combinedRatePercent(rates.map((ratePercent) => ({ ratePercent }))) === agreed ? rates : null;
    return { interval, taxRates: current ?? agreed };
  }

  function quoteOf(
    row: EnrollmentRow,
    terms: RetentionOfferTerms,
    facts: PlanFacts,
    firstPeriodStart: Date,
  ): RetentionOfferQuote {
    return retentionOfferQuote({
      terms,
      unitPrice: money(row.unitPrice, row.currency as CurrencyCode),
      licenses: row.licenseCount,
      renewalInterval: facts.interval,
      // As the plan was last taxed; the renewal taxes it at its date (a new address, a new rate).
      taxRates: facts.taxRates,
      taxMode: row.taxMode as TaxBreakdownType,
      firstPeriodStart,
    });
  }

  /** What `row` may have now: the offer's quote, or why there is none. */
  function decide(
    row: EnrollmentRow,
    accepted: RetentionOfferRow | null,
    facts: PlanFacts,
    now: Date,
  ): { reason: RetentionOfferUnavailableReason; quote: null } | { reason: null; quote: RetentionOfferQuote } {
    const reason = retentionOfferUnavailableReason(
      {
        subscriberType: row.subscriberType,
        state: row.status as LifecycleState | 'FUTURE',
        renewalInterval: facts.interval,
        currentPeriodEnd: row.currentPeriodEnd,
        alreadyAccepted: accepted !== null,
      },
      now,
    );
    if (reason) return { reason, quote: null };
    return {
      reason: null,
      quote: quoteOf(row, retentionOfferTermsFor(facts.interval)!, facts, row.currentPeriodEnd),
    };
  }

  return {
    offers,

    async availability(userId: number, enrollmentId: number): Promise<RetentionOfferAvailability> {
      const row = await enrollmentOf(userId, enrollmentId);
      const [accepted, facts] = await Promise.all([offers.ofEnrollment(row.id), factsOf(row)]);
      const now = subscriptions.now();
      const { reason, quote } = decide(row, accepted, facts, now);
      const running = accepted && accepted.endsAt.getTime() > now.getTime() ? accepted : null;
      return {
        enrollment_id: row.id,
        available: quote !== null,
        reason,
        offer: quote ? retentionOfferViewOf(quote) : null,
        accepted: running
          ? {
              ...retentionOfferViewOf(quoteOf(row, termsOfAccepted(running), facts, running.startsAt)),
              accepted_at: running.acceptedAt.toISOString(),
            }
          : null,
      };
    },

    /**
     * Accepts the offer `offerId` for the enrollment: 404 for someone else's, 409 with the
     * reason as its code when the plan has no offer now or another one than `offerId`.
     */
    async accept(userId: number, enrollmentId: number, offerId: string): Promise<RetentionOfferAcceptance> {
      const found = await enrollmentOf(userId, enrollmentId);
      const facts = await factsOf(found);
      const at = subscriptions.now();
      type Outcome =
        | { refused: RetentionOfferUnavailableReason }
        | { refused: null; quote: RetentionOfferQuote; stored: RetentionOfferRow };
      const outcome = await repository.db.transaction(async (tx): Promise<Outcome> => {
        // Serializes with cancel, renewals and a second accept of the same plan.
        const row = (await repository.enrollment(found.id, tx, true))!;
        const decision = decide(row, await offers.ofEnrollment(row.id, tx), facts, at);
        if (decision.reason) return { refused: decision.reason };
        const { quote } = decision;
        if (quote.offerId !== offerId) return { refused: 'offer_changed' };
        const stored = await offers.insert(
          {
            enrollmentId: row.id,
            offerId: quote.offerId,
            percentOffHundredths: Math.round(quote.percentOff * 100),
            periods: quote.periods,
            startsAt: quote.startsAt,
            endsAt: quote.endsAt,
            currency: row.currency,
            discountedAmount: quote.discounted.total.amount,
            regularAmount: quote.regular.total.amount,
            acceptedBy: userId,
            acceptedAt: at,
          },
          tx,
        );
        // The plan's next charge is the first discounted period.
        const changed = await repository.updateEnrollment(
          row.id,
          { chargeAmount: quote.discounted.total.amount, taxAmount: quote.discounted.tax.amount },
          tx,
        );
        await notices.retentionOfferAccepted(changed!, quote, tx);
        return { refused: null, quote, stored };
      });
      if (outcome.refused) {
        throw new HttpError(409, outcome.refused, RETENTION_OFFER_UNAVAILABLE_MESSAGES[outcome.refused]);
      }
      const { quote, stored } = outcome;
      return {
        ...retentionOfferViewOf(quote),
        enrollment_id: stored.enrollmentId,
        status: 'accepted',
        accepted_at: stored.acceptedAt.toISOString(),
        next_charge: { amount: quote.discounted.total.amount, currency: quote.discounted.total.currency },
        next_charge_date: quote.startsAt.toISOString(),
      };
    },
  };
}

export type RetentionOffers = ReturnType<typeof createRetentionOffers>;
