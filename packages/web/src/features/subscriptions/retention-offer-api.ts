import type { RetentionOfferAcceptance, RetentionOfferAvailability } from '@lectern/domain';
import type { ApiClient } from '../../platform/api';

const ROOT = { base: 'root' } as const;
/** Checkout §7 retention promo (decision 0029): GET whether a plan has an offer, POST accepts it. */
export const RETENTION_PROMO_PATH = '/payment/retention-promo-submit/';

/** Whether the Personal Plan `enrollmentId` has a retention offer now, and one accepted before. */
export function fetchRetentionOffer(
  api: ApiClient,
  enrollmentId: number,
  signal?: AbortSignal,
): Promise<RetentionOfferAvailability> {
  return api.get<RetentionOfferAvailability>(RETENTION_PROMO_PATH, {
    ...ROOT,
    params: { enrollment_id: enrollmentId },
    signal,
  });
}

/**
 * Accepts the offer: the answer says what the subscriber now pays and until when. 409 with the
 * reason as `code` (`already_accepted`, `offer_changed`, `cancelled`…) when there is none now.
 */
export function acceptRetentionOffer(
  api: ApiClient,
  enrollmentId: number,
  offerId: string,
): Promise<RetentionOfferAcceptance> {
  return api.post<RetentionOfferAcceptance>(
    RETENTION_PROMO_PATH,
    { enrollment_id: enrollmentId, offer_id: offerId },
    ROOT,
  );
}
