import type { FeatureExposure } from '@lectern/domain';
import type { TrackerApi } from '../tracking/use-tracker';

/** The exposures this page has reported, by feature, experiment and variant. */
const reported = new Set<string>();

/**
 * Reports an exposure to a feature under experiment (the domain's `featureExposure`, null
 * outside any experiment of it) the first time the page uses the feature: the course cards use
 * theirs on every card, and the operator counts visitors, not cards. Another experiment or
 * variant (the app's user signed in meanwhile) is a new exposure. A report that consent held
 * back is tried again at the next use.
 */
export function reportExposureOnce(tracker: TrackerApi, exposure: FeatureExposure | null): void {
  if (!exposure) return;
  const key = `${exposure.featureCode}:${exposure.experimentId}:${exposure.variant}`;
  if (!reported.has(key) && tracker.track('ExperimentExposure', exposure)) reported.add(key);
}
