import type { PaymentMethodConfig } from '@lectern/domain';
import { methodKindOf, type MethodKind } from '../checkout/payment-methods';

export interface MethodChoice {
  method: PaymentMethodConfig;
  kind: MethodKind;
}

export interface SubscriptionMethods {
  /** What the submit pays with, or null when the checkout offers nothing this page can use. */
  chosen: MethodChoice | null;
  stored: MethodChoice | null;
  /** A card can be typed in (the stored card may be swapped for a new one). */
  canEnterCard: boolean;
}

function find(methods: readonly PaymentMethodConfig[], kind: MethodKind): MethodChoice | null {
  const method = methods.find((candidate) => methodKindOf(candidate) === kind);
  return method ? { method, kind } : null;
}

/**
 * The subscription's payment method (checkout §3): the Free method when nothing is due, else the
 * card stored on the account unless the buyer chose to enter a new one, else a new card. The
 * card panel is in edit mode by itself when there is no stored card (team-plan §2).
 */
export function subscriptionMethods(
  methods: readonly PaymentMethodConfig[],
  enterNewCard: boolean,
): SubscriptionMethods {
  const free = find(methods, 'free');
  const stored = find(methods, 'storedCard');
  const card = find(methods, 'card');
  const chosen = free ?? (stored && !(enterNewCard && card) ? stored : card);
  return { chosen, stored: free ? null : stored, canEnterCard: !free && !!card };
}
