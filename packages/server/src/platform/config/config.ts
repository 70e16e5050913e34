import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment variables the server reads. Validated once at boot; nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int()
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'DATABASE_URL must start with postgres:// or postgresql://',
    }),
  BRAND_NAME: z.string().trim().min(1, 'BRAND_NAME must not be empty').max(60).default('Lectern'),
  LOG_LEVEL: z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}` }).optional(),
  PUBLIC_URL: z
    .url({ error: 'PUBLIC_URL must be an absolute URL such as https://learn.example.com' })
    .optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type Environment = z.infer<typeof envSchema>['NODE_ENV'];

export interface AppConfig {
  env: Environment;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  brandName: string;
  logLevel: (typeof logLevels)[number];
  publicUrl: string;
  webDistDir: string;
  /** Demo data is seeded into an empty database everywhere except production. */
  seedDemoData: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

const defaultWebDistDir = path.resolve(import.meta.dirname, '../../../../web/dist');

/**
 * Reads the configuration from environment variables, failing fast with every problem
 * named. `overrides` lets tests and tools set values without touching process.env;
 * `dataDir: null` for PGlite means an in-memory database.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    brandName: e.BRAND_NAME,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDistDir,
    seedDemoData: !isProduction,
    ...overrides,
  };
}
