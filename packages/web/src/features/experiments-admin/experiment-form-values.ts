import {
  experimentInputSchema,
  type ExperimentInput,
  type ExperimentSummary,
  type ExperimentTargeting,
} from '@lectern/domain';
import { z } from 'zod';

/** Who the experiment is for, as the form's select says it. */
export type Audience = 'anyone' | 'signedIn' | 'visitors';

/**
 * The form's own values: what an operator types (lists as comma-separated text, configurations
 * as JSON text), turned into an `ExperimentInput` and checked by the domain's schema.
 */
export interface ExperimentFormValues {
  featureCode: string;
  name: string;
  description: string;
  trafficPercent: string;
  targeting: { countries: string; locales: string; audience: Audience; attributes: string };
  defaultConfiguration: string;
  variants: { key: string; weight: string; configuration: string }[];
}

export const EMPTY_VARIANT = { key: '', weight: '1', configuration: '{}' } as const;

export const NEW_EXPERIMENT: ExperimentFormValues = {
  featureCode: '',
  name: '',
  description: '',
  trafficPercent: '100',
  targeting: { countries: '', locales: '', audience: 'anyone', attributes: '{}' },
  defaultConfiguration: '{}',
  variants: [
    { key: 'control', weight: '1', configuration: '{}' },
    { key: 'treatment', weight: '1', configuration: '{}' },
  ],
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The form's values for an experiment as the API answered it (to edit it). */
export function formValuesOf(experiment: ExperimentSummary): ExperimentFormValues {
  const { targeting } = experiment;
  return {
    featureCode: experiment.featureCode,
    name: experiment.name,
    description: experiment.description,
    trafficPercent: String(experiment.trafficPercent),
    targeting: {
      countries: (targeting.countries ?? []).join(', '),
      locales: (targeting.locales ?? []).join(', '),
      audience: targeting.loggedIn === undefined ? 'anyone' : targeting.loggedIn ? 'signedIn' : 'visitors',
      attributes: json(targeting.attributes ?? {}),
    },
    defaultConfiguration: json(experiment.defaultConfiguration),
    variants: experiment.variants.map((variant) => ({
      key: variant.key,
      weight: String(variant.weight),
      configuration: json(variant.configuration),
    })),
  };
}

const listOf = (text: string) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Reads the form's values into an experiment, each unreadable field named. */
export const experimentFormSchema = z
  .object({
    featureCode: z.string(),
    name: z.string(),
    description: z.string(),
    trafficPercent: z.string(),
    targeting: z.object({
      countries: z.string(),
      locales: z.string(),
      audience: z.enum(['anyone', 'signedIn', 'visitors']),
      attributes: z.string(),
    }),
    defaultConfiguration: z.string(),
    variants: z.array(z.object({ key: z.string(), weight: z.string(), configuration: z.string() })),
  })
  .transform((values, context) => {
    const readJson = (text: string, path: (string | number)[]): unknown => {
      try {
        return JSON.parse(text.trim() === '' ? '{}' : text);
      } catch {
        context.addIssue({ code: 'custom', path, message: 'This is not valid JSON.' });
        return {};
      }
    };
    const readNumber = (text: string, path: (string | number)[], message: string): number => {
      const value = Number(text.trim().replace(',', '.'));
      if (text.trim() === '' || !Number.isFinite(value)) context.addIssue({ code: 'custom', path, message });
      return value;
    };
    const targeting: ExperimentTargeting = {};
    const countries = listOf(values.targeting.countries).map((country) => country.toUpperCase());
    if (countries.length > 0) targeting.countries = countries;
    const locales = listOf(values.targeting.locales);
    if (locales.length > 0) targeting.locales = locales;
    if (values.targeting.audience !== 'anyone') targeting.loggedIn = values.targeting.audience === 'signedIn';
    const attributes = readJson(values.targeting.attributes, ['targeting', 'attributes']);
    if (attributes && typeof attributes === 'object' && Object.keys(attributes).length > 0) {
      targeting.attributes = attributes as Record<string, string[]>;
    }
    const read = {
      featureCode: values.featureCode,
      name: values.name,
      description: values.description,
      trafficPercent: readNumber(
        values.trafficPercent,
        ['trafficPercent'],
        'Enter the share of traffic, 0 to 100.',
      ),
      targeting,
      defaultConfiguration: readJson(values.defaultConfiguration, ['defaultConfiguration']),
      variants: values.variants.map((variant, index) => ({
        key: variant.key,
        weight: readNumber(variant.weight, ['variants', index, 'weight'], 'Enter a weight.'),
        configuration: readJson(variant.configuration, ['variants', index, 'configuration']),
      })),
    };
    // A field that could not be read is reported alone; the domain's rules then check the rest.
    if (context.issues.length > 0) return z.NEVER;
    const checked = experimentInputSchema.safeParse(read);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
    }
    return z.NEVER;
  }) satisfies z.ZodType<ExperimentInput, ExperimentFormValues>;
