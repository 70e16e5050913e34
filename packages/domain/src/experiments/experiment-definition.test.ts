import { describe, expect, it } from 'vitest';
import { experimentInputSchema, trafficBasisPointsOf } from './experiment-definition.js';
import { isFeatureEnabled } from './feature-flags.js';

const valid = {
  featureCode: 'bnpl_payment_timeline',
  name: 'BNPL timeline',
  trafficPercent: 50,
  variants: [
    { key: 'control', weight: 1, configuration: {} },
    { key: 'default', weight: 1, configuration: { isEnabled: true } },
  ],
};

function fieldErrors(input: unknown): Record<string, string> {
  const result = experimentInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('experimentInputSchema', () => {
  it('accepts a definition and fills the optional parts', () => {
    expect(experimentInputSchema.parse(valid)).toEqual({
      ...valid,
      description: '',
      targeting: {},
      defaultConfiguration: {},
    });
  });

  it('names each bad field with a clear message', () => {
    expect(
      fieldErrors({
        ...valid,
        featureCode: 'Bad Code',
        trafficPercent: 101,
        targeting: { countries: ['usa'] },
        variants: [
          { key: 'a', weight: -1, configuration: {} },
          { key: 'a', weight: 1, configuration: [] },
        ],
      }),
    ).toEqual({
      featureCode: 'Use 2 to 64 lower-case letters, digits and underscores, starting with a letter.',
      trafficPercent: 'The share of traffic is 0 to 100.',
      'targeting.countries.0': 'A country is two capital letters (US, BR).',
      'variants.0.weight': 'The weight cannot be negative.',
      'variants.1.configuration': 'The configuration must be a JSON object.',
    });
  });

  it('refuses repeated variant keys, weights that are all zero, and three decimals of traffic', () => {
    expect(fieldErrors({ ...valid, variants: [valid.variants[0], valid.variants[0]] })).toEqual({
      'variants.1.key': 'Each variant needs its own key.',
    });
    expect(fieldErrors({ ...valid, variants: [{ key: 'a', weight: 0, configuration: {} }] })).toEqual({
      variants: 'At least one variant needs a weight above 0.',
    });
    expect(fieldErrors({ ...valid, trafficPercent: 12.345 })).toEqual({
      trafficPercent: 'Use at most two decimals.',
    });
    expect(fieldErrors({ ...valid, trafficPercent: 12.34 })).toEqual({});
  });

  it('keeps traffic in basis points', () => {
    expect(trafficBasisPointsOf(12.34)).toBe(1234);
    expect(trafficBasisPointsOf(100)).toBe(10_000);
    expect(trafficBasisPointsOf(0.01)).toBe(1);
  });
});

describe('isFeatureEnabled', () => {
  it('is on only when the assignment configuration says isEnabled: true', () => {
    const assignments = [
      { featureCode: 'a', configuration: { isEnabled: true } },
      { featureCode: 'b', configuration: { isEnabled: 'yes' } },
    ];
    expect(isFeatureEnabled(assignments, 'a')).toBe(true);
    expect(isFeatureEnabled(assignments, 'b')).toBe(false);
    expect(isFeatureEnabled(assignments, 'c')).toBe(false);
    expect(isFeatureEnabled(undefined, 'a')).toBe(false);
  });
});
