import type { FastifyBaseLogger } from 'fastify';
import type { SessionStore } from './platform/auth/session-store.js';
import type { MovableClock } from './platform/clock/clock.js';
import type { AppConfig } from './platform/config/config.js';
import type { Database, DatabaseHandle } from './platform/db/database.js';
import type { ReadStatements } from './platform/db/read-batch.js';
import { createFaultPoints } from './platform/faults/fault-points.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import type { Registry } from 'prom-client';
import { createAdminAudit } from './modules/admin-audit/admin-audit.service.js';
import { createAuthService, DEFAULT_AUTH_LIMITS } from './modules/auth/auth.service.js';
import { createBadgesService } from './modules/badges/badges.service.js';
import { createCartsService } from './modules/carts/carts.service.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { createCheckoutService } from './modules/checkout/checkout.service.js';
import { createCouponsService } from './modules/coupons/coupons.service.js';
import { createCourseContentService } from './modules/course-content/course-content.service.js';
import { createCreditService } from './modules/credit/credit.service.js';
import { createExperimentsService } from './modules/experiments/experiments.service.js';
import { createGiftsService } from './modules/gifts/gifts.service.js';
import { createGuestCheckout } from './modules/guest-checkout/guest-checkout.service.js';
import { createLabsService } from './modules/labs/labs.service.js';
import { createLearningCommunitiesService } from './modules/learning-communities/learning-communities.service.js';
import { createLearningObjectivesService } from './modules/learning-objectives/learning-objectives.service.js';
import { createLearningPathsService } from './modules/learning-paths/learning-paths.service.js';
import { createLearningRemindersService } from './modules/learning-reminders/learning-reminders.service.js';
import { createLearningStreaksService } from './modules/learning-streaks/learning-streaks.service.js';
import type { MailOutbox } from './modules/mail/mail-outbox.js';
import { createOccupationsService } from './modules/occupations/occupations.service.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createOrganizationsService } from './modules/organizations/organizations.service.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createStripeGateway } from './modules/payments/stripe-gateway.js';
import { createPricingService } from './modules/pricing/pricing.service.js';
import { createPrivacyService } from './modules/privacy/privacy.service.js';
import { createPurchaseDocuments } from './modules/purchase-documents/purchase-documents.service.js';
import { createPurchaseDocumentDrafts } from './modules/purchase-history/purchase-document-drafts.js';
import { createPurchaseHistory } from './modules/purchase-history/purchase-history.service.js';
import { createRefundsService } from './modules/refunds/refunds.service.js';
import { createSearchService } from './modules/search/search.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSalesContact } from './modules/staff/sales-contact.js';
import { createSharingService } from './modules/sharing/sharing.service.js';
import { createSubscriptionCheckoutService } from './modules/subscriptions/subscription-checkout.service.js';
import { createSubscriptionReceipts } from './modules/subscriptions/subscription-receipts.js';
import { createSubscriptionRenewals } from './modules/subscriptions/subscription-renewals.js';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.js';
import { createSupplyGapsService } from './modules/supply-gaps/supply-gaps.service.js';
import { taxProviderFromConfig } from './modules/tax/tax-provider-from-config.js';
import { createTopicsService } from './modules/topics/topics.service.js';
import { createClientMetrics } from './modules/tracking/client-metrics.js';
import { createPostgresEventSink } from './modules/tracking/event-sink.js';
import { createTrackingService } from './modules/tracking/tracking.service.js';
import { createUserContextService } from './modules/user-context/user-context.service.js';
import { createPasswordSetLinks } from './modules/users/password-set-links.js';
import { createUsersService } from './modules/users/users.service.js';
import type { CreateServerOptions } from './app.js';

/** What the platform gives the features: made by `createServer` before any service. */
export interface PlatformParts {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  log: FastifyBaseLogger;
  clock: MovableClock;
  queue: JobQueue;
  outbox: MailOutbox;
  sessions: SessionStore;
  metrics: Registry;
  readStatements: ReadStatements;
  /** Cookies only over HTTPS (production). */
  secureCookies: boolean;
}

/**
 * Builds every feature's services from the platform, in the order they depend on each other
 * (later ones are only called, never read, by earlier ones' callbacks). Feature modules
 * (`feature-modules.ts`) take their routes, GraphQL parts, jobs and event handlers from here.
 */
export async function createAppServices(platform: PlatformParts, options: CreateServerOptions) {
  const { config, database, db, log, clock, queue, outbox, sessions, metrics, secureCookies } = platform;
  const users = createUsersService(db);
  const organizations = createOrganizationsService(db);
  const credit = createCreditService(db);
  const orders = createOrdersService(db);
  const catalog = createCatalogService(db);
  // Course edits made on any instance reach every instance's kept catalog data at once.
  await catalog.watchChanges(database.listen);
  const search = createSearchService(db, catalog);
  await search.watchChanges(database.listen);
  const settings = createSettingsService(db);
  const experiments = createExperimentsService({ db, clock });
  await experiments.watchChanges(database.listen);
  // The back office's sales contacts, given to every page in the user context's Config.
  const salesContact = createSalesContact({ db, config });
  await salesContact.watchChanges(database.listen);
  const userContext = createUserContextService({
    db,
    config,
    users,
    organizations,
    credit,
    orders,
    settings,
    experiments,
    salesContact,
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
    log: log,
  });
  const coupons = createCouponsService(db);
  await coupons.watchChanges(database.listen);
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
    log: log,
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
    log: log,
    faults,
  });
  const subscriptionCheckout = createSubscriptionCheckoutService({
    subscriptions,
    payments,
    tax,
    providerFacts: { cardMethod: () => checkout.cardMethod() },
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    log: log,
    reconcileAfterMs: options.reconcileAfterMs ?? config.reconcileAfterMs,
    onCardChanged: (enrollmentId, paymentMethodId, writer) =>
      renewals.retryWithNewCard(enrollmentId, paymentMethodId, writer),
  });

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
    log: log,
    onRefunded: (tx, refundId) => documents.enqueueIssue(tx, 'refund', refundId),
  });
  const documents = createPurchaseDocuments({
    db,
    drafts: createPurchaseDocumentDrafts({
      orders,
      refunds,
      users,
      subscriptions,
      receipts,
      courseTitles,
      billingOfAttempt: (attemptId) => checkout.billingOfAttempt(attemptId),
    }),
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
  const audit = createAdminAudit();

  return {
    ...platform,
    users,
    organizations,
    credit,
    orders,
    catalog,
    search,
    settings,
    experiments,
    salesContact,
    userContext,
    auth,
    clientMetrics,
    payments,
    coupons,
    tracking,
    sharing,
    privacy,
    pricing,
    carts,
    faults,
    tax,
    gifts,
    checkout,
    passwordLinks,
    guestCheckout,
    subscriptions,
    renewals,
    subscriptionCheckout,
    receipts,
    courseTitles,
    refunds,
    documents,
    purchaseHistory,
    topics,
    learningCommunities,
    learningReminders,
    learningStreaks,
    occupations,
    courseContent,
    learningPaths,
    badges,
    labs,
    learningObjectives,
    supplyGaps,
    audit,
  };
}

/** Every service of the server, by name: what feature modules register themselves from. */
export type AppServices = Awaited<ReturnType<typeof createAppServices>>;
