/**
 * Who a renewal bills, as every part of the renewals looks it up: the plan's subscriber, the
 * key of its billing profile, and its accepted retention offers.
 */
import type { Database, Writer } from '../../platform/db/database.js';
import { createRetentionOffersRepository, type RetentionOfferRow } from './subscription-retention-offers.js';
import type { EnrollmentRow, Subscriber } from './subscriptions.repository.js';

/** The key of a plan's billing profile in `billing.profilesOf`'s map. */
export const profileKeyOf = (row: { subscriberType: string; subscriberId: number }) =>
  `${row.subscriberType}:${row.subscriberId}`;

export const subscriberOf = (row: EnrollmentRow): Subscriber => ({
  type: row.subscriberType,
  id: row.subscriberId,
});

/** The accepted retention offers of these plans (only personal plans have any: decision 0029). */
export type OffersOf = (rows: EnrollmentRow[], writer: Writer) => Promise<Map<number, RetentionOfferRow>>;

export function createOffersOf(db: Database): OffersOf {
  const retentionOffers = createRetentionOffersRepository(db);
  return (rows, writer) =>
    retentionOffers.ofEnrollments(
      rows.filter((row) => row.subscriberType === 'user').map((row) => row.id),
      writer,
    );
}
