// Team-plan §2 and §9: how many licenses a checkout may pick, enforced by the server too.
import { TEAM_PLAN_LICENSES } from './subscription-contract.js';

export type LicensePurchase = 'new' | 'upsell' | 'resubscribe';

export interface LicenseBounds {
  /** Lowest count offered by the picker (its default for upsells). */
  lower: number;
  /** Highest count offered; above it the picker shows 'More than N licenses' and the Enterprise note. */
  upper: number;
  /** The picker's initial choice. */
  default: number;
}

export interface PlanLicenseLimits {
  defaultLicenseCount: number;
  minimumLicenseCount: number;
  maximumLicenseCount: number;
}

/**
 * The picker's bounds: a new or renewed plan picks its whole count between the plan's minimum
 * and maximum (default: the plan's default); an upsell adds 1 up to the maximum less the
 * licenses already held (team-plan §9). Upper is 0 when nothing can be added.
 */
export function licenseBounds(
  purchase: LicensePurchase,
  plan: PlanLicenseLimits,
  currentLicenses = 0,
): LicenseBounds {
  if (purchase === 'upsell') {
    const upper = Math.max(0, plan.maximumLicenseCount - currentLicenses);
    return { lower: Math.min(1, upper), upper, default: Math.min(1, upper) };
  }
  const lower = plan.minimumLicenseCount;
  const upper = plan.maximumLicenseCount;
  return { lower, upper, default: Math.min(upper, Math.max(lower, plan.defaultLicenseCount)) };
}

/** Team-plan §2: the note shown above the ceiling, with an upsell to Enterprise. */
export function teamPlanCeilingNote(maximum: number = TEAM_PLAN_LICENSES.maximum): string {
  return `Team Plan only allows for ${maximum} total users.`;
}

/**
 * Why `requested` licenses cannot be bought, or null: a whole number within the bounds. Above
 * the ceiling the answer is the Enterprise note (the plan cannot hold more users online).
 */
export function licenseCountError(
  requested: number,
  purchase: LicensePurchase,
  plan: PlanLicenseLimits,
  currentLicenses = 0,
): string | null {
  const bounds = licenseBounds(purchase, plan, currentLicenses);
  if (!Number.isSafeInteger(requested) || requested < 1) return 'Please choose how many licenses to buy.';
  if (requested > bounds.upper) return teamPlanCeilingNote(plan.maximumLicenseCount);
  if (requested < bounds.lower) return `Please choose at least ${bounds.lower} licenses.`;
  return null;
}
