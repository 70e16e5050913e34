import { GUEST_CHECKOUT_FEATURE, isFeatureEnabled, type ExperimentInfo, type Me } from '@lectern/domain';

/**
 * Whether this visitor or user may go to the checkout: a signed-in user, or a visitor in the
 * guest-checkout experiment (team-plan §6), who buys with an e-mail only. Anyone else logs in first.
 */
export function mayCheckOut(me: Me, experiment: ExperimentInfo | undefined): boolean {
  return me.is_authenticated || isGuestCheckoutEnabled(experiment);
}

/** The visitor is in the guest-checkout arm of `dac_on_checkout`. */
export function isGuestCheckoutEnabled(experiment: ExperimentInfo | undefined): boolean {
  return isFeatureEnabled(experiment?.assignments, GUEST_CHECKOUT_FEATURE);
}
