import type { PageRouteName } from '@lectern/domain';
import { lazyPage, type PageComponent } from '../start-up/lazy-page';

/**
 * Every page is its own chunk, fetched on first visit (start-up step 4). A page whose chunk
 * fails to load shows the reload banner instead (see `lazyPage`).
 */
export const pages = {
  home: lazyPage('home', () => import('../../features/home/home-page').then((module) => module.HomePage)),
  login: lazyPage('auth.login', () =>
    import('../../features/auth/login-page').then((module) => module.LoginPage),
  ),
  signup: lazyPage('auth.signup', () =>
    import('../../features/auth/signup-page').then((module) => module.SignupPage),
  ),
  setPassword: lazyPage('auth.set-password', () =>
    import('../../features/auth/set-password-page').then((module) => module.SetPasswordPage),
  ),
  category: lazyPage('category', () =>
    import('../../features/category/category-page').then((module) => module.CategoryPage),
  ),
  courseSearch: lazyPage('course-search', () =>
    import('../../features/search/search-page').then((module) => module.SearchPage),
  ),
  courseLanding: lazyPage('course-landing', () =>
    import('../../features/course-landing/course-landing-page').then((module) => module.CourseLandingPage),
  ),
  cart: lazyPage('cart', () => import('../../features/cart/cart-page').then((module) => module.CartPage)),
  checkout: lazyPage('checkout', () =>
    import('../../features/checkout/checkout-page').then((module) => module.CheckoutPage),
  ),
  express: lazyPage('express-checkout', () =>
    import('../../features/express-checkout/express-checkout-page').then(
      (module) => module.ExpressCheckoutPage,
    ),
  ),
  checkoutSuccess: lazyPage('checkout-success', () =>
    import('../../features/checkout/checkout-success-page').then((module) => module.CheckoutSuccessPage),
  ),
  paymentSettings: lazyPage('payment-settings', () =>
    import('../../features/payment-settings/payment-settings-page').then(
      (module) => module.PaymentSettingsPage,
    ),
  ),
  myCourses: lazyPage('my-courses', () =>
    import('../../features/my-courses/my-courses-page').then((module) => module.MyCoursesPage),
  ),
  learningReminders: lazyPage('learning-reminders', () =>
    import('../../features/learning-reminders/learning-reminders-page').then(
      (module) => module.LearningRemindersPage,
    ),
  ),
  learningCommunities: lazyPage('learning-communities', () =>
    import('../../features/learning-communities/learning-communities-page').then(
      (module) => module.LearningCommunitiesPage,
    ),
  ),
  creditHistory: lazyPage('credit-history', () =>
    import('../../features/credit-history/credit-history-page').then((module) => module.CreditHistoryPage),
  ),
  purchaseHistory: lazyPage('purchase-history', () =>
    import('../../features/purchase-history/purchase-history-page').then(
      (module) => module.PurchaseHistoryPage,
    ),
  ),
  giftRedeem: lazyPage('gift-redeem', () =>
    import('../../features/gift-redeem/gift-redeem-page').then((module) => module.GiftRedeemPage),
  ),
  requestRefund: lazyPage('request-refund', () =>
    import('../../features/purchase-history/request-refund-page').then((module) => module.RequestRefundPage),
  ),
  subscriptionReceipt: lazyPage('subscription-receipt', () =>
    import('../../features/purchase-history/subscription-receipt-page').then(
      (module) => module.SubscriptionReceiptPage,
    ),
  ),
  teamPlanCheckout: lazyPage('team-plan-checkout', () =>
    import('../../features/subscriptions/subscription-checkout-pages').then(
      (module) => module.TeamPlanCheckoutPage,
    ),
  ),
  teamPlanUpsell: lazyPage('team-plan-upsell', () =>
    import('../../features/subscriptions/subscription-checkout-pages').then(
      (module) => module.TeamPlanUpsellPage,
    ),
  ),
  teamPlanResubscribe: lazyPage('team-plan-resubscribe', () =>
    import('../../features/subscriptions/subscription-checkout-pages').then(
      (module) => module.TeamPlanResubscribePage,
    ),
  ),
  personalPlan: lazyPage('personal-plan', () =>
    import('../../features/subscriptions/personal-plan-page').then((module) => module.PersonalPlanPage),
  ),
  personalPlanCheckout: lazyPage('personal-plan-checkout', () =>
    import('../../features/subscriptions/subscription-checkout-pages').then(
      (module) => module.PersonalPlanCheckoutPage,
    ),
  ),
  manageSubscriptions: lazyPage('manage-subscriptions', () =>
    import('../../features/subscriptions/manage-subscriptions-page').then(
      (module) => module.ManageSubscriptionsPage,
    ),
  ),
  learnerBadges: lazyPage('badges', () =>
    import('../../features/badges/badges-page').then((module) => module.BadgesPage),
  ),
  businessSignUp: lazyPage('business-sign-up', () =>
    import('../../features/subscriptions/business-sign-up-page').then((module) => module.BusinessSignUpPage),
  ),
  subscriptionAuthenticate: lazyPage('subscription-authenticate', () =>
    import('../../features/subscriptions/renewal-authentication-page').then(
      (module) => module.RenewalAuthenticationPage,
    ),
  ),
  organizationAdmin: lazyPage('organization-admin', () =>
    import('../../features/organization-admin/shell/organization-admin-pages').then(
      (module) => module.OrganizationAdminIndexPage,
    ),
  ),
  organizationAdminOverview: lazyPage('organization-admin-overview', () =>
    import('../../features/organization-admin/shell/organization-admin-pages').then(
      (module) => module.AdminOverviewPage,
    ),
  ),
  organizationSubscription: lazyPage('organization-subscription', () =>
    import('../../features/organization-admin/shell/organization-admin-pages').then(
      (module) => module.OrganizationSubscriptionPage,
    ),
  ),
  organizationBilling: lazyPage('organization-billing', () =>
    import('../../features/organization-admin/billing/organization-billing-page').then(
      (module) => module.OrganizationBillingPage,
    ),
  ),
  organizationBillingPayment: lazyPage('organization-billing-payment', () =>
    import('../../features/organization-admin/payment-method/organization-billing-payment-page').then(
      (module) => module.OrganizationBillingPaymentPage,
    ),
  ),
  organizationReceipt: lazyPage('organization-receipt', () =>
    import('../../features/organization-admin/receipts/organization-receipt-page').then(
      (module) => module.OrganizationReceiptPage,
    ),
  ),
  organizationUsers: lazyPage('organization-users', () =>
    import('../../features/organization-admin/users/organization-users-page').then(
      (module) => module.OrganizationUsersPage,
    ),
  ),
  organizationUsersInvite: lazyPage('organization-users-invite', () =>
    import('../../features/organization-admin/users/organization-invite-page').then(
      (module) => module.OrganizationInvitePage,
    ),
  ),
  organizationInvitationAccept: lazyPage('organization-invitation-accept', () =>
    import('../../features/organization-admin/users/invitation-accept-page').then(
      (module) => module.InvitationAcceptPage,
    ),
  ),
  businessTerms: lazyPage('business-terms', () =>
    import('../../features/business-terms/business-terms-page').then((module) => module.BusinessTermsPage),
  ),
  terms: lazyPage('terms', () =>
    import('../../features/legal/terms-page').then((module) => module.TermsPage),
  ),
  refundPolicy: lazyPage('refund-policy', () =>
    import('../../features/legal/refund-policy-page').then((module) => module.RefundPolicyPage),
  ),
  privacyPolicy: lazyPage('privacy-policy', () =>
    import('../../features/legal/privacy-policy-page').then((module) => module.PrivacyPolicyPage),
  ),
  cookiePolicy: lazyPage('cookie-policy', () =>
    import('../../features/legal/cookie-policy-page').then((module) => module.CookiePolicyPage),
  ),
  commercialTransactions: lazyPage('commercial-transactions', () =>
    import('../../features/legal/commercial-transactions-page').then(
      (module) => module.CommercialTransactionsPage,
    ),
  ),
  support: lazyPage('support', () =>
    import('../../features/legal/support-page').then((module) => module.SupportPage),
  ),
  adminDashboard: lazyPage('admin-dashboard', () =>
    import('../../features/admin-dashboard/admin-dashboard-page').then((module) => module.AdminDashboardPage),
  ),
  adminCourses: lazyPage('admin-courses', () =>
    import('../../features/admin-catalog/admin-courses-page').then((module) => module.AdminCoursesPage),
  ),
  adminCourseNew: lazyPage('admin-course-new', () =>
    import('../../features/admin-catalog/admin-course-page').then((module) => module.AdminCoursePage),
  ),
  adminCourse: lazyPage('admin-course', () =>
    import('../../features/admin-catalog/admin-course-page').then((module) => module.AdminCoursePage),
  ),
  adminCodes: lazyPage('admin-codes', () =>
    import('../../features/admin-catalog/admin-codes-page').then((module) => module.AdminCodesPage),
  ),
  adminCode: lazyPage('admin-code', () =>
    import('../../features/admin-catalog/admin-code-page').then((module) => module.AdminCodePage),
  ),
  adminOrders: lazyPage('admin-orders', () =>
    import('../../features/admin-orders/admin-orders-page').then((module) => module.AdminOrdersPage),
  ),
  adminOrder: lazyPage('admin-order', () =>
    import('../../features/admin-orders/admin-order-page').then((module) => module.AdminOrderPage),
  ),
  adminRefunds: lazyPage('admin-refunds', () =>
    import('../../features/admin-orders/admin-refunds-page').then((module) => module.AdminRefundsPage),
  ),
  adminSubscriptions: lazyPage('admin-subscriptions', () =>
    import('../../features/admin-subscriptions/admin-subscriptions-page').then(
      (module) => module.AdminSubscriptionsPage,
    ),
  ),
  adminSubscription: lazyPage('admin-subscription', () =>
    import('../../features/admin-subscriptions/admin-subscription-page').then(
      (module) => module.AdminSubscriptionPage,
    ),
  ),
  adminTaxReport: lazyPage('admin-tax-report', () =>
    import('../../features/admin-reports/admin-tax-report-page').then((module) => module.AdminTaxReportPage),
  ),
  adminExports: lazyPage('admin-exports', () =>
    import('../../features/admin-reports/admin-exports-page').then((module) => module.AdminExportsPage),
  ),
  adminWebhooks: lazyPage('admin-webhooks', () =>
    import('../../features/admin-webhooks/admin-webhooks-page').then((module) => module.AdminWebhooksPage),
  ),
  adminWebhook: lazyPage('admin-webhook', () =>
    import('../../features/admin-webhooks/admin-webhook-page').then((module) => module.AdminWebhookPage),
  ),
  adminCustomers: lazyPage('admin-customers', () =>
    import('../../features/admin-customers/admin-customers-page').then((module) => module.AdminCustomersPage),
  ),
  adminCustomer: lazyPage('admin-customer', () =>
    import('../../features/admin-customers/admin-customer-page').then((module) => module.AdminCustomerPage),
  ),
  adminStaff: lazyPage('admin-staff', () =>
    import('../../features/admin-staff/admin-staff-page').then((module) => module.AdminStaffPage),
  ),
  adminAudit: lazyPage('admin-audit', () =>
    import('../../features/admin-staff/admin-audit-page').then((module) => module.AdminAuditPage),
  ),
  adminInvitationAccept: lazyPage('admin-invitation-accept', () =>
    import('../../features/admin-staff/staff-invitation-accept-page').then(
      (module) => module.StaffInvitationAcceptPage,
    ),
  ),
  adminExperiments: lazyPage('experiments-admin', () =>
    import('../../features/experiments-admin/experiments-admin-page').then(
      (module) => module.ExperimentsAdminPage,
    ),
  ),
  devClock: lazyPage('dev-clock', () =>
    import('../../features/dev-tools/dev-clock-page').then((module) => module.DevClockPage),
  ),
  devMailbox: lazyPage('dev-mailbox', () =>
    import('../../features/dev-tools/dev-mailbox-page').then((module) => module.DevMailboxPage),
  ),
  notFound: lazyPage('not-found', () =>
    import('../../features/not-found/not-found-page').then((module) => module.NotFoundPage),
  ),
  // Every page of PAGE_ROUTES has its module: a new route without one fails here at compile time.
} satisfies Record<PageRouteName | 'notFound', PageComponent>;
