import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { assetRoutes, BROWSER_ASSETS, TEST_PAGE_ASSETS } from './browser/assets.js';
import { hostedPageRoutes } from './browser/hosted-pages.js';
import { testPageRoutes } from './browser/test-page.js';
import { createCardEncryptionKeys } from './cards/encryption.js';
import type { SandboxContext } from './context.js';
import { randomToken } from './core/ids.js';
import { Store } from './core/store.js';
import { registerApiKeyAuth } from './http/auth.js';
import { FaultController } from './http/faults.js';
import { IdempotencyStore } from './http/idempotency.js';
import { parseQuery, registerWireFormat } from './http/wire.js';
import { ActionRegistry } from './payments/actions.js';
import { MethodStatusBoard } from './payments/method-status.js';
import { PaymentFlow } from './payments/payment-flow.js';
import { Timers } from './payments/timers.js';
import { customerRoutes } from './resources/customers.js';
import { addWebhookEndpoint, eventRoutes, type WebhookEndpointInput } from './resources/events.js';
import { paymentIntentRoutes } from './resources/payment-intents.js';
import { paymentMethodRoutes } from './resources/payment-methods.js';
import { refundRoutes } from './resources/refunds.js';
import { sandboxControlRoutes } from './resources/sandbox-controls.js';
import { setupIntentRoutes } from './resources/setup-intents.js';
import { DEFAULT_RETRY_POLICY, type DeliveryRecord, type RetryPolicy } from './webhooks/delivery.js';
import { EventBus } from './webhooks/event-bus.js';

/** The API version the sandbox reports (the one `stripe` v23 pins). */
export const SANDBOX_API_VERSION = '2026-10-28.endive';
export const DEFAULT_SECRET_KEY = 'sk_test_lectern_sandbox';
export const DEFAULT_PUBLISHABLE_KEY = 'pk_test_lectern_sandbox';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Where browsers reach the sandbox (hosted pages, SDK); default the listening URL. */
  publicUrl?: string;
  secretKey?: string;
  publishableKey?: string;
  /** Webhook endpoints to deliver events to from the start. */
  webhooks?: WebhookEndpointInput[];
  /** Origins allowed to call the API from a browser and to frame hosted pages; `*` for any. */
  appOrigins?: string[];
  /** Serve the test page at /test/ (test keys only); default true with test keys. */
  testPage?: boolean;
  webhookRetry?: Partial<RetryPolicy>;
  /** How long asynchronous methods (SEPA, Sofort) stay `processing`; default 3 s. */
  settlementDelayMs?: number;
  /** Extra latency of a `degraded` method; default 1.5 s. */
  degradedDelayMs?: number;
  /** Fastify logger option, or false (the default) for none. */
  logger?: FastifyServerOptions['logger'];
}

export interface Sandbox {
  /** The URL the sandbox listens on (for the server's SDK client). */
  url: string;
  /** Where browsers reach it. */
  publicUrl: string;
  secretKey: string;
  publishableKey: string;
  app: FastifyInstance;
  addWebhookEndpoint(input: WebhookEndpointInput): { id: string; secret: string };
  /** Webhook deliveries of one event (attempts, last status), for tests. */
  deliveries(eventId: string): DeliveryRecord[];
  close(): Promise<void>;
}

/** Builds the sandbox's Fastify app without listening (the port is needed for the public URL). */
async function buildApp(options: SandboxOptions, publicUrl: () => string) {
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const publishableKey = options.publishableKey ?? DEFAULT_PUBLISHABLE_KEY;
  const testMode = secretKey.startsWith('sk_test_');
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    genReqId: () => `req_${randomToken(14)}`,
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true },
  });
  const store = new Store();
  const events = new EventBus(
    store,
    SANDBOX_API_VERSION,
    { ...DEFAULT_RETRY_POLICY, ...options.webhookRetry },
    app.log,
  );
  const actions = new ActionRegistry();
  const timers = new Timers();
  const methods = new MethodStatusBoard(options.degradedDelayMs ?? 1500);
  const appOrigins = options.appOrigins ?? ['*'];
  const ctx: SandboxContext = {
    store,
    events,
    actions,
    timers,
    methods,
    faults: new FaultController(),
    idempotency: new IdempotencyStore(),
    encryption: await createCardEncryptionKeys(),
    keys: { secretKey, publishableKey },
    get publicUrl() {
      return publicUrl();
    },
    apiVersion: SANDBOX_API_VERSION,
    testMode,
    testPage: (options.testPage ?? true) && testMode,
    appOrigins,
    fingerprintSecret: randomToken(32),
    flow: undefined as unknown as PaymentFlow,
  };
  ctx.flow = new PaymentFlow({
    store,
    events,
    actions,
    timers,
    methods,
    get publicUrl() {
      return publicUrl();
    },
    settlementDelayMs: options.settlementDelayMs ?? 3000,
  });

  registerWireFormat(app, SANDBOX_API_VERSION);
  await app.register(cors, {
    origin: (origin, callback) => {
      const own = new URL(publicUrl()).origin;
      callback(null, !origin || origin === own || appOrigins.includes('*') || appOrigins.includes(origin));
    },
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Stripe-Version'],
    exposedHeaders: ['Request-Id', 'Idempotent-Replayed'],
    maxAge: 600,
  });

  await app.register(async (api) => {
    registerApiKeyAuth(api, ctx.keys);
    // Idempotency first: its onSend saves the answer before a fault may swallow it.
    ctx.idempotency.register(api);
    ctx.faults.register(api);
    for (const routes of [
      customerRoutes,
      paymentMethodRoutes,
      paymentIntentRoutes,
      setupIntentRoutes,
      refundRoutes,
      eventRoutes,
      sandboxControlRoutes,
    ]) {
      routes(api, ctx);
    }
  });
  assetRoutes(app, BROWSER_ASSETS);
  hostedPageRoutes(app, ctx);
  if (ctx.testPage) {
    assetRoutes(app, TEST_PAGE_ASSETS);
    testPageRoutes(app, ctx);
  }
  app.get('/healthz', async () => ({ status: 'ok' }));

  for (const endpoint of options.webhooks ?? []) addWebhookEndpoint(ctx, endpoint);
  app.addHook('onClose', async () => {
    timers.clear();
    ctx.faults.releaseAll();
    events.dispatcher.close();
    actions.clear();
  });
  return { app, ctx };
}

/**
 * Starts the sandbox payment provider (design §4) on its own port, in this process:
 * Stripe's API subset under /v1, the browser SDK, hosted pages, signed webhooks.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  let listeningUrl = '';
  const publicUrl = () => (options.publicUrl ?? listeningUrl).replace(/\/$/, '');
  const { app, ctx } = await buildApp(options, publicUrl);
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  listeningUrl = `http://${urlHost}:${port}`;
  return {
    url: listeningUrl,
    publicUrl: publicUrl(),
    secretKey: ctx.keys.secretKey,
    publishableKey: ctx.keys.publishableKey,
    app,
    addWebhookEndpoint(input) {
      const endpoint = addWebhookEndpoint(ctx, input);
      return { id: endpoint.id, secret: endpoint.secret };
    },
    deliveries: (eventId) => ctx.events.dispatcher.recordsFor(eventId),
    close: () => app.close(),
  };
}
