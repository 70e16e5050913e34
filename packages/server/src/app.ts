import type { Server } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createSessionStore } from './platform/auth/session-store.js';
import { registerSessions } from './platform/auth/session.plugin.js';
import type { AppConfig } from './platform/config/config.js';
import { openDatabase, type Database, type DatabaseHandle } from './platform/db/database.js';
import { embeddedMaintenanceJobs } from './platform/db/embedded-maintenance.js';
import { runMigrations } from './platform/db/migrate.js';
import { registerApiPathGuard } from './platform/http/api-path-guard.js';
import { registerCsrf } from './platform/http/csrf.js';
import { createFastify } from './platform/http/create-fastify.js';
import { appOrigins } from './platform/config/app-origins.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { registerHealthRoutes } from './platform/http/health.routes.js';
import { registerPrivateAnswers } from './platform/http/private-answers.js';
import { registerUnstorableTextGuard } from './platform/http/unstorable-text.js';
import { registerRequestTimeout } from './platform/http/request-timeout.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import {
  createMetricsRegistry,
  registerHttpMetrics,
  registerMetricsRoute,
  startMetricsListener,
} from './platform/metrics/metrics.js';
import { openApiRoutes } from './platform/openapi/openapi.routes.js';
import { recordRoutes, type RouteEntry } from './platform/openapi/route-table.js';
import { createJobRunner, type JobRunner } from './platform/jobs/job-runner.js';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.js';
import { createMovableClock, type MovableClock } from './platform/clock/clock.js';
import { devClockRoutes } from './platform/clock/dev-clock.routes.js';
import { purgeRateLimitHits } from './platform/rate-limit/attempt-limiter.js';
import { registerWebApp } from './platform/web/serve-web-app.js';
import type { PaymentGateway } from './modules/payments/payment-gateway.js';
import type { PaymentsService } from './modules/payments/payments.service.js';
import { eventTypeOf, MAPPED_GATEWAY_EVENTS } from './modules/payments/stripe-events.js';
import type { TaxProvider } from './modules/tax/tax-provider.js';
import { storeDemoCards } from './seed/demo-cards.js';
import { seedDemoData } from './seed/demo-seed.js';
import { createReadStatements } from './platform/db/read-batch.js';
import { registerGraphqlEndpoint } from './platform/graphql/graphql-endpoint.js';
import { PERSISTED_DOCUMENTS } from './platform/graphql/persisted-documents.generated.js';
import type { ExperimentsService } from './modules/experiments/experiments.service.js';
import type { AuthLimits } from './modules/auth/auth.service.js';
import type { EventSink } from './modules/tracking/event-sink.js';
import { createAppServices } from './app-services.js';
import { FEATURE_MODULES } from './modules/feature-modules.js';
import { registerStaffAccess } from './modules/staff/staff-access.js';
import { createMailOutbox } from './modules/mail/mail-outbox.js';

export { loadConfig, ConfigError, productionProblems, type AppConfig } from './platform/config/config.js';
export { DatabaseUnavailableError } from './platform/db/database.js';
export { PaymentsSandboxError, startPaymentsSandbox, type PaymentsSandbox } from './payments-sandbox.js';

/** JSON bodies of the API are small; anything larger is refused before it is parsed. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const REQUEST_TIMEOUT_MS = 60_000;

export interface LecternServer {
  app: FastifyInstance;
  db: Database;
  /** The payment adapter and the provider's event subscriptions. */
  payments: PaymentsService;
  /** Feature experiments: the assignment every endpoint answers with (and benches measure). */
  experiments: ExperimentsService;
  /** Every route as registered (the OpenAPI document and the generated tests read it). */
  routes: readonly RouteEntry[];
  /**
   * The provider events some feature acts on: what the provider's webhook endpoint subscribes
   * to (the provider's advice: every other delivery is work for nothing, two per renewal).
   */
  webhookEvents(): string[];
  /** The recurring jobs; they start polling with `listen()` (tests run them with `runNow`). */
  jobs: JobRunner;
  /** The keyed job queue (renewals, retries, reminders); it starts polling with `listen()`. */
  queue: JobQueue;
  /** The server's one clock (movable outside production). */
  clock: MovableClock;
  /** Runs every sweep and job due by the clock, as the developer clock does after a move. */
  catchUp(): Promise<number>;
  /** Starts listening and running due jobs; resolves to the base URL. */
  listen(): Promise<string>;
  /** Stops taking requests, finishes in-flight ones, closes the database. */
  close(): Promise<void>;
  /** The METRICS_PORT listener's port once listening (null without one). */
  metricsAddress(): number | null;
}

export interface CreateServerOptions {
  /** Overrides of the login and signup limits, for tests of the limits themselves. */
  authLimits?: AuthLimits;
  /** Another payment gateway than the SDK one built from `config.payments` (tests). */
  paymentGateway?: PaymentGateway;
  /** Another tax provider than the built-in rates table (an external tax service). */
  taxProvider?: TaxProvider;
  /** How long the provider's method statuses are reused (default 5 s; tests of status changes: 0). */
  methodStatusCacheMs?: number;
  /** Where the collector's events go instead of PostgreSQL (a stream platform at scale). */
  eventSink?: EventSink;
  /** How old an open payment attempt must be before reconciliation finishes it (default RECONCILE_AFTER_SECONDS). */
  reconcileAfterMs?: number;
  /**
   * Whether `listen()` starts polling the job queue (default true). Tests that decide when jobs
   * run (with `catchUp()`, the developer clock) turn it off so no job races their steps.
   */
  pollJobQueue?: boolean;
}

/**
 * Builds the whole server: database (migrated, and seeded outside production), platform
 * hooks, feature routes and the web app. The one place where features are wired together.
 */
export async function createServer(
  config: AppConfig,
  options: CreateServerOptions = {},
): Promise<LecternServer> {
  const database: DatabaseHandle = await openDatabase(config.database);
  const securityHeaders = {
    production: config.isProduction,
    paymentsOrigin: new URL(config.payments.publicUrl).origin,
  };
  const app = createFastify(config, {
    securityHeaders,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
  });
  // Every route from here on is recorded: the API document and the generated tests use it.
  const routes = recordRoutes(app);

  let seeded = false;
  try {
    await runMigrations(database);
    if (config.seedDemoData) seeded = await seedDemoData(database.db, app.log);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  let shuttingDown = false;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A request that was in flight when shutdown began must not keep its keep-alive
    // connection (and so the whole server) open once it is answered.
    if (shuttingDown) reply.header('connection', 'close');
  });
  registerErrorHandler(app);
  registerUnstorableTextGuard(app);
  registerRequestTimeout(app, REQUEST_TIMEOUT_MS);

  const secureCookies = config.isProduction;
  const metrics = createMetricsRegistry();
  await app.register(cookie);
  registerSecurityHeaders(app, securityHeaders);
  await app.register(compress, { threshold: 1024 });
  registerHttpMetrics(app, metrics);
  registerMetricsRoute(app, metrics, config.metrics.token);
  let metricsListener: Server | null = null;
  registerHealthRoutes(app, { ping: database.ping, isShuttingDown: () => shuttingDown });
  registerCsrf(app, {
    secureCookies,
    secret: config.secretKey,
    trustedOrigins: appOrigins(config),
    trustLoopback: !config.isProduction,
  });
  const sessions = createSessionStore(database.db);
  await sessions.watchRevocations(database.listen);
  registerSessions(app, { store: sessions, secureCookies });

  const db = database.db;
  const readStatements = createReadStatements(db);
  const clock = await createMovableClock(db, { movable: !config.isProduction });
  const queue = createJobQueue({ db, log: app.log, clock, leaseMs: config.jobLeaseMs });
  queue.registerMetrics(metrics);
  const outbox = createMailOutbox({
    db,
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    log: app.log,
    clock,
  });
  const services = await createAppServices(
    {
      config,
      database,
      db,
      log: app.log,
      clock,
      queue,
      outbox,
      sessions,
      metrics,
      readStatements,
      secureCookies,
    },
    options,
  );
  const { payments, experiments } = services;
  for (const feature of FEATURE_MODULES) feature.events?.(services);
  /** Runs every clock sweep and job due by the clock until nothing more is due (developer clock, tests). */
  async function catchUp(): Promise<number> {
    let total = 0;
    for (let round = 0; round < 100; round += 1) {
      await clock.refresh();
      for (const feature of FEATURE_MODULES) await feature.sweep?.(services);
      const ran = await queue.runDue();
      total += ran;
      if (ran === 0) break;
    }
    return total;
  }

  // Every feature's API routes live in one scope, where the API path rules and the staff check apply.
  await app.register(async (api) => {
    registerApiPathGuard(api, { enforce: !config.isProduction });
    registerPrivateAnswers(api);
    registerStaffAccess(api, { db });
    for (const feature of FEATURE_MODULES) {
      if (feature.api) await api.register(feature.api, { services });
    }
    registerGraphqlEndpoint(api, {
      parts: FEATURE_MODULES.flatMap((feature) => feature.graphql?.(services) ?? []),
      production: config.isProduction,
      statements: readStatements,
      // The web app's documents by hash (decision 0028); in production only these run.
      persistedDocuments: PERSISTED_DOCUMENTS,
    });
    if (!config.isProduction) await api.register(devClockRoutes, { clock, catchUp });
  });
  await app.register(openApiRoutes, { routes, title: config.brandName });
  // Public files and short links: answered before the web app's fallback below.
  for (const feature of FEATURE_MODULES) {
    if (feature.site) await app.register(feature.site, { services });
  }
  await registerWebApp(app, {
    distDir: config.webDistDir,
    pageCacheSeconds: config.pageCacheSeconds,
    production: config.isProduction,
    // A course published, edited or repriced shows at once: the shared page cache is dropped.
    onStorefrontChange: (drop) => services.catalog.onChange(drop),
  });

  const jobs = createJobRunner({ db, log: app.log });
  // Expired sessions are only garbage (they no longer authenticate).
  jobs.register({ name: 'sessions.sweep', everyMs: 60 * 60 * 1000, run: () => sessions.deleteExpired() });
  jobs.register({
    name: 'rate_limits.purge',
    everyMs: 60 * 60 * 1000,
    run: () => purgeRateLimitHits(db),
  });
  for (const job of embeddedMaintenanceJobs(database)) jobs.register(job);
  for (const feature of FEATURE_MODULES) {
    for (const job of feature.jobs?.(services) ?? []) jobs.register(job);
  }

  app.addHook('onClose', async () => {
    await queue.stop();
    await jobs.stop();
    // Ends every listen too (the caches' announcements): one connection, the database's.
    await database.close();
  });

  return {
    app,
    db,
    payments,
    experiments,
    routes,
    webhookEvents: () =>
      MAPPED_GATEWAY_EVENTS.filter(
        (type) => payments.events.count(eventTypeOf(type) as Parameters<typeof payments.events.count>[0]) > 0,
      ),
    jobs,
    queue,
    clock,
    catchUp,
    async listen() {
      // A fresh demo's running plan gets its card from the provider, which the seed cannot reach
      // and which is up by now (`main.ts` starts its sandbox before listening).
      if (seeded) {
        seeded = false;
        await storeDemoCards({ db, gateway: payments.gateway, log: app.log });
      }
      await app.listen({ port: config.port, host: config.host });
      if (config.metrics.port !== null) {
        metricsListener = await startMetricsListener(metrics, {
          host: config.host,
          port: config.metrics.port,
        });
      }
      jobs.start();
      if (options.pollJobQueue !== false) queue.start();
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    },
    async close() {
      shuttingDown = true;
      await new Promise((resolve) => (metricsListener ? metricsListener.close(resolve) : resolve(null)));
      await app.close();
    },
    metricsAddress: () => {
      const address = metricsListener?.address();
      return typeof address === 'object' && address ? address.port : null;
    },
  };
}
