import type { FeatureVariantAssignment } from '../context/user-context.js';
import { murmurHash3 } from './murmur-hash.js';

/** Buckets a unit is hashed into: traffic and weights resolve to 1/10,000 (0.01%). */
export const EXPERIMENT_BUCKETS = 10_000;

/** One arm of an experiment. `configuration` is what the feature reads; `weight` is relative. */
export interface ExperimentVariant {
  key: string;
  weight: number;
  configuration: Record<string, unknown>;
}

/**
 * Who may take part. Every listed condition must hold; an absent one holds for everyone.
 * `attributes` are matched against the realtime attributes a client sends (platform §7).
 */
export interface ExperimentTargeting {
  countries?: string[];
  locales?: string[];
  loggedIn?: boolean;
  attributes?: Record<string, string[]>;
}

/** A running experiment as assignment needs it. */
export interface RunningExperiment {
  id: number;
  featureCode: string;
  salt: string;
  /** 0–10,000: the share of targeted units that take part. */
  trafficBasisPoints: number;
  targeting: ExperimentTargeting;
  defaultConfiguration: Record<string, unknown>;
  variants: readonly ExperimentVariant[];
}

/**
 * The unit being assigned. `unitId` is `user:{id}` for a signed-in user (the same variant on
 * every device) and `visitor:{uuid}` otherwise.
 */
export interface AssignmentUnit {
  unitId: string;
  loggedIn: boolean;
  /** The price country (ISO 3166-1 alpha-2). */
  country: string;
  /** e.g. en_US. */
  locale: string;
  attributes: Readonly<Record<string, string>>;
}

/** The unit id of a signed-in user, else of the visitor. */
export function assignmentUnitId(userId: number | null, visitorUuid: string): string {
  return userId === null ? `visitor:${visitorUuid}` : `user:${userId}`;
}

/**
 * The unit's bucket (0 to 9,999) for one purpose of one experiment. Traffic and variant use
 * separate purposes, so who takes part and which arm they get are independent draws.
 */
export function experimentBucket(salt: string, purpose: 'traffic' | 'variant', unitId: string): number {
  return murmurHash3(`${salt}:${purpose}:${unitId}`) % EXPERIMENT_BUCKETS;
}

/** Whether the unit meets every condition of the targeting. */
export function isTargeted(targeting: ExperimentTargeting, unit: AssignmentUnit): boolean {
  if (targeting.loggedIn !== undefined && targeting.loggedIn !== unit.loggedIn) return false;
  if (targeting.countries?.length && !targeting.countries.includes(unit.country)) return false;
  if (targeting.locales?.length) {
    const language = unit.locale.split('_')[0];
    if (!targeting.locales.some((locale) => locale === unit.locale || locale === language)) return false;
  }
  for (const [name, allowed] of Object.entries(targeting.attributes ?? {})) {
    const value = unit.attributes[name];
    if (value === undefined || !allowed.includes(value)) return false;
  }
  return true;
}

/**
 * The variant whose share of the buckets holds `bucket`. Shares follow the weights: with
 * weights 1 and 3 the first variant takes buckets 0–2,499 and the second 2,500–9,999.
 */
export function variantAt(variants: readonly ExperimentVariant[], bucket: number): ExperimentVariant | null {
  const total = variants.reduce((sum, variant) => sum + Math.max(0, variant.weight), 0);
  if (total <= 0) return null;
  const point = (bucket + 0.5) / EXPERIMENT_BUCKETS;
  let reached = 0;
  for (const variant of variants) {
    reached += Math.max(0, variant.weight) / total;
    if (point < reached) return variant;
  }
  return variants.findLast((variant) => variant.weight > 0) ?? null;
}

/**
 * Platform §3/§7: what the unit gets for a feature. In the experiment, the variant's
 * configuration with its key as `variant`; otherwise (no running experiment, not targeted,
 * outside the traffic) the experiment's default configuration, or {} when there is none.
 * Deterministic: the same unit, salt and definition always give the same answer.
 */
export function assignFeatureVariant(
  featureCode: string,
  experiment: RunningExperiment | undefined,
  unit: AssignmentUnit,
): FeatureVariantAssignment {
  const outside = (configuration: Record<string, unknown>): FeatureVariantAssignment => ({
    featureCode,
    configuration,
    isInExperiment: false,
    experimentIds: [],
  });
  if (!experiment) return outside({});
  if (!isTargeted(experiment.targeting, unit)) return outside(experiment.defaultConfiguration);
  if (experimentBucket(experiment.salt, 'traffic', unit.unitId) >= experiment.trafficBasisPoints) {
    return outside(experiment.defaultConfiguration);
  }
  const variant = variantAt(experiment.variants, experimentBucket(experiment.salt, 'variant', unit.unitId));
  if (!variant) return outside(experiment.defaultConfiguration);
  return {
    featureCode,
    configuration: { ...variant.configuration, variant: variant.key },
    isInExperiment: true,
    experimentIds: [experiment.id],
  };
}
