import { describe, expect, it } from 'vitest';
import {
  experimentFormSchema,
  formValuesOf,
  NEW_EXPERIMENT,
  type ExperimentFormValues,
} from './experiment-form-values';

const filled: ExperimentFormValues = {
  ...NEW_EXPERIMENT,
  featureCode: 'course_cards_open_in_new_tab',
  name: 'New tab',
  trafficPercent: '12,5',
  targeting: {
    countries: 'us, br',
    locales: 'pt_BR',
    audience: 'visitors',
    attributes: '{"device": ["ios"]}',
  },
  variants: [
    { key: 'control', weight: '1', configuration: '{"isEnabled": false}' },
    { key: 'new_tab', weight: '3', configuration: '{"isEnabled": true}' },
  ],
};

function errorsOf(values: ExperimentFormValues): Record<string, string> {
  const result = experimentFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('experimentFormSchema', () => {
  it('reads lists, JSON and numbers into the experiment the API takes', () => {
    expect(experimentFormSchema.parse(filled)).toEqual({
      featureCode: 'course_cards_open_in_new_tab',
      name: 'New tab',
      description: '',
      trafficPercent: 12.5,
      targeting: {
        countries: ['US', 'BR'],
        locales: ['pt_BR'],
        loggedIn: false,
        attributes: { device: ['ios'] },
      },
      defaultConfiguration: {},
      variants: [
        { key: 'control', weight: 1, configuration: { isEnabled: false } },
        { key: 'new_tab', weight: 3, configuration: { isEnabled: true } },
      ],
    });
  });

  it('names the field that is not JSON or not a number, and the domain’s rules apply after', () => {
    expect(
      errorsOf({
        ...filled,
        trafficPercent: 'lots',
        variants: [{ key: 'control', weight: '1', configuration: '{isEnabled: true' }],
      }),
    ).toEqual({
      trafficPercent: 'Enter the share of traffic, 0 to 100.',
      'variants.0.configuration': 'This is not valid JSON.',
    });
    expect(errorsOf({ ...filled, featureCode: 'New Tab' })).toEqual({
      featureCode: 'Use 2 to 64 lower-case letters, digits and underscores, starting with a letter.',
    });
  });

  it('gives back the form an experiment was made from', () => {
    const input = experimentFormSchema.parse(filled);
    const values = formValuesOf({
      ...input,
      id: 1,
      status: 'draft',
      startedAt: null,
      stoppedAt: null,
      updatedAt: '2026-11-27T00:00:00.000Z',
      exposures: {},
    });
    expect(experimentFormSchema.parse(values)).toEqual(input);
  });
});
