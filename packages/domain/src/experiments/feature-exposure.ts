import type { FeatureVariantAssignment } from '../context/user-context.js';

/** What an `ExperimentExposure` event says about one feature. */
export interface FeatureExposure {
  featureCode: string;
  variant: string;
  experimentId: number;
}

/** The tracking registry's limit on a variant key (`ExperimentExposure.variant`). */
const VARIANT_MAX_LENGTH = 64;

/**
 * The exposure to report when a feature is used, or null when there is none to report: the
 * unit takes part in no running experiment of it (not targeted, outside the traffic, or no
 * experiment running). The operator's page counts exposures per experiment id only, so an
 * event without one would be traffic nobody reads; for a page-wide feature such as the course
 * cards that would be an event on every page view of every visitor.
 */
export function featureExposure(
  assignments: readonly FeatureVariantAssignment[] | undefined,
  featureCode: string,
): FeatureExposure | null {
  const assignment = assignments?.find((entry) => entry.featureCode === featureCode);
  const experimentId = assignment?.experimentIds[0];
  if (!assignment?.isInExperiment || experimentId === undefined) return null;
  // In an experiment the configuration carries the variant's key (experiment-assignment.ts).
  const variant = assignment.configuration.variant;
  return {
    featureCode,
    variant: typeof variant === 'string' && variant !== '' ? variant.slice(0, VARIANT_MAX_LENGTH) : 'default',
    experimentId,
  };
}
