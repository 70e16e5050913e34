import type { AppServices } from '../app-services.js';
import type { FeatureModule } from '../platform/modules/feature-module.js';
import { adminAnalyticsModule } from './admin-analytics/admin-analytics.module.js';
import { adminAuditModule } from './admin-audit/admin-audit.module.js';
import { adminCatalogModule } from './admin-catalog/admin-catalog.module.js';
import { adminCustomersModule } from './admin-customers/admin-customers.module.js';
import { adminOrdersModule } from './admin-orders/admin-orders.module.js';
import { adminReportsModule } from './admin-reports/admin-reports.module.js';
import { adminSubscriptionsModule } from './admin-subscriptions/admin-subscriptions.module.js';
import { authModule } from './auth/auth.module.js';
import { badgesModule } from './badges/badges.module.js';
import { cartsModule } from './carts/carts.module.js';
import { catalogModule } from './catalog/catalog.module.js';
import { checkoutModule } from './checkout/checkout.module.js';
import { courseContentModule } from './course-content/course-content.module.js';
import { courseImagesModule } from './course-images/course-images.module.js';
import { creditModule } from './credit/credit.module.js';
import { experimentsModule } from './experiments/experiments.module.js';
import { giftsModule } from './gifts/gifts.module.js';
import { guestCheckoutModule } from './guest-checkout/guest-checkout.module.js';
import { labsModule } from './labs/labs.module.js';
import { learningCommunitiesModule } from './learning-communities/learning-communities.module.js';
import { learningObjectivesModule } from './learning-objectives/learning-objectives.module.js';
import { learningPathsModule } from './learning-paths/learning-paths.module.js';
import { learningRemindersModule } from './learning-reminders/learning-reminders.module.js';
import { learningStreaksModule } from './learning-streaks/learning-streaks.module.js';
import { mailModule } from './mail/mail.module.js';
import { occupationsModule } from './occupations/occupations.module.js';
import { organizationAdminModule } from './organization-admin/organization-admin.module.js';
import { organizationsModule } from './organizations/organizations.module.js';
import { paymentsModule } from './payments/payments.module.js';
import { pricingModule } from './pricing/pricing.module.js';
import { privacyModule } from './privacy/privacy.module.js';
import { purchaseHistoryModule } from './purchase-history/purchase-history.module.js';
import { searchModule } from './search/search.module.js';
import { seoModule } from './seo/seo.module.js';
import { settingsModule } from './settings/settings.module.js';
import { sharingModule } from './sharing/sharing.module.js';
import { staffModule } from './staff/staff.module.js';
import { subscriptionsModule } from './subscriptions/subscriptions.module.js';
import { supplyGapsModule } from './supply-gaps/supply-gaps.module.js';
import { topicsModule } from './topics/topics.module.js';
import { trackingModule } from './tracking/tracking.module.js';
import { userContextModule } from './user-context/user-context.module.js';
import { webhooksModule } from './webhooks/webhooks.module.js';

/**
 * Every feature of the server, in the order their routes and GraphQL parts are registered. A new
 * module is a `<name>.module.ts` in its folder and one line here; `app.ts` never changes for it.
 */
export const FEATURE_MODULES: readonly FeatureModule<AppServices>[] = [
  // The storefront and course checkout.
  authModule,
  userContextModule,
  paymentsModule,
  catalogModule,
  searchModule,
  pricingModule,
  creditModule,
  cartsModule,
  checkoutModule,
  guestCheckoutModule,
  giftsModule,
  // Plans, then the learning graph (platform §7), in the GraphQL schema's order.
  subscriptionsModule,
  topicsModule,
  learningCommunitiesModule,
  learningRemindersModule,
  learningStreaksModule,
  occupationsModule,
  badgesModule,
  learningPathsModule,
  courseContentModule,
  labsModule,
  learningObjectivesModule,
  supplyGapsModule,
  // Accounts and organizations.
  purchaseHistoryModule,
  organizationsModule,
  organizationAdminModule,
  privacyModule,
  settingsModule,
  sharingModule,
  // Platform features.
  experimentsModule,
  trackingModule,
  mailModule,
  courseImagesModule,
  seoModule,
  // The back office (issue 32): every route behind a staff permission.
  staffModule,
  adminAuditModule,
  adminCatalogModule,
  adminOrdersModule,
  adminCustomersModule,
  // Back office II (issue 33): revenue analytics, plans, reports, outgoing webhooks.
  adminAnalyticsModule,
  adminSubscriptionsModule,
  adminReportsModule,
  webhooksModule,
];
