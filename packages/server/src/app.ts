import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import { API_ERROR_CODES } from '@lectern/domain';
import cookie from '@fastify/cookie';
import { startSandbox, type Sandbox } from '@lectern/gateway';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSessionStore } from './platform/auth/session-store.js';
import { registerSessions } from './platform/auth/session.plugin.js';
import type { AppConfig } from './platform/config/config.js';
import { openDatabase, type Database, type DatabaseHandle } from './platform/db/database.js';
import { runMigrations } from './platform/db/migrate.js';
import { registerApiPathGuard } from './platform/http/api-path-guard.js';
import { registerCsrf } from './platform/http/csrf.js';
import { registerErrorHandler, sendError } from './platform/http/error-handler.js';
import { registerHealthRoutes } from './platform/http/health.routes.js';
import { registerPrivateAnswers } from './platform/http/private-answers.js';
import { registerUnstorableTextGuard } from './platform/http/unstorable-text.js';
import { registerRequestTimeout } from './platform/http/request-timeout.js';
import { registerSecurityHeaders, securityHeadersOf } from './platform/http/security-headers.js';
import { HttpError } from './platform/http/http-error.js';
import {
  createMetricsRegistry,
  registerHttpMetrics,
  registerMetricsRoute,
  startMetricsListener,
} from './platform/metrics/metrics.js';
import { createFaultPoints } from './platform/faults/fault-points.js';
import { openApiRoutes } from './platform/openapi/openapi.routes.js';
import { recordRoutes, type RouteEntry } from './platform/openapi/route-table.js';
import { createJobRunner, type JobRunner } from './platform/jobs/job-runner.js';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.js';
import { createMovableClock, type MovableClock } from './platform/clock/clock.js';
import { devClockRoutes } from './platform/clock/dev-clock.routes.js';
import { purgeRateLimitHits } from './platform/rate-limit/attempt-limiter.js';
import { registerWebApp } from './platform/web/serve-web-app.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService, DEFAULT_AUTH_LIMITS, type AuthLimits } from './modules/auth/auth.service.js';
import { cartsRoutes } from './modules/carts/carts.routes.js';
import { createCartsService } from './modules/carts/carts.service.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { courseImagesRoutes } from './modules/course-images/course-images.routes.js';
import { createCourseImages } from './modules/course-images/course-images.service.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSearchService } from './modules/search/search.service.js';
import { createCouponsService } from './modules/coupons/coupons.service.js';
import { checkoutRoutes } from './modules/checkout/checkout.routes.js';
import { createCheckoutService } from './modules/checkout/checkout.service.js';
import { creditRoutes } from './modules/credit/credit.routes.js';
import { createCreditService } from './modules/credit/credit.service.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createOrganizationsService } from './modules/organizations/organizations.service.js';
import type { PaymentGateway } from './modules/payments/payment-gateway.js';
import { GATEWAY_WEBHOOK_PATH, paymentsRoutes } from './modules/payments/payments.routes.js';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service.js';
import { eventTypeOf, MAPPED_GATEWAY_EVENTS } from './modules/payments/stripe-events.js';
import { createStripeGateway } from './modules/payments/stripe-gateway.js';
import type { TaxProvider } from './modules/tax/tax-provider.js';
import { taxProviderFromConfig } from './modules/tax/tax-provider-from-config.js';
import { pricingRoutes } from './modules/pricing/pricing.routes.js';
import { createPricingService } from './modules/pricing/pricing.service.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { createPrivacyService } from './modules/privacy/privacy.service.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { createSeoService } from './modules/seo/seo.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { shareLinkRoutes, sharingRoutes } from './modules/sharing/sharing.routes.js';
import { createSharingService } from './modules/sharing/sharing.service.js';
import { createClientMetrics } from './modules/tracking/client-metrics.js';
import { createPostgresEventSink, type EventSink } from './modules/tracking/event-sink.js';
import { clientMetricsRoutes, collectorRoutes } from './modules/tracking/tracking.routes.js';
import { createTrackingService } from './modules/tracking/tracking.service.js';
import { userContextRoutes } from './modules/user-context/user-context.routes.js';
import { createUserContextService } from './modules/user-context/user-context.service.js';
import { createUsersService } from './modules/users/users.service.js';
import { seedDemoData } from './seed/demo-seed.js';
import { createReadStatements } from './platform/db/read-batch.js';
import { FEATURES_GRAPHQL_PATH, registerGraphqlEndpoint } from './platform/graphql/graphql-endpoint.js';
import { PERSISTED_DOCUMENTS } from './platform/graphql/persisted-documents.generated.js';
import { organizationsRoutes } from './modules/organizations/organizations.routes.js';
import { organizationAdminRoutes } from './modules/organization-admin/organization-admin.routes.js';
import { createOrganizationAdminService } from './modules/organization-admin/organization-admin.service.js';
import { createOrganizationActivity } from './modules/organization-admin/organization-activity.js';
import { createOrganizationPlanPanel } from './modules/organization-admin/organization-plan-panel.js';
import { createSubscriptionCheckoutService } from './modules/subscriptions/subscription-checkout.service.js';
import { subscriptionsGraphql } from './modules/subscriptions/subscriptions.graphql.js';
import { learningCommunitiesGraphql } from './modules/learning-communities/learning-communities.graphql.js';
import { createLearningCommunitiesService } from './modules/learning-communities/learning-communities.service.js';
import { learningRemindersGraphql } from './modules/learning-reminders/learning-reminders.graphql.js';
import { learningRemindersRoutes } from './modules/learning-reminders/learning-reminders.routes.js';
import { createLearningRemindersService } from './modules/learning-reminders/learning-reminders.service.js';
import { learningStreaksGraphql } from './modules/learning-streaks/learning-streaks.graphql.js';
import { createLearningStreaksService } from './modules/learning-streaks/learning-streaks.service.js';
import { topicsGraphql } from './modules/topics/topics.graphql.js';
import { occupationsGraphql } from './modules/occupations/occupations.graphql.js';
import { createOccupationsService } from './modules/occupations/occupations.service.js';
import { badgesGraphql } from './modules/badges/badges.graphql.js';
import { createBadgesService } from './modules/badges/badges.service.js';
import { createCourseContentService } from './modules/course-content/course-content.service.js';
import { courseContentGraphql } from './modules/course-content/course-content.graphql.js';
import { labsGraphql } from './modules/labs/labs.graphql.js';
import { createLabsService } from './modules/labs/labs.service.js';
import { learningObjectivesGraphql } from './modules/learning-objectives/learning-objectives.graphql.js';
import { createLearningObjectivesService } from './modules/learning-objectives/learning-objectives.service.js';
import { supplyGapsGraphql } from './modules/supply-gaps/supply-gaps.graphql.js';
import { createSupplyGapsService } from './modules/supply-gaps/supply-gaps.service.js';
import { createLearningPathsService } from './modules/learning-paths/learning-paths.service.js';
import { learningPathsGraphql } from './modules/learning-paths/learning-paths.graphql.js';
import { createTopicsService } from './modules/topics/topics.service.js';
import { createPasswordSetLinks } from './modules/users/password-set-links.js';
import { guestCheckoutRoutes } from './modules/guest-checkout/guest-checkout.routes.js';
import { giftsRoutes } from './modules/gifts/gifts.routes.js';
import { createGiftsService } from './modules/gifts/gifts.service.js';
import { createGuestCheckout } from './modules/guest-checkout/guest-checkout.service.js';
import { experimentsAdminRoutes } from './modules/experiments/experiments-admin.routes.js';
import { featuresGraphql } from './modules/experiments/experiments.graphql.js';
import {
  createExperimentsService,
  type ExperimentsService,
} from './modules/experiments/experiments.service.js';
import { createSubscriptionRenewals } from './modules/subscriptions/subscription-renewals.js';
import { subscriptionBillingRoutes } from './modules/subscriptions/subscription-billing.routes.js';
import { createSubscriptionReceipts } from './modules/subscriptions/subscription-receipts.js';
import { createMailOutbox } from './modules/mail/mail-outbox.js';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { createRefundsService } from './modules/refunds/refunds.service.js';
import { createPurchaseDocuments } from './modules/purchase-documents/purchase-documents.service.js';
import { createPurchaseDocumentDrafts } from './modules/purchase-history/purchase-document-drafts.js';
import { createPurchaseHistory } from './modules/purchase-history/purchase-history.service.js';
import { purchaseHistoryRoutes } from './modules/purchase-history/purchase-history.routes.js';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.js';

export { loadConfig, ConfigError, productionProblems, type AppConfig } from './platform/config/config.js';
export { DatabaseUnavailableError } from './platform/db/database.js';

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
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** proxy-addr's hop rule: the socket's peer and the next `hops - 1` forwarders are proxies. */
const trustNearestHops = (hops: number) => (_address: string, hop: number) => hop < hops;

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
  const frameworkErrorHeaders = securityHeadersOf(securityHeaders);
  const app = Fastify({
    // Errors Fastify raises before any hook runs (a URL that is not valid percent-encoding):
    // the same contract and headers as every other answer.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, error.message);
      reply.headers(frameworkErrorHeaders);
      sendError(
        reply,
        new HttpError(
          400,
          API_ERROR_CODES.invalidPath,
          'The address is not valid: it holds a malformed percent-encoding.',
        ),
      );
    },
    logger: {
      level: config.logLevel,
      // People starting the demo in a terminal read lines, not JSON; production logs stay JSON.
      ...(config.env === 'development' && process.stdout.isTTY
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Paths like /api-2.0/x or /api-2.0//x/ still reach their route, where the API path
    // rule answers with a clear 400 outside production instead of a bare 404.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Only configured proxies may say who the client is (TRUST_PROXY); rate limits key on it.
    trustProxy:
      config.trustProxy === false || Array.isArray(config.trustProxy)
        ? config.trustProxy
        : trustNearestHops(config.trustProxy.hops),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route from here on is recorded: the API document and the generated tests use it.
  const routes = recordRoutes(app);

  try {
    await runMigrations(database);
    if (config.seedDemoData) await seedDemoData(database.db, app.log);
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
  const users = createUsersService(db);
  const organizations = createOrganizationsService(db);
  const credit = createCreditService(db);
  const orders = createOrdersService(db);
  const catalog = createCatalogService(db);
  const search = createSearchService(db, catalog);
  await search.watchChanges(database.listen);
  const settings = createSettingsService(db);
  const experiments = createExperimentsService({ db, clock });
  await experiments.watchChanges(database.listen);
  const userContext = createUserContextService({
    db,
    config,
    users,
    organizations,
    credit,
    orders,
    settings,
    experiments,
  });
  const auth = createAuthService({
    db,
    users,
    sessions,
    limits: options.authLimits ?? {
      ...DEFAULT_AUTH_LIMITS,
      signupsPerAddress: config.signupsPerAddressPerHour,
    },
  });
  const clientMetrics = createClientMetrics(metrics);
  const payments = createPaymentsService({
    db,
    gateway: options.paymentGateway ?? createStripeGateway(config.payments),
    webhookSecret: config.payments.webhookSecret,
    log: app.log,
  });
  const coupons = createCouponsService(db);
  const tracking = createTrackingService({
    sink: options.eventSink ?? createPostgresEventSink(db),
    db,
    retentionDays: config.trackingRetentionDays,
  });
  const sharing = createSharingService(db);
  const privacy = createPrivacyService(db);
  const pricing = createPricingService({ catalog });
  const carts = createCartsService({ db, catalog, coupons, credit, orders });
  const faults = createFaultPoints(config.crashAt);
  const tax = options.taxProvider ?? taxProviderFromConfig(config);
  const gifts = createGiftsService({
    db,
    orders,
    users,
    mail: outbox,
    clock,
    courseOf: async (id) => {
      const [course] = await catalog.summariesOf([id], 'USD', 'en-US');
      return course ? { id: course.id, title: course.title, url: course.url } : null;
    },
  });
  const checkout = createCheckoutService({
    db,
    carts,
    coupons,
    credit,
    orders,
    payments,
    tax,
    methodStatusCacheMs: options.methodStatusCacheMs,
    publicUrl: config.publicUrl,
    log: app.log,
    // Orders are dated by the server's clock: the refund window compares it with them.
    now: () => clock.now(),
    faults,
    reconcileAfterMs: options.reconcileAfterMs ?? config.reconcileAfterMs,
    onOrderRecorded: async (tx, orderId) => {
      await documents.enqueueIssue(tx, 'order', orderId);
      // A guest checkout's buyer gets the link to their account in the same transaction.
      await guestCheckout.onOrderRecorded(tx, orderId);
    },
    onGiftsBought: (tx, order) => gifts.recordBought(tx, order),
  });
  await checkout.watchBuyerFacts(database.listen);
  const passwordLinks = createPasswordSetLinks({ db, users, sessions, now: () => clock.now() });
  const guestCheckout = createGuestCheckout({
    db,
    users,
    auth,
    carts,
    checkout,
    experiments,
    userContext,
    passwordLinks,
    outbox,
    secret: config.secretKey,
    secureCookies,
    now: () => clock.now(),
  });
  const subscriptions = createSubscriptionsService({
    db,
    organizations,
    users,
    clock,
    mail: outbox,
    onChargesPaid: (writer, ids) => documents.enqueueIssueMany(writer, 'subscription_charge', ids),
  });
  const renewals = createSubscriptionRenewals({
    repository: subscriptions.repository,
    billing: subscriptions.billing,
    gateway: payments.gateway,
    tax,
    queue,
    notices: subscriptions.notices,
    clock,
    log: app.log,
    faults,
  });
  /** Runs the sweep and every job due by the clock until nothing more is due (developer clock, tests). */
  async function catchUp(): Promise<number> {
    let total = 0;
    for (let round = 0; round < 100; round += 1) {
      await clock.refresh();
      await renewals.sweep();
      const ran = await queue.runDue();
      total += ran;
      if (ran === 0) break;
    }
    return total;
  }
  const subscriptionCheckout = createSubscriptionCheckoutService({
    subscriptions,
    payments,
    tax,
    providerFacts: { cardMethod: () => checkout.cardMethod() },
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    log: app.log,
    reconcileAfterMs: options.reconcileAfterMs ?? config.reconcileAfterMs,
    onCardChanged: (enrollmentId, paymentMethodId, writer) =>
      renewals.retryWithNewCard(enrollmentId, paymentMethodId, writer),
  });
  // The provider's word on subscription payments and card setups: the same completion as the answer.
  payments.events.on('payment.succeeded', (payment) =>
    payment.metadata.subscription_invoice_id
      ? renewals.onPaymentSucceeded(payment)
      : subscriptionCheckout.onPaymentSucceeded(payment),
  );
  payments.events.on('setup.succeeded', (setup) => subscriptionCheckout.onSetupSucceeded(setup));

  // Purchase history (issue 16): course refunds, invoices and credit notes.
  const receipts = createSubscriptionReceipts(subscriptions, { seller: config.seller });
  const courseTitles = async (ids: number[]) =>
    new Map(
      (await catalog.summariesOf([...new Set(ids)], 'USD', 'en-US')).map((course) => [
        course.id,
        course.title,
      ]),
    );
  const refunds = createRefundsService({
    db,
    orders,
    credit,
    refundedPurchases: checkout.refundedPurchases,
    gateway: payments.gateway,
    queue,
    clock,
    mail: outbox,
    users,
    courseTitles,
    gifts,
    log: app.log,
    onRefunded: (tx, refundId) => documents.enqueueIssue(tx, 'refund', refundId),
  });
  // The provider's word on a refund settles it like its answer (a lost answer, a pending refund).
  payments.events.on('refund.created', (refund) => refunds.onGatewayRefund(refund));
  payments.events.on('refund.updated', (refund) => refunds.onGatewayRefund(refund));
  const documents = createPurchaseDocuments({
    db,
    drafts: createPurchaseDocumentDrafts({ orders, refunds, users, subscriptions, receipts, courseTitles }),
    seller: config.seller,
    brandName: config.brandName,
    queue,
    clock,
  });
  const purchaseHistory = createPurchaseHistory({
    orders,
    refunds,
    catalog,
    subscriptions,
    documents,
    gifts,
    clock,
  });

  // The learning data graph (platform §7): communities, reminders and weekly streaks.
  const topics = createTopicsService(db);
  const learningCommunities = createLearningCommunitiesService({
    db,
    organizations,
    users,
    topics,
    mail: outbox,
  });
  const learningReminders = createLearningRemindersService({ db, catalog, clock });
  const learningStreaks = createLearningStreaksService({ db, users, clock });
  // What My courses reads at start, kept per learner while changes are announced (decision 0034).
  await Promise.all(
    [learningCommunities, learningReminders, learningStreaks].map((kept) =>
      kept.watchChanges(database.listen),
    ),
  );
  // The learning catalog (platform §7): occupations, badges, learning paths, course content, labs.
  const occupations = createOccupationsService(db);
  const courseContent = createCourseContentService({ db, catalog });
  const learningPaths = createLearningPathsService({ db, topics });
  const badges = createBadgesService({ db, topics, orders, learningPaths, courseContent });
  const labs = createLabsService(db);
  const learningObjectives = createLearningObjectivesService(db);
  const supplyGaps = createSupplyGapsService({ db, catalog });

  // Every feature's API routes live in one scope, where the API path rules apply.
  await app.register(async (api) => {
    registerApiPathGuard(api, { enforce: !config.isProduction });
    registerPrivateAnswers(api);
    await api.register(authRoutes, {
      auth,
      userContext,
      secureCookies,
      passwordLinks,
      // A visitor's cart follows them into their account; a failed merge must not fail the login.
      onSignedIn: async (request, _reply, userId) => {
        const visitorId = userContext.visitorIdOf(request);
        if (!visitorId) return;
        await carts
          .mergeVisitorCart(visitorId, userId)
          .catch((error: unknown) => request.log.warn({ err: error }, 'visitor cart merge failed'));
      },
    });
    await api.register(userContextRoutes, { userContext, users });
    await api.register(paymentsRoutes, { payments });
    await api.register(catalogRoutes, { catalog, userContext, orders });
    await api.register(searchRoutes, { search, userContext, orders });
    await api.register(pricingRoutes, { pricing, userContext });
    await api.register(creditRoutes, { credit, userContext });
    await api.register(cartsRoutes, { carts, userContext });
    await api.register(checkoutRoutes, { checkout, subscriptionCheckout, userContext, users, clientMetrics });
    await api.register(guestCheckoutRoutes, { guestCheckout, auth });
    await api.register(giftsRoutes, { gifts });
    await api.register(subscriptionsRoutes, { subscriptions, userContext });
    await api.register(subscriptionBillingRoutes, {
      subscriptions,
      renewals,
      receipts,
      publicUrl: config.publicUrl,
    });
    await api.register(purchaseHistoryRoutes, {
      history: purchaseHistory,
      refunds,
      orders,
      documents,
      receipts,
      userContext,
      brandName: config.brandName,
    });
    await api.register(organizationsRoutes, { organizations });
    await api.register(learningRemindersRoutes, {
      reminders: learningReminders,
      publicUrl: config.publicUrl,
      brandName: config.brandName,
    });
    await api.register(organizationAdminRoutes, {
      organizationAdmin: createOrganizationAdminService({
        db,
        organizations,
        subscriptions,
        receipts,
        users,
        sessions,
        mail: outbox,
      }),
      planPanel: createOrganizationPlanPanel({ subscriptions, gateway: payments.gateway, log: app.log }),
      recentActivity: createOrganizationActivity({ db, subscriptions, receipts, users }),
    });
    registerGraphqlEndpoint(api, {
      parts: [
        subscriptionsGraphql({ subscriptions, userContext }),
        topicsGraphql({ topics }),
        learningCommunitiesGraphql({ communities: learningCommunities, users, topics }),
        learningRemindersGraphql({ reminders: learningReminders }),
        learningStreaksGraphql({ streaks: learningStreaks }),
        occupationsGraphql({ occupations, topics }),
        badgesGraphql({ badges, topics, catalog, learningPaths }),
        learningPathsGraphql({ learningPaths, topics }),
        courseContentGraphql({ courseContent, catalog, experiments, userContext }),
        labsGraphql({ labs, catalog, topics }),
        learningObjectivesGraphql({ learningObjectives }),
        supplyGapsGraphql({ supplyGaps }),
      ],
      production: config.isProduction,
      statements: readStatements,
      // The web app's documents by hash (decision 0028); in production only these run.
      persistedDocuments: PERSISTED_DOCUMENTS,
    });
    registerGraphqlEndpoint(api, {
      path: FEATURES_GRAPHQL_PATH,
      parts: [featuresGraphql({ experiments, userContext })],
      production: config.isProduction,
      statements: readStatements,
    });
    await api.register(experimentsAdminRoutes, { experiments, users });
    await api.register(privacyRoutes, { privacy });
    await api.register(settingsRoutes, { settings, catalog });
    await api.register(sharingRoutes, { sharing, publicUrl: config.publicUrl });
    await api.register(clientMetricsRoutes, { clientMetrics });
    if (!config.isProduction) {
      await api.register(devClockRoutes, { clock, catchUp });
      await api.register(devMailboxRoutes, { outbox });
    }
  });
  // Platform §7 names the collector `/api-2.0/ecl`, without the trailing slash the API path
  // rule asks for, so it lives beside the API scope (its own body parser, no CSRF: beacons).
  await app.register(collectorRoutes, { tracking });
  await app.register(openApiRoutes, { routes, title: config.brandName });
  // Short share links are page addresses; they must answer before the page fallback below.
  await app.register(shareLinkRoutes, { sharing });
  // Course covers, robots.txt and the sitemap: public files, answered before the web app's fallback.
  await app.register(courseImagesRoutes, {
    images: createCourseImages({
      catalog,
      // Tests start many servers on the default DATA_DIR: they keep renders in memory only.
      cacheDir: config.env === 'test' ? null : path.join(config.dataDir, 'course-images'),
      log: app.log,
    }),
  });
  await app.register(seoRoutes, { seo: createSeoService({ catalog, publicUrl: config.publicUrl }) });
  await registerWebApp(app, {
    distDir: config.webDistDir,
    pageCacheSeconds: config.pageCacheSeconds,
    production: config.isProduction,
  });

  const jobs = createJobRunner({ db, log: app.log });
  // Expired sessions are only garbage (they no longer authenticate).
  jobs.register({ name: 'sessions.sweep', everyMs: 60 * 60 * 1000, run: () => sessions.deleteExpired() });
  // Collected events are kept for the retention period only (TRACKING_RETENTION_DAYS).
  jobs.register({
    name: 'tracking.purge',
    everyMs: 60 * 60 * 1000,
    run: async () => {
      await tracking.purgeExpired();
    },
  });
  jobs.register({
    name: 'rate_limits.purge',
    everyMs: 60 * 60 * 1000,
    run: () => purgeRateLimitHits(db),
  });
  // Payment attempts left open by a crash, a lost answer or a buyer who left (design §4).
  jobs.register({
    name: 'checkout.reconcile',
    everyMs: 60 * 1000,
    run: async () => {
      await checkout.reconcileOpenAttempts();
    },
  });
  // Subscription checkouts left open: the same rule for plans, upsells and card updates.
  jobs.register({
    name: 'subscriptions.reconcile',
    everyMs: 60 * 1000,
    run: async () => {
      await subscriptionCheckout.reconcileOpenCheckouts();
    },
  });
  // Coupon reservations past their expiry already stop counting against usage limits; this
  // only marks them released. Idle visitor carts (30 days, platform §9) are deleted.
  jobs.register({
    name: 'shopping.sweep',
    everyMs: 5 * 60 * 1000,
    run: async () => {
      await Promise.all([coupons.expireStaleReservations(), carts.deleteIdleVisitorCarts()]);
    },
  });

  // Plans whose period or trial ended, and trials ending soon: their keyed jobs (design §5).
  jobs.register({
    name: 'subscriptions.sweep',
    everyMs: 60 * 1000,
    run: async () => {
      await clock.refresh();
      await renewals.sweep();
    },
  });
  // Mail written to the outbox goes out through SMTP_URL (without it, it waits in the mailbox).
  jobs.register({
    name: 'mail.send',
    everyMs: 10 * 1000,
    run: async () => {
      await outbox.sendDue();
    },
  });

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
      await app.listen({ port: config.port, host: config.host });
      if (config.metrics.port !== null) {
        metricsListener = await startMetricsListener(metrics, {
          host: config.host,
          port: config.metrics.port,
        });
      }
      jobs.start();
      queue.start();
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

/** The in-process sandbox could not start (its port is taken, most often). */
export class PaymentsSandboxError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentsSandboxError';
  }
}

/** Origins whose pages may use the sandbox from a browser: the app, and on a laptop its loopback twin. */
function appOrigins(config: AppConfig): string[] {
  const app = new URL(config.publicUrl);
  const origins = [app.origin];
  const twin = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[app.hostname];
  if (twin && !config.isProduction) {
    app.hostname = twin;
    origins.push(app.origin);
  }
  return origins;
}

export interface PaymentsSandbox {
  sandbox: Sandbox;
  /** Sends the sandbox's webhooks of these event types (default: every mapped one) to this server. */
  deliverWebhooksTo(serverUrl: string, events?: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * Starts the sandbox payment provider in this process when the configuration asks for it
 * (PAYMENTS_API_URL unset), on SANDBOX_PORT of SANDBOX_HOST (loopback by default). Returns null
 * when the provider runs elsewhere; never runs in production (productionProblems refuses it first).
 */
export async function startPaymentsSandbox(config: AppConfig): Promise<PaymentsSandbox | null> {
  if (!config.payments.sandbox) return null;
  if (config.isProduction) {
    throw new PaymentsSandboxError(
      'the sandbox payment provider does not run in production. Set PAYMENTS_API_URL to your payment provider.',
    );
  }
  const { port, host } = config.payments.sandbox;
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port,
      host,
      publicUrl: config.payments.publicUrl,
      secretKey: config.payments.secretKey,
      publishableKey: config.payments.publishableKey,
      appOrigins: appOrigins(config),
      // Its payments, idempotency keys and pending webhooks outlive restarts and crashes, as a
      // real provider's do, so reconciliation after a crash finds what it charged.
      stateDir: path.join(config.dataDir, 'sandbox'),
      testPage: true,
      logger: { level: config.logLevel === 'silent' ? 'silent' : 'warn' },
    });
  } catch (error) {
    const inUse = error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
    throw new PaymentsSandboxError(
      inUse
        ? `the sandbox payment provider's port ${port} is already in use. Set SANDBOX_PORT to another port, or PAYMENTS_API_URL to a running provider.`
        : `the sandbox payment provider did not start: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return {
    sandbox,
    deliverWebhooksTo(serverUrl, events = MAPPED_GATEWAY_EVENTS) {
      // Loopback: the sandbox is in this very process.
      const url = new URL(GATEWAY_WEBHOOK_PATH, serverUrl);
      if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
      sandbox.addWebhookEndpoint({
        url: url.toString(),
        secret: config.payments.webhookSecret,
        events: [...events],
      });
    },
    close: () => sandbox.close(),
  };
}
