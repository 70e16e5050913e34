import {
  addInterval,
  money,
  nextLifecycleState,
  periodCharge,
  renewsAtPeriodEnd,
  type CurrencyCode,
  type LifecycleState,
} from '@lectern/domain';
import type { Clock } from '../../platform/clock/clock.js';
import { taxLinesOf } from '../tax/tax-lines.js';
import { subscriberOf, type OffersOf } from './renewal-subscribers.js';
import type { RenewalTaxes } from './renewal-taxes.js';
import type { SubscriptionBillingRepository } from './subscription-billing.repository.js';
import type { SubscriptionNotices } from './subscription-notices.js';
import { renewalUnitPrice } from './subscription-retention-offers.js';
import type { AttemptOutcome, CollectPayload, PeriodEndPayload } from './subscription-renewals.js';
import type { EnrollmentRow, SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * The ends of periods: a cancelled plan expires; a renewing one gets the next period's invoice,
 * priced and taxed, whose first attempt `collect` makes at once.
 */
export function createRenewalPeriodEnds(deps: {
  repository: SubscriptionsRepository;
  billing: SubscriptionBillingRepository;
  notices: SubscriptionNotices;
  clock: Clock;
  taxesOf: RenewalTaxes['taxesOf'];
  offersOf: OffersOf;
  /** Makes one charge attempt of each invoice (the due one, here). */
  collect: (requests: CollectPayload[]) => Promise<Map<number, AttemptOutcome | Error>>;
}) {
  const { repository, billing, notices, clock, taxesOf, offersOf, collect } = deps;
  const db = repository.db;

  /**
   * Periods ended: a cancelled plan expires; a trial or an active plan gets the next period's
   * invoice (once per period: a repeated run finds it), whose first attempt runs at once. Many
   * plans at a time in a few statements (a renewal run); answers each one's error or null.
   */
  async function endPeriods(items: PeriodEndPayload[]): Promise<(Error | null)[]> {
    const wanted = new Map(items.map((item) => [item.enrollmentId, new Date(item.periodEnd).getTime()]));
    const due = (row: EnrollmentRow) => row.currentPeriodEnd.getTime() === wanted.get(row.id);
    const rows = (await billing.enrollmentsByIds([...wanted.keys()])).filter(due);
    const errors = new Map<number, Error>();
    for (const row of rows.filter((candidate) => candidate.status === 'CANCELED')) {
      await expireCancelled(row.id, row.currentPeriodEnd).catch((error: unknown) =>
        errors.set(row.id, error instanceof Error ? error : new Error(String(error))),
      );
    }
    const renewing = rows.filter((row) => renewsAtPeriodEnd(row.status as LifecycleState));
    if (renewing.length > 0) {
      const options = new Map(
        (await repository.plans()).flatMap((plan) => plan.options).map((o) => [o.id, o]),
      );
      const profiles = await billing.profilesOf(renewing.map(subscriberOf));
      const taxOf = await taxesOf(renewing, profiles, clock.now());
      const invoices = await db.transaction(async (tx) => {
        const locked = (
          await billing.enrollmentsByIds(
            renewing.map((row) => row.id),
            tx,
            true,
          )
        ).filter((row) => due(row) && renewsAtPeriodEnd(row.status as LifecycleState));
        const offers = await offersOf(locked, tx);
        await billing.insertInvoices(
          locked.map((row) => {
            const option = options.get(row.priceOptionId)!;
            const { rate, rates, components, note, mode } = taxOf(row);
            // A period an accepted retention offer covers is charged at its price, taxed as any charge.
            const unitPrice = renewalUnitPrice(row, offers.get(row.id), row.currentPeriodEnd);
            const unit = money(unitPrice, row.currency as CurrencyCode);
            const charge = periodCharge(unit, row.licenseCount, rates, mode);
            return {
              enrollmentId: row.id,
              kind: row.status === 'TRIAL' ? 'first_period' : 'renewal',
              status: 'open',
              periodStart: row.currentPeriodEnd,
              periodEnd: addInterval(row.currentPeriodEnd, {
                type: option.renewalType,
                count: option.renewalCount,
              }),
              licenses: row.licenseCount,
              currency: row.currency,
              unitPrice,
              amount: charge.total.amount,
              taxAmount: charge.tax.amount,
              taxRate: String(rate),
              taxMode: mode,
              taxLines: components ? taxLinesOf(components, charge.taxParts) : null,
              taxNote: note,
            };
          }),
          tx,
        );
        return billing.invoicesOfPeriods(
          locked.map((row) => ({ enrollmentId: row.id, periodStart: row.currentPeriodEnd })),
          tx,
        );
      });
      const outcomes = await collect(
        invoices.map((invoice) => ({ invoiceId: invoice.id, reason: { due: true } })),
      );
      for (const invoice of invoices) {
        const outcome = outcomes.get(invoice.id);
        if (outcome instanceof Error) errors.set(invoice.enrollmentId, outcome);
      }
    }
    return items.map((item) => errors.get(item.enrollmentId) ?? null);
  }

  async function expireCancelled(enrollmentId: number, periodEnd: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await repository.enrollment(enrollmentId, tx, true);
      if (row?.status !== 'CANCELED' || row.currentPeriodEnd.getTime() !== periodEnd.getTime()) return;
      await repository.updateEnrollment(
        row.id,
        { status: nextLifecycleState('CANCELED', 'period_ended')! },
        tx,
      );
      await notices.expired(row, tx);
    });
  }

  return { endPeriods };
}
