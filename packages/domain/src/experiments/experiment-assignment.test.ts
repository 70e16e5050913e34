import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assignFeatureVariant,
  assignmentUnitId,
  isTargeted,
  variantAt,
  type AssignmentUnit,
  type RunningExperiment,
} from './experiment-assignment.js';

const experiment: RunningExperiment = {
  id: 7,
  featureCode: 'bnpl_payment_timeline',
  salt: 'c0ffee',
  trafficBasisPoints: 10_000,
  targeting: {},
  defaultConfiguration: { variant: 'default' },
  variants: [
    { key: 'control', weight: 1, configuration: { showTimeline: false } },
    { key: 'timeline', weight: 3, configuration: { showTimeline: true } },
  ],
};

const unit = (unitId: string, overrides: Partial<AssignmentUnit> = {}): AssignmentUnit => ({
  unitId,
  loggedIn: unitId.startsWith('user:'),
  country: 'US',
  locale: 'en_US',
  attributes: {},
  ...overrides,
});

function shares(definition: RunningExperiment, units: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let index = 0; index < units; index += 1) {
    const assignment = assignFeatureVariant(definition.featureCode, definition, unit(`visitor:${index}`));
    const key = assignment.isInExperiment ? String(assignment.configuration.variant) : 'outside';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).map(([key, count]) => [key, count / units]));
}

describe('assignFeatureVariant', () => {
  it('splits 100,000 units within 1% of the weights', () => {
    const split = shares(experiment, 100_000);
    expect(split.control).toBeGreaterThan(0.24);
    expect(split.control).toBeLessThan(0.26);
    expect(split.timeline).toBeGreaterThan(0.74);
    expect(split.timeline).toBeLessThan(0.76);
  });

  it('takes the traffic share into the experiment and gives the rest the default', () => {
    const split = shares({ ...experiment, trafficBasisPoints: 2_000 }, 100_000);
    expect(split.outside).toBeGreaterThan(0.79);
    expect(split.outside).toBeLessThan(0.81);
    expect(split.control! + split.timeline!).toBeGreaterThan(0.19);
    expect(split.timeline! / (split.control! + split.timeline!)).toBeCloseTo(0.75, 1);
    const outside = assignFeatureVariant(
      'bnpl_payment_timeline',
      { ...experiment, trafficBasisPoints: 0 },
      unit('user:1'),
    );
    expect(outside).toEqual({
      featureCode: 'bnpl_payment_timeline',
      configuration: { variant: 'default' },
      isInExperiment: false,
      experimentIds: [],
    });
  });

  it('gives a unit the same variant every time, whatever else it says about itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom('US', 'BR', 'JP'),
        (id, country) => {
          const first = assignFeatureVariant('f', experiment, unit(`user:${id}`));
          const again = assignFeatureVariant('f', experiment, unit(`user:${id}`, { country }));
          expect(again).toEqual(first);
        },
      ),
    );
  });

  it('answers the variant configuration with the variant key and the experiment id', () => {
    const assignment = assignFeatureVariant('bnpl_payment_timeline', experiment, unit('user:42'));
    expect(assignment.isInExperiment).toBe(true);
    expect(assignment.experimentIds).toEqual([7]);
    expect(['control', 'timeline']).toContain(assignment.configuration.variant);
    expect(assignment.configuration.showTimeline).toBe(assignment.configuration.variant === 'timeline');
  });

  it('reshuffles the units when the salt changes', () => {
    const variants = (salt: string) =>
      Array.from(
        { length: 200 },
        (_, index) =>
          assignFeatureVariant('f', { ...experiment, salt }, unit(`user:${index}`)).configuration.variant,
      );
    expect(variants('one')).not.toEqual(variants('two'));
  });

  it('answers an empty configuration when no experiment runs for the feature', () => {
    expect(assignFeatureVariant('unknown', undefined, unit('visitor:x'))).toEqual({
      featureCode: 'unknown',
      configuration: {},
      isInExperiment: false,
      experimentIds: [],
    });
  });

  it('keeps units that are not targeted out of the experiment', () => {
    const targeted = { ...experiment, targeting: { countries: ['BR'] } };
    expect(assignFeatureVariant('f', targeted, unit('user:1')).isInExperiment).toBe(false);
    expect(assignFeatureVariant('f', targeted, unit('user:1', { country: 'BR' })).isInExperiment).toBe(true);
  });
});

describe('isTargeted', () => {
  it('checks sign-in, country, locale or language, and every attribute', () => {
    const visitor = unit('visitor:a', { locale: 'pt_BR', country: 'BR', attributes: { plan: 'free' } });
    expect(isTargeted({}, visitor)).toBe(true);
    expect(isTargeted({ loggedIn: true }, visitor)).toBe(false);
    expect(isTargeted({ loggedIn: false }, visitor)).toBe(true);
    expect(isTargeted({ locales: ['pt'] }, visitor)).toBe(true);
    expect(isTargeted({ locales: ['pt_BR'] }, visitor)).toBe(true);
    expect(isTargeted({ locales: ['es'] }, visitor)).toBe(false);
    expect(isTargeted({ countries: ['US', 'BR'] }, visitor)).toBe(true);
    expect(isTargeted({ attributes: { plan: ['free', 'trial'] } }, visitor)).toBe(true);
    expect(isTargeted({ attributes: { plan: ['paid'] } }, visitor)).toBe(false);
    expect(isTargeted({ attributes: { device: ['ios'] } }, visitor)).toBe(false);
  });
});

describe('variantAt', () => {
  it('gives each variant the buckets of its weight, and none to a zero weight', () => {
    const variants = [
      { key: 'a', weight: 1, configuration: {} },
      { key: 'off', weight: 0, configuration: {} },
      { key: 'b', weight: 1, configuration: {} },
    ];
    expect(variantAt(variants, 0)?.key).toBe('a');
    expect(variantAt(variants, 4_999)?.key).toBe('a');
    expect(variantAt(variants, 5_000)?.key).toBe('b');
    expect(variantAt(variants, 9_999)?.key).toBe('b');
    expect(variantAt([{ key: 'x', weight: 0, configuration: {} }], 10)).toBeNull();
  });
});

describe('assignmentUnitId', () => {
  it('uses the user id when signed in, so every device gets the same variant', () => {
    expect(assignmentUnitId(12, 'abc')).toBe('user:12');
    expect(assignmentUnitId(null, 'abc')).toBe('visitor:abc');
  });
});
