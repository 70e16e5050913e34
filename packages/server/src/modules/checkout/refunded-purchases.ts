import type { Database } from '../../platform/db/database.js';
import type { CouponsService } from '../coupons/coupons.service.js';
import { couponReference } from './checkout-fulfilment.js';
import type { createCheckoutRepository } from './checkout.repository.js';

/**
 * What a checkout still holds for a bought course, given back when its refund is done: the
 * hold that stopped the buyer from paying for it twice (they may buy it again), and the uses
 * of the codes it was bought with once nothing bought with them is kept (`codesToReturn`).
 */
export function createRefundedPurchases(deps: {
  repository: ReturnType<typeof createCheckoutRepository>;
  coupons: CouponsService;
}) {
  return {
    async release(
      within: Database,
      purchase: {
        attemptId: string;
        buyableType: string;
        courseId: number;
        codesToReturn: readonly string[];
      },
    ): Promise<void> {
      await deps.repository.releaseHoldsOf(
        within,
        purchase.attemptId,
        purchase.buyableType,
        purchase.courseId,
      );
      for (const code of purchase.codesToReturn) {
        await deps.coupons.returnPaidUse(couponReference(purchase.attemptId, code), within);
      }
    },
  };
}

export type RefundedPurchases = ReturnType<typeof createRefundedPurchases>;
