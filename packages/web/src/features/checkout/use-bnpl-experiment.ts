import { BNPL_TIMELINE_FEATURE, type CheckoutItemData, type ExperimentInfo } from '@lectern/domain';
import { useEffect, useRef } from 'react';
import { useTracker } from '../tracking/use-tracker';
import { checkoutBuyables } from '../tracking/checkout-events';
import { isBnplKind, type MethodKind } from './payment-methods';

/**
 * Checkout §2/§4: the buy-now-pay-later payment timeline is an experiment, exposed when the
 * buyer selects either BNPL method. Its variant comes from the user context's assignments
 * (`configuration.variant`); with no assignment the feature is on ('default').
 */
export const BNPL_EXPERIMENT = {
  featureCode: BNPL_TIMELINE_FEATURE,
  /** Checkout §9: tracking tags use the 'pay' experiment key. */
  variantsKey: 'pay',
  /** The variant without the feature (no timeline). */
  control: 'control',
  default: 'default',
} as const;

const timelineAssignment = (experiment: ExperimentInfo | undefined) =>
  experiment?.assignments.find((entry) => entry.featureCode === BNPL_EXPERIMENT.featureCode);

/** The buyer's variant of the timeline experiment. */
export function bnplTimelineVariant(experiment: ExperimentInfo | undefined): string {
  const assignment = timelineAssignment(experiment);
  const variant = assignment?.isInExperiment ? assignment.configuration.variant : undefined;
  return typeof variant === 'string' && variant !== '' ? variant.slice(0, 64) : BNPL_EXPERIMENT.default;
}

/** The running timeline experiment the buyer takes part in, or null (its exposures are counted per experiment). */
export function bnplExperimentId(experiment: ExperimentInfo | undefined): number | null {
  const assignment = timelineAssignment(experiment);
  return assignment?.isInExperiment ? (assignment.experimentIds[0] ?? null) : null;
}

/** Checkout §2: the address-based form shows the timeline when its experiment is on. */
export function isBnplTimelineShown(variant: string): boolean {
  return variant !== BNPL_EXPERIMENT.control;
}

/**
 * Publishes the experiment exposure once per checkout page, when a BNPL method is first
 * selected (checkout §4).
 */
export function useBnplExposure(
  kind: MethodKind | null,
  methodType: string | null,
  variant: string,
  items: readonly CheckoutItemData[],
  experimentId: number | null,
): void {
  const { track } = useTracker();
  const exposed = useRef(false);
  useEffect(() => {
    if (exposed.current || !isBnplKind(kind) || !methodType) return;
    exposed.current = true;
    track('ExperimentExposure', {
      featureCode: BNPL_EXPERIMENT.featureCode,
      variant,
      paymentMethod: methodType,
      buyables: checkoutBuyables(items),
      experimentVariants: { [BNPL_EXPERIMENT.variantsKey]: variant },
      ...(experimentId === null ? {} : { experimentId }),
    });
  }, [kind, methodType, variant, items, experimentId, track]);
}
