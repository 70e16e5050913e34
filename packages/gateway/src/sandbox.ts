import cors from '@fastify/cors';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
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
import { ensureWebhookEndpoint, eventRoutes, type WebhookEndpointInput } from './resources/events.js';
import { paymentIntentRoutes } from './resources/payment-intents.js';
import { paymentMethodRoutes } from './resources/payment-methods.js';
import { refundRoutes } from './resources/refunds.js';
import { sandboxControlRoutes } from './resources/sandbox-controls.js';
import { setupIntentRoutes } from './resources/setup-intents.js';
import { taxCalculationRoutes } from './resources/tax-calculations.js';
import { SandboxStateFolder } from './state/sandbox-state.js';
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
  /**
   * Folder where the sandbox keeps its state (created if missing; one sandbox at a time).
   * Given: everything a real provider remembers (customers, payment methods, intents,
   * charges, refunds, events, webhook endpoints, pending webhook deliveries, idempotency keys,
   * vouchers, method statuses, fault settings, the card-encryption key) is written before each
   * API answer leaves, so it survives `close()` and a restart, and also the process being
   * killed right after any answer (`kill -9`); pending webhooks, settlements and voucher
   * expiries resume after a restart. Absent (the default, used by tests): in memory only.
   */
  stateDir?: string;
  /** With `stateDir`: compact the journal once it holds this many bytes; default 64 MiB (for tests). */
  stateCompactAfterBytes?: number;
}

export interface Sandbox {
  /** The URL the sandbox listens on (for the server's SDK client). */
  url: string;
  /** Where browsers reach it. */
  publicUrl: string;
  secretKey: string;
  publishableKey: string;
  app: FastifyInstance;
  /** The state folder (absolute), or null for an in-memory sandbox. */
  stateDir: string | null;
  /**
   * Sends events to this URL: adds the endpoint, or updates the one with the same URL (so a
   * persisted sandbox configured again at each start keeps one endpoint).
   */
  addWebhookEndpoint(input: WebhookEndpointInput): { id: string; secret: string };
  /** Webhook deliveries of one event (attempts, last status), for tests. */
  deliveries(eventId: string): DeliveryRecord[];
  /** Stops listening; a persisted sandbox writes what is left and releases its folder. */
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
  const folder = options.stateDir
    ? new SandboxStateFolder(options.stateDir, app.log, { compactAfterBytes: options.stateCompactAfterBytes })
    : null;
  const store = new Store();
  const events = new EventBus(
    store,
    SANDBOX_API_VERSION,
    { ...DEFAULT_RETRY_POLICY, ...options.webhookRetry },
    app.log,
    folder?.dispatcherHooks(),
  );
  const actions = new ActionRegistry();
  const timers = new Timers();
  const methods = new MethodStatusBoard(options.degradedDelayMs ?? 1500, folder?.changed('method_status'));
  const faults = new FaultController(folder?.changed('faults'));
  const idempotency = new IdempotencyStore();
  const stored = folder?.load({
    store,
    idempotency,
    actions,
    dispatcher: events.dispatcher,
    faults,
    methods,
  });
  try {
    const encryption = await createCardEncryptionKeys(stored?.encryptionKey);
    const fingerprintSecret = stored?.fingerprintSecret ?? randomToken(32);
    folder?.keepSecrets({ encryptionKey: encryption.stored, fingerprintSecret });
    const appOrigins = options.appOrigins ?? ['*'];
    const ctx: SandboxContext = {
      store,
      events,
      actions,
      timers,
      methods,
      faults,
      idempotency,
      encryption,
      keys: { secretKey, publishableKey },
      get publicUrl() {
        return publicUrl();
      },
      apiVersion: SANDBOX_API_VERSION,
      testMode,
      testPage: (options.testPage ?? true) && testMode,
      appOrigins,
      fingerprintSecret,
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

    // A persisted sandbox writes what a request changed before the answer leaves. The
    // request's own object (`/v1/payment_intents/:id/…`) is reported too: a handler may change
    // it after an await, when another request's commit has already looked at it.
    const commitBeforeAnswer = folder
      ? async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
          const id = (request.params as { id?: unknown } | undefined)?.id;
          if (typeof id === 'string') store.touch(id);
          folder.commit();
          return payload;
        }
      : null;

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
      // Idempotency first: its onSend saves the answer before a fault may swallow it; then the
      // commit, so the answer and its idempotency record are written in one line.
      ctx.idempotency.register(api);
      if (commitBeforeAnswer) api.addHook('onSend', commitBeforeAnswer);
      ctx.faults.register(api);
      for (const routes of [
        customerRoutes,
        paymentMethodRoutes,
        paymentIntentRoutes,
        setupIntentRoutes,
        refundRoutes,
        taxCalculationRoutes,
        eventRoutes,
        sandboxControlRoutes,
      ]) {
        routes(api, ctx);
      }
    });
    assetRoutes(app, BROWSER_ASSETS);
    await app.register(async (pages) => {
      if (commitBeforeAnswer) pages.addHook('onSend', commitBeforeAnswer);
      hostedPageRoutes(pages, ctx);
    });
    if (ctx.testPage) {
      assetRoutes(app, TEST_PAGE_ASSETS);
      testPageRoutes(app, ctx);
    }
    app.get('/healthz', async () => ({ status: 'ok' }));

    for (const endpoint of options.webhooks ?? []) ensureWebhookEndpoint(ctx, endpoint);
    folder?.resume(ctx.flow, events);
    app.addHook('onClose', async () => {
      // First, while the objects are all there: what is left is written and the folder released.
      folder?.close();
      timers.clear();
      ctx.faults.releaseAll();
      events.dispatcher.close();
      actions.clear();
    });
    return { app, ctx, folder };
  } catch (error) {
    folder?.close();
    throw error;
  }
}

/**
 * Starts the sandbox payment provider (design §4) on its own port, in this process:
 * Stripe's API subset under /v1, the browser SDK, hosted pages, signed webhooks. With
 * `stateDir` it remembers its objects across restarts and crashes, as the real provider does
 * (state/sandbox-state.ts); without, everything is forgotten at `close()`.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  let listeningUrl = '';
  const publicUrl = () => (options.publicUrl ?? listeningUrl).replace(/\/$/, '');
  const { app, ctx, folder } = await buildApp(options, publicUrl);
  try {
    await app.listen({ port: options.port ?? 0, host });
  } catch (error) {
    // Releases the state folder (and the timers) of a sandbox that could not listen.
    await app.close();
    throw error;
  }
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
    stateDir: folder?.journal.dir ?? null,
    addWebhookEndpoint(input) {
      const endpoint = ensureWebhookEndpoint(ctx, input);
      return { id: endpoint.id, secret: endpoint.secret };
    },
    deliveries: (eventId) => ctx.events.dispatcher.recordsFor(eventId),
    close: () => app.close(),
  };
}
