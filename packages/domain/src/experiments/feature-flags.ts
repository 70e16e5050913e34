// What browser code reads of an assignment: single feature codes and the on/off rule. Kept
// apart from the list of every feature (feature-codes.ts), so a page carries only what it reads.

/** Checkout §2/§9: the payment timeline of the buy-now-pay-later form ('control' hides it). */
export const BNPL_TIMELINE_FEATURE = 'bnpl_payment_timeline';
/** Team-plan §6: a visitor checks out a course with an e-mail only (`dacOnCheckoutIsEnabled`). */
export const GUEST_CHECKOUT_FEATURE = 'dac_on_checkout';

/**
 * Whether a flag-like feature is on for this assignment: its configuration says
 * `isEnabled: true`. A feature with no running experiment is off.
 */
export function isFeatureEnabled(
  assignments: readonly { featureCode: string; configuration: Record<string, unknown> }[] | undefined,
  featureCode: string,
): boolean {
  const assignment = assignments?.find((entry) => entry.featureCode === featureCode);
  return assignment?.configuration.isEnabled === true;
}
