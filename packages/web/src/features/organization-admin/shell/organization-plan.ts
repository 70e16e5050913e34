import { PAGE_ROUTES } from '@lectern/domain';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';

/** The organization's Team Plan, or null when it has none (a personal plan is not the organization's). */
export function organizationPlanOf(
  enrollment: CurrentEnrollment | null | undefined,
): CurrentEnrollment | null {
  return enrollment && enrollment.productType === 'TEAM' && enrollment.subscriber.type === 'ORGANIZATION'
    ? enrollment
    : null;
}

/** `/payment/upsell-teamplan/?checkout_ref=LSC-…`: add licenses to this plan. */
export function upsellPath(enrollment: CurrentEnrollment): string {
  return `${PAGE_ROUTES.teamPlanUpsell}?${new URLSearchParams({ checkout_ref: enrollment.checkoutReference }).toString()}`;
}
