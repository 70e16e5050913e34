import { describe, expect, it } from 'vitest';
import type { FeatureVariantAssignment } from '../context/user-context.js';
import { featureExposure } from './feature-exposure.js';

const assignment = (overrides: Partial<FeatureVariantAssignment> = {}): FeatureVariantAssignment => ({
  featureCode: 'course_card_prefetch',
  configuration: { isEnabled: true, variant: 'prefetch' },
  isInExperiment: true,
  experimentIds: [12],
  ...overrides,
});

describe('featureExposure', () => {
  it("names the unit's variant and experiment", () => {
    expect(featureExposure([assignment()], 'course_card_prefetch')).toEqual({
      featureCode: 'course_card_prefetch',
      variant: 'prefetch',
      experimentId: 12,
    });
  });

  it('reports nothing outside a running experiment of the feature', () => {
    expect(featureExposure(undefined, 'course_card_prefetch')).toBeNull();
    expect(featureExposure([], 'course_card_prefetch')).toBeNull();
    expect(featureExposure([assignment()], 'auth_full_page_redirect')).toBeNull();
    // Not targeted or outside the traffic: the default configuration, no experiment.
    expect(
      featureExposure(
        [assignment({ isInExperiment: false, experimentIds: [], configuration: { isEnabled: false } })],
        'course_card_prefetch',
      ),
    ).toBeNull();
    expect(featureExposure([assignment({ experimentIds: [] })], 'course_card_prefetch')).toBeNull();
  });

  it('falls back to "default" for a missing variant key and shortens an overlong one', () => {
    expect(featureExposure([assignment({ configuration: {} })], 'course_card_prefetch')?.variant).toBe(
      'default',
    );
    const long = 'v'.repeat(80);
    expect(
      featureExposure([assignment({ configuration: { variant: long } })], 'course_card_prefetch')?.variant,
    ).toBe('v'.repeat(64));
  });
});
