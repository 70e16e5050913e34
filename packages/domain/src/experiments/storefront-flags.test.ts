import { describe, expect, it } from 'vitest';
import type { FeatureVariantAssignment } from '../context/user-context.js';
import { DELAY_QUICK_VIEW_FEATURE, QUICK_VIEW_DELAY_MS, quickViewDelayMs } from './storefront-flags.js';

const delay = (configuration: Record<string, unknown>): FeatureVariantAssignment[] => [
  { featureCode: DELAY_QUICK_VIEW_FEATURE, configuration, isInExperiment: true, experimentIds: [3] },
];

describe('quickViewDelayMs', () => {
  it('waits the ordinary delay when the feature is off or untested', () => {
    expect(quickViewDelayMs(undefined)).toBe(QUICK_VIEW_DELAY_MS.default);
    expect(quickViewDelayMs([])).toBe(QUICK_VIEW_DELAY_MS.default);
    expect(quickViewDelayMs(delay({}))).toBe(QUICK_VIEW_DELAY_MS.default);
    expect(quickViewDelayMs(delay({ isEnabled: false, delayMs: 2_000 }))).toBe(QUICK_VIEW_DELAY_MS.default);
    // "true" typed as a string is not on (isFeatureEnabled reads it the same way).
    expect(quickViewDelayMs(delay({ isEnabled: 'true' }))).toBe(QUICK_VIEW_DELAY_MS.default);
  });

  it('waits longer when it is on, as long as the configuration says, within bounds', () => {
    expect(QUICK_VIEW_DELAY_MS.delayed).toBeGreaterThan(QUICK_VIEW_DELAY_MS.default);
    expect(quickViewDelayMs(delay({ isEnabled: true }))).toBe(QUICK_VIEW_DELAY_MS.delayed);
    expect(quickViewDelayMs(delay({ isEnabled: true, delayMs: 650 }))).toBe(650);
    expect(quickViewDelayMs(delay({ isEnabled: true, delayMs: 650.4 }))).toBe(650);
    expect(quickViewDelayMs(delay({ isEnabled: true, delayMs: QUICK_VIEW_DELAY_MS.min }))).toBe(
      QUICK_VIEW_DELAY_MS.min,
    );
    expect(quickViewDelayMs(delay({ isEnabled: true, delayMs: QUICK_VIEW_DELAY_MS.max }))).toBe(
      QUICK_VIEW_DELAY_MS.max,
    );
  });

  it('falls back to the longer delay for a configured delay it cannot use', () => {
    for (const delayMs of ['800', 0, 99, 5_001, Number.NaN, Number.POSITIVE_INFINITY, null, {}]) {
      expect(quickViewDelayMs(delay({ isEnabled: true, delayMs })), String(delayMs)).toBe(
        QUICK_VIEW_DELAY_MS.delayed,
      );
    }
  });

  it('reads only its own feature', () => {
    const other: FeatureVariantAssignment = {
      featureCode: 'course_card_prefetch',
      configuration: { isEnabled: true, delayMs: 2_000 },
      isInExperiment: true,
      experimentIds: [4],
    };
    expect(quickViewDelayMs([other])).toBe(QUICK_VIEW_DELAY_MS.default);
  });
});
