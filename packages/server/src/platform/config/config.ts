import { isIP } from 'node:net';
import path from 'node:path';
import { parseQueryBoolean } from '@lectern/domain';
import { z } from 'zod';
import { FAULT_POINTS, type FaultPoint } from '../faults/fault-points.js';

/** An IP address or a CIDR range (IPv4 or IPv6). */
function isProxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.trim().split('/');
  if (rest.length > 0 || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  const size = Number(bits);
  return /^\d{1,3}$/.test(bits) && size <= (version === 4 ? 32 : 128);
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** TAX_PROVIDER: the built-in rates table, or an external service speaking Stripe Tax's API. */
export const TAX_PROVIDERS = ['table', 'stripe_tax'] as const;

/** The sandbox payment provider's well-known keys: fine on a laptop, refused in production. */
export const SANDBOX_KEYS = {
  secretKey: 'sk_test_lectern_sandbox',
  publishableKey: 'pk_test_lectern_sandbox',
  webhookSecret: 'whsec_lectern_sandbox',
} as const;

/** Signs CSRF tokens on a laptop; production refuses it (SECRET_KEY). */
export const DEVELOPMENT_SECRET_KEY = 'lectern-development-secret-not-for-production';

/**
 * An on/off switch read with the boolean words of platform §5 (0, 1, true, false, on, off,
 * enabled, disabled; any case), so a flag reads the same in the environment as in a query.
 */
const envFlag = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined || value.trim() === '' || parseQueryBoolean(value) !== undefined, {
      message: `${name} must be one of 0, 1, true, false, on, off, enabled, disabled`,
    })
    .transform((value) => parseQueryBoolean(value) ?? fallback);

/** Environment variables the server reads. Validated once at boot; nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      error: 'NODE_ENV must be one of development, test, production',
    })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int()
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Back office exports of more rows than this are written by a job and mailed as a link. */
  EXPORT_MAIL_THRESHOLD_ROWS: z.coerce
    .number({ error: 'EXPORT_MAIL_THRESHOLD_ROWS must be a whole number of rows' })
    .int('EXPORT_MAIL_THRESHOLD_ROWS must be a whole number of rows')
    .min(1, 'EXPORT_MAIL_THRESHOLD_ROWS must be at least 1')
    .default(50_000),
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
  SANDBOX_PORT: z.coerce
    .number({ error: 'SANDBOX_PORT must be a number' })
    .int()
    .min(0, 'SANDBOX_PORT must be between 0 and 65535')
    .max(65535, 'SANDBOX_PORT must be between 0 and 65535')
    .default(3001),
  /**
   * The in-process sandbox's interface: loopback by default, so its test cards and fault
   * controls are not offered to the network; `0.0.0.0` where browsers reach it from elsewhere.
   */
  SANDBOX_HOST: z.string().trim().min(1, 'SANDBOX_HOST must not be empty').default('127.0.0.1'),
  PAYMENTS_API_URL: z
    .url({ error: 'PAYMENTS_API_URL must be an absolute URL such as https://api.stripe.com' })
    .refine((value) => /^https?:\/\/[^/]+\/?$/.test(value), {
      message: 'PAYMENTS_API_URL must be an http(s) origin without a path, such as https://api.stripe.com',
    })
    .optional(),
  PAYMENTS_SECRET_KEY: z
    .string()
    .trim()
    .min(1, 'PAYMENTS_SECRET_KEY must not be empty')
    .default(SANDBOX_KEYS.secretKey),
  PAYMENTS_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .min(1, 'PAYMENTS_PUBLISHABLE_KEY must not be empty')
    .default(SANDBOX_KEYS.publishableKey),
  PAYMENTS_WEBHOOK_SECRET: z
    .string()
    .trim()
    .min(1, 'PAYMENTS_WEBHOOK_SECRET must not be empty')
    .default(SANDBOX_KEYS.webhookSecret),
  PAYMENTS_PUBLIC_URL: z
    .url({ error: 'PAYMENTS_PUBLIC_URL must be an absolute URL such as http://localhost:3001' })
    .optional(),
  /** Who decides the tax of a sale: Lectern's rates table, or a service speaking Stripe Tax's API. */
  TAX_PROVIDER: z
    .enum(TAX_PROVIDERS, { error: `TAX_PROVIDER must be one of ${TAX_PROVIDERS.join(', ')}` })
    .default('table'),
  TAX_SERVICE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^https?:\/\/[^/\s]+(\/\S*)?$/.test(value), {
      message: 'TAX_SERVICE_URL must be an absolute http(s) URL such as https://api.stripe.com',
    }),
  TAX_SERVICE_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** The seller's country: a business buyer there pays tax as anyone (no reverse charge). */
  SELLER_COUNTRY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.toUpperCase() : undefined))
    .refine((value) => value === undefined || /^[A-Z]{2}$/.test(value), {
      message: 'SELLER_COUNTRY must be a two-letter country code such as US',
    }),
  /**
   * Countries that tax foreign sellers only above a sales threshold, where the operator is
   * registered: `all` (the default) or a comma-separated list such as `AU,NZ,CH`.
   */
  TAX_REGISTERED_COUNTRIES: z
    .string()
    .trim()
    .default('all')
    .transform((value) =>
      value.toLowerCase() === 'all'
        ? ('all' as const)
        : value
            .split(',')
            .map((code) => code.trim().toUpperCase())
            .filter(Boolean),
    )
    .refine((value) => value === 'all' || value.every((code) => /^[A-Z]{2}$/.test(code)), {
      message: 'TAX_REGISTERED_COUNTRIES must be all, or two-letter country codes separated by commas',
    }),
  TAX_SERVICE_TIMEOUT_MS: z.coerce
    .number({ error: 'TAX_SERVICE_TIMEOUT_MS must be a number of milliseconds' })
    .int('TAX_SERVICE_TIMEOUT_MS must be a whole number of milliseconds')
    .min(100, 'TAX_SERVICE_TIMEOUT_MS must be between 100 and 10000')
    .max(10_000, 'TAX_SERVICE_TIMEOUT_MS must be between 100 and 10000')
    .default(2000),
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: 'PAGE_CACHE_SECONDS must be a number of seconds' })
    .int('PAGE_CACHE_SECONDS must be a whole number of seconds')
    .min(0, 'PAGE_CACHE_SECONDS must be between 0 and 3600')
    .max(3600, 'PAGE_CACHE_SECONDS must be between 0 and 3600')
    .default(60),
  EXTERNAL_SOURCES_ENABLED: envFlag('EXTERNAL_SOURCES_ENABLED', true),
  THIRD_PARTY_MARKETING_ENABLED: envFlag('THIRD_PARTY_MARKETING_ENABLED', false),
  METRICS_PORT: z.coerce
    .number({ error: 'METRICS_PORT must be a number' })
    .int()
    .min(0, 'METRICS_PORT must be between 0 and 65535')
    .max(65535, 'METRICS_PORT must be between 0 and 65535')
    .optional(),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 16, {
      message: 'METRICS_TOKEN must be at least 16 characters',
    }),
  /** Where mail goes (smtp:// or smtps://); unset, mails stay in the outbox (the developer mailbox). */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
      message: 'SMTP_URL must start with smtp:// or smtps://',
    }),
  /** The address mails come from. */
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** The seller named on receipts (team-plan §2 "Receipt screen"); default the brand name. */
  SELLER_NAME: z
    .string()
    .trim()
    .max(200, 'SELLER_NAME must be at most 200 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** The seller's postal address on receipts: one string, lines separated by commas or newlines. */
  SELLER_ADDRESS: z
    .string()
    .trim()
    .max(500, 'SELLER_ADDRESS must be at most 500 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** The seller's tax id (VAT, EIN…) on receipts. */
  SELLER_TAX_ID: z
    .string()
    .trim()
    .max(50, 'SELLER_TAX_ID must be at most 50 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Where customers write for help (receipts' 'Request change' and support contact). */
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z.email({ error: 'SUPPORT_EMAIL must be an e-mail address such as support@example.com' }).optional(),
    ),
  SECRET_KEY: z
    .string()
    .trim()
    .min(32, 'SECRET_KEY must be at least 32 characters (e.g. openssl rand -hex 32)')
    .default(DEVELOPMENT_SECRET_KEY),
  /**
   * The proxies whose X-Forwarded-For is believed: a hop count (`1`) or a comma-separated
   * list of addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8`). Unset: none, the socket's
   * address is the client's (a spoofed header changes nothing).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || /^\d{1,2}$/.test(value) || value.split(',').every(isProxyAddress),
      {
        message: 'TRUST_PROXY must be a hop count or a comma-separated list of IP addresses or CIDR ranges',
      },
    ),
  /**
   * Accounts one address may make in an hour (signups and guest checkouts). An operator whose
   * buyers share addresses (a campus behind one NAT) raises it; so do the browser tests, which
   * all come from 127.0.0.1.
   */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce
    .number({ error: 'SIGNUPS_PER_ADDRESS_PER_HOUR must be a number' })
    .int('SIGNUPS_PER_ADDRESS_PER_HOUR must be a whole number')
    .min(1, 'SIGNUPS_PER_ADDRESS_PER_HOUR must be between 1 and 100000')
    .max(100_000, 'SIGNUPS_PER_ADDRESS_PER_HOUR must be between 1 and 100000')
    .default(20),
  TRACKING_RETENTION_DAYS: z.coerce
    .number({ error: 'TRACKING_RETENTION_DAYS must be a number of days' })
    .int('TRACKING_RETENTION_DAYS must be a whole number of days')
    .min(1, 'TRACKING_RETENTION_DAYS must be between 1 and 3650')
    .max(3650, 'TRACKING_RETENTION_DAYS must be between 1 and 3650')
    .default(90),
  /** How long a claimed job may run before another instance takes it over (its instance died). */
  JOB_LEASE_SECONDS: z.coerce
    .number({ error: 'JOB_LEASE_SECONDS must be a number of seconds' })
    .int()
    .min(1, 'JOB_LEASE_SECONDS must be between 1 and 3600')
    .max(3600, 'JOB_LEASE_SECONDS must be between 1 and 3600')
    .default(60),
  RECONCILE_AFTER_SECONDS: z.coerce
    .number({ error: 'RECONCILE_AFTER_SECONDS must be a number of seconds' })
    .int()
    .min(1, 'RECONCILE_AFTER_SECONDS must be between 1 and 86400')
    .max(86_400, 'RECONCILE_AFTER_SECONDS must be between 1 and 86400')
    .default(300),
  /** Test-only: kill the process at this point (crash tests); refused in production. */
  LECTERN_CRASH_AT: z
    .enum(FAULT_POINTS, { error: `LECTERN_CRASH_AT must be one of ${FAULT_POINTS.join(', ')}` })
    .optional(),
});

export type Environment = z.infer<typeof envSchema>['NODE_ENV'];

export interface AppConfig {
  env: Environment;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Exports of more rows than this are mailed as a link (EXPORT_MAIL_THRESHOLD_ROWS). */
  exportMailThresholdRows: number;
  database:
    | {
        kind: 'pglite';
        dataDir: string | null;
        /** In memory only: start from this dump of a data directory (tests: a migrated, seeded template). */
        template?: Blob;
      }
    | { kind: 'postgres'; url: string };
  brandName: string;
  logLevel: (typeof logLevels)[number];
  publicUrl: string;
  webDistDir: string;
  /** How long an anonymous public page is shared between visitors who send nothing personal (0: never). */
  pageCacheSeconds: number;
  /** Demo data is seeded into an empty database everywhere except production. */
  seedDemoData: boolean;
  payments: PaymentsConfig;
  tax: TaxProviderConfig;
  thirdParty: ThirdPartyConfig;
  /** Test-only crash point (platform/faults); null everywhere else. */
  crashAt: FaultPoint | null;
  /** Where `/metrics` is served: a port of its own, and/or the public port with a bearer token. */
  metrics: { port: number | null; token: string | null };
  /** How long a payment attempt may stay open before reconciliation asks the provider. */
  reconcileAfterMs: number;
  /** How long a claimed job may run before another instance takes it over. */
  jobLeaseMs: number;
  /** Signs CSRF tokens; the same on every instance. */
  secretKey: string;
  /** Outgoing mail: the SMTP server (null: mails stay in the outbox) and the sender. */
  mail: { smtpUrl: string | null; from: string };
  /** Who sells, as receipts name them: unset address and tax id are omitted (null). */
  seller: SellerConfig;
  /** How long collected events are kept before the purge job deletes them. */
  trackingRetentionDays: number;
  /** Accounts one address may make in an hour. */
  signupsPerAddressPerHour: number;
  /** Whose X-Forwarded-For is believed: nobody, the nearest `hops` proxies, or these addresses and ranges. */
  trustProxy: false | { hops: number } | string[];
}

/**
 * Platform §5/§7: whether the browser may load third-party scripts at all (external sources:
 * sharing, session replay, the card provider's script, support chat…) and, on top of that,
 * marketing ones (social network SDKs, tag manager). Handed to the browser in the user
 * context's `Config.third_party`.
 */
export interface ThirdPartyConfig {
  externalSourcesEnabled: boolean;
  thirdPartyMarketingEnabled: boolean;
}

/** The seller block of receipts (team-plan §2 "Receipt screen"). */
export interface SellerConfig {
  name: string;
  address: string | null;
  taxId: string | null;
  supportEmail: string;
}

/**
 * Outside production an unset seller address and tax id fall back to these clearly fictional
 * values, so a demo receipt shows the whole block; production omits what is not configured.
 */
export const DEMO_SELLER = {
  address: '100 Example Street, Seattle, WA 98101, United States',
  taxId: 'US 00-0000000',
  country: 'US',
} as const;

export interface PaymentsConfig {
  /** The provider's API origin the server's SDK talks to. */
  apiUrl: string;
  /** Run the sandbox in this process on this port and interface (null: PAYMENTS_API_URL points elsewhere). */
  sandbox: { port: number; host: string } | null;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where browsers reach the provider (its SDK and hosted pages). */
  publicUrl: string;
}

/**
 * Where the tax of a sale comes from (modules/tax). With `stripe_tax` the service is the
 * payment provider's API unless TAX_SERVICE_URL says otherwise: Stripe serves Stripe Tax on
 * its payments API, and the in-process sandbox answers tax calculations from its sandbox rates.
 */
export interface TaxProviderConfig {
  provider: (typeof TAX_PROVIDERS)[number];
  /** The tax service's API base; null: the payment provider's (`payments.apiUrl`). */
  serviceUrl: string | null;
  /** Its API key; null: the payment provider's secret key (`payments.secretKey`). */
  serviceKey: string | null;
  /** How long one tax calculation may take before the service counts as unavailable. */
  timeoutMs: number;
  /** The seller's country (reverse charge never applies there); null when not set. */
  sellerCountry: string | null;
  /** Threshold countries where the operator is registered to collect tax. */
  registeredIn: 'all' | readonly string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** How this process reaches a server listening on `host`: a wildcard address through loopback. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return isIP(host) === 6 ? `[${host}]` : host;
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
    exportMailThresholdRows: e.EXPORT_MAIL_THRESHOLD_ROWS,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    brandName: e.BRAND_NAME,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDistDir,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    seedDemoData: !isProduction,
    payments: {
      apiUrl: (e.PAYMENTS_API_URL ?? `http://${reachableHost(e.SANDBOX_HOST)}:${e.SANDBOX_PORT}`).replace(
        /\/$/,
        '',
      ),
      sandbox: e.PAYMENTS_API_URL ? null : { port: e.SANDBOX_PORT, host: e.SANDBOX_HOST },
      secretKey: e.PAYMENTS_SECRET_KEY,
      publishableKey: e.PAYMENTS_PUBLISHABLE_KEY,
      webhookSecret: e.PAYMENTS_WEBHOOK_SECRET,
      publicUrl: (
        e.PAYMENTS_PUBLIC_URL ??
        e.PAYMENTS_API_URL ??
        `http://localhost:${e.SANDBOX_PORT}`
      ).replace(/\/$/, ''),
    },
    tax: {
      provider: e.TAX_PROVIDER,
      serviceUrl: e.TAX_SERVICE_URL?.replace(/\/+$/, '') ?? null,
      serviceKey: e.TAX_SERVICE_KEY ?? null,
      timeoutMs: e.TAX_SERVICE_TIMEOUT_MS,
      sellerCountry: e.SELLER_COUNTRY ?? (isProduction ? null : DEMO_SELLER.country),
      registeredIn: e.TAX_REGISTERED_COUNTRIES,
    },
    thirdParty: {
      externalSourcesEnabled: e.EXTERNAL_SOURCES_ENABLED,
      thirdPartyMarketingEnabled: e.THIRD_PARTY_MARKETING_ENABLED,
    },
    crashAt: e.LECTERN_CRASH_AT ?? null,
    trackingRetentionDays: e.TRACKING_RETENTION_DAYS,
    signupsPerAddressPerHour: e.SIGNUPS_PER_ADDRESS_PER_HOUR,
    secretKey: e.SECRET_KEY,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from:
        e.MAIL_FROM ?? `${e.BRAND_NAME} <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    },
    seller: {
      name: e.SELLER_NAME ?? e.BRAND_NAME,
      address: e.SELLER_ADDRESS ?? (isProduction ? null : DEMO_SELLER.address),
      taxId: e.SELLER_TAX_ID ?? (isProduction ? null : DEMO_SELLER.taxId),
      supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}`,
    },
    reconcileAfterMs: e.RECONCILE_AFTER_SECONDS * 1000,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    metrics: { port: e.METRICS_PORT ?? null, token: e.METRICS_TOKEN ?? null },
    trustProxy:
      e.TRUST_PROXY === undefined
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? { hops: Number(e.TRUST_PROXY) }
          : e.TRUST_PROXY.split(',').map((entry) => entry.trim()),
    ...overrides,
  };
}

/**
 * Settings that are valid but must not reach production: the built-in sandbox instead of a
 * payment provider, the sandbox's well-known payment keys. The process entry refuses to start
 * with them (one line naming each).
 */
export function productionProblems(config: AppConfig): string[] {
  if (!config.isProduction) return [];
  const messages: string[] = [];
  const problems: string[] = [];
  const { payments } = config;
  // The sandbox takes test cards and answers its fault controls: never real buyers' payments.
  if (payments.sandbox !== null) {
    messages.push(
      "PAYMENTS_API_URL: production needs your payment provider's API, e.g. https://api.stripe.com (the built-in sandbox runs only outside production)",
    );
  }
  if (payments.secretKey === SANDBOX_KEYS.secretKey) problems.push('PAYMENTS_SECRET_KEY');
  if (payments.publishableKey === SANDBOX_KEYS.publishableKey) problems.push('PAYMENTS_PUBLISHABLE_KEY');
  if (payments.webhookSecret === SANDBOX_KEYS.webhookSecret) problems.push('PAYMENTS_WEBHOOK_SECRET');
  if (config.tax.provider === 'stripe_tax' && config.tax.serviceKey === SANDBOX_KEYS.secretKey) {
    problems.push('TAX_SERVICE_KEY');
  }
  messages.push(
    ...problems.map(
      (name) => `${name}: the sandbox's default key cannot be used in production; set your provider's key`,
    ),
  );
  if (config.crashAt !== null)
    messages.push('LECTERN_CRASH_AT: a test-only crash point cannot be set in production');
  return messages;
}
