import { z } from 'zod';

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/** At most this many variants per experiment; each needs enough traffic to tell apart. */
export const MAX_EXPERIMENT_VARIANTS = 8;

const code = z
  .string({ error: 'Enter a feature code.' })
  .trim()
  .regex(
    /^[a-z][a-z0-9_]{1,63}$/,
    'Use 2 to 64 lower-case letters, digits and underscores, starting with a letter.',
  );

const configuration = z
  .record(z.string().max(64), z.unknown(), {
    error: 'The configuration must be a JSON object.',
  })
  .refine(
    (value) => JSON.stringify(value).length <= 4_000,
    'The configuration is too long (at most 4,000 characters of JSON).',
  );

const variant = z.strictObject({
  key: z
    .string({ error: 'Enter the variant key.' })
    .trim()
    .regex(
      /^[a-z][a-z0-9_-]{0,31}$/,
      'Use up to 32 lower-case letters, digits, _ and -, starting with a letter.',
    ),
  weight: z
    .number({ error: 'Enter a weight.' })
    .int('The weight is a whole number.')
    .min(0, 'The weight cannot be negative.')
    .max(10_000, 'The weight is at most 10,000.'),
  configuration,
});

const list = (what: string, item: z.ZodType<string>) =>
  z.array(item, { error: `List the ${what}.` }).max(250, `List at most 250 ${what}.`);

const targeting = z.strictObject({
  countries: list(
    'countries',
    z.string().regex(/^[A-Z]{2}$/, 'A country is two capital letters (US, BR).'),
  ).optional(),
  locales: list(
    'locales',
    z.string().regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'A locale is like en or pt_BR.'),
  ).optional(),
  loggedIn: z.boolean().optional(),
  attributes: z.record(z.string().min(1).max(64), list('values', z.string().min(1).max(128))).optional(),
});

/**
 * An experiment as an operator writes it (`POST` and `PUT /api-2.0/admin/experiments/`), shared
 * by the admin page's form and the server. Traffic is a percentage with two decimals, kept in
 * basis points.
 */
export const experimentInputSchema = z
  .strictObject({
    featureCode: code,
    name: z
      .string({ error: 'Enter a name.' })
      .trim()
      .min(1, 'Enter a name.')
      .max(120, 'The name is at most 120 characters.'),
    description: z.string().trim().max(2_000, 'The description is at most 2,000 characters.').default(''),
    trafficPercent: z
      .number({ error: 'Enter the share of traffic, 0 to 100.' })
      .min(0, 'The share of traffic is 0 to 100.')
      .max(100, 'The share of traffic is 0 to 100.')
      .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'Use at most two decimals.'),
    targeting: targeting.default({}),
    defaultConfiguration: configuration.default({}),
    variants: z
      .array(variant, { error: 'Add the variants.' })
      .min(1, 'Add at least one variant.')
      .max(MAX_EXPERIMENT_VARIANTS, `At most ${MAX_EXPERIMENT_VARIANTS} variants.`),
  })
  .superRefine((input, context) => {
    const keys = new Set<string>();
    input.variants.forEach((entry, index) => {
      if (keys.has(entry.key)) {
        context.addIssue({
          code: 'custom',
          path: ['variants', index, 'key'],
          message: 'Each variant needs its own key.',
        });
      }
      keys.add(entry.key);
    });
    if (input.variants.every((entry) => entry.weight === 0)) {
      context.addIssue({
        code: 'custom',
        path: ['variants'],
        message: 'At least one variant needs a weight above 0.',
      });
    }
  });
export type ExperimentInput = z.infer<typeof experimentInputSchema>;

/** Basis points (0–10,000) of a traffic percentage. */
export function trafficBasisPointsOf(percent: number): number {
  return Math.round(percent * 100);
}

/** One experiment as the admin API answers it. */
export interface ExperimentSummary {
  id: number;
  featureCode: string;
  name: string;
  description: string;
  status: ExperimentStatus;
  trafficPercent: number;
  targeting: z.infer<typeof targeting>;
  defaultConfiguration: Record<string, unknown>;
  variants: { key: string; weight: number; configuration: Record<string, unknown> }[];
  startedAt: string | null;
  stoppedAt: string | null;
  updatedAt: string;
  /** Distinct units that reported an exposure to each variant since the experiment started. */
  exposures: Record<string, number>;
}
