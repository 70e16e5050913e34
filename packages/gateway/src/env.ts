import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PUBLISHABLE_KEY, DEFAULT_SECRET_KEY, type SandboxOptions } from './sandbox.js';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const url = (name: string) =>
  z.url({ error: `${name} must be an absolute URL such as http://localhost:3001` });

/**
 * Environment of `npm run gateway` (the sandbox alone). The key variables are the server's,
 * so one environment configures both sides. SANDBOX_DATA_DIR is where the sandbox keeps its
 * state (relative to the working directory; empty for memory only).
 */
const envSchema = z.object({
  SANDBOX_PORT: z.coerce
    .number({ error: 'SANDBOX_PORT must be a number' })
    .int()
    .min(0, 'SANDBOX_PORT must be between 0 and 65535')
    .max(65535, 'SANDBOX_PORT must be between 0 and 65535')
    .default(3001),
  // Loopback unless told otherwise: its test cards and fault controls are for this machine.
  SANDBOX_HOST: z.string().trim().min(1, 'SANDBOX_HOST must not be empty').default('127.0.0.1'),
  PAYMENTS_PUBLIC_URL: url('PAYMENTS_PUBLIC_URL').optional(),
  PAYMENTS_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, 'PAYMENTS_SECRET_KEY must look like sk_test_…')
    .default(DEFAULT_SECRET_KEY),
  PAYMENTS_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'PAYMENTS_PUBLISHABLE_KEY must look like pk_test_…')
    .default(DEFAULT_PUBLISHABLE_KEY),
  PAYMENTS_WEBHOOK_SECRET: z
    .string()
    .min(8, 'PAYMENTS_WEBHOOK_SECRET is too short')
    .default('whsec_lectern_sandbox'),
  SANDBOX_WEBHOOK_URL: z
    .union([z.literal(''), url('SANDBOX_WEBHOOK_URL')])
    .default('http://localhost:3000/payment/webhooks/gateway/'),
  SANDBOX_APP_ORIGINS: z.string().default('http://localhost:3000'),
  // The server's DATA_DIR defaults to ./.data and keeps its in-process sandbox in
  // <DATA_DIR>/sandbox: run from the repository root, both find the same state.
  SANDBOX_DATA_DIR: z.string().default('./.data/sandbox'),
  LOG_LEVEL: z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}` }).default('info'),
});

export class SandboxConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'SandboxConfigError';
  }
}

export function sandboxOptionsFromEnv(env: Record<string, string | undefined>): SandboxOptions {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new SandboxConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const origins = e.SANDBOX_APP_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/]+$/.test(origin)) {
      throw new SandboxConfigError([
        `SANDBOX_APP_ORIGINS: "${origin}" is not an origin such as http://localhost:3000`,
      ]);
    }
  }
  return {
    port: e.SANDBOX_PORT,
    host: e.SANDBOX_HOST,
    publicUrl: e.PAYMENTS_PUBLIC_URL ?? `http://localhost:${e.SANDBOX_PORT}`,
    secretKey: e.PAYMENTS_SECRET_KEY,
    publishableKey: e.PAYMENTS_PUBLISHABLE_KEY,
    webhooks: e.SANDBOX_WEBHOOK_URL
      ? [{ url: e.SANDBOX_WEBHOOK_URL, secret: e.PAYMENTS_WEBHOOK_SECRET }]
      : [],
    appOrigins: origins,
    logger: { level: e.LOG_LEVEL },
    // Empty: in memory (forgotten at exit).
    ...(e.SANDBOX_DATA_DIR.trim() ? { stateDir: path.resolve(e.SANDBOX_DATA_DIR.trim()) } : {}),
  };
}
