import { PAGE_ROUTES, type PageRouteName } from '@lectern/domain';

/**
 * What search engines may do with each page, decided once per route (a route added to
 * PAGE_ROUTES without a line here does not compile):
 * - `index`: crawled; a static one is listed in the sitemap, courses and categories come from
 *   the catalog;
 * - `hidden`: refused in robots.txt (personal pages, cart, checkout, sign-in, tools).
 */
export const PAGE_INDEXING = {
  home: 'index',
  login: 'hidden',
  signup: 'hidden',
  setPassword: 'hidden',
  category: 'index',
  courseSearch: 'hidden',
  courseLanding: 'index',
  cart: 'hidden',
  checkout: 'hidden',
  express: 'hidden',
  giftRedeem: 'hidden',
  checkoutSuccess: 'hidden',
  paymentSettings: 'hidden',
  myCourses: 'hidden',
  learningReminders: 'hidden',
  learningCommunities: 'hidden',
  creditHistory: 'hidden',
  purchaseHistory: 'hidden',
  requestRefund: 'hidden',
  subscriptionReceipt: 'hidden',
  teamPlanCheckout: 'hidden',
  teamPlanUpsell: 'hidden',
  teamPlanResubscribe: 'hidden',
  personalPlan: 'index',
  personalPlanCheckout: 'hidden',
  manageSubscriptions: 'hidden',
  learnerBadges: 'hidden',
  businessSignUp: 'index',
  subscriptionAuthenticate: 'hidden',
  organizationAdmin: 'hidden',
  organizationAdminOverview: 'hidden',
  organizationSubscription: 'hidden',
  organizationBilling: 'hidden',
  organizationBillingPayment: 'hidden',
  organizationReceipt: 'hidden',
  organizationUsers: 'hidden',
  organizationUsersInvite: 'hidden',
  organizationInvitationAccept: 'hidden',
  businessTerms: 'index',
  terms: 'index',
  refundPolicy: 'index',
  privacyPolicy: 'index',
  cookiePolicy: 'index',
  commercialTransactions: 'index',
  support: 'index',
  adminDashboard: 'hidden',
  adminCourses: 'hidden',
  adminCourseNew: 'hidden',
  adminCourse: 'hidden',
  adminCodes: 'hidden',
  adminCode: 'hidden',
  adminOrders: 'hidden',
  adminOrder: 'hidden',
  adminRefunds: 'hidden',
  adminSubscriptions: 'hidden',
  adminSubscription: 'hidden',
  adminTaxReport: 'hidden',
  adminExports: 'hidden',
  adminWebhooks: 'hidden',
  adminWebhook: 'hidden',
  adminCustomers: 'hidden',
  adminCustomer: 'hidden',
  adminStaff: 'hidden',
  adminAudit: 'hidden',
  adminExperiments: 'hidden',
  adminInvitationAccept: 'hidden',
  devClock: 'hidden',
  devMailbox: 'hidden',
} as const satisfies Record<PageRouteName, 'index' | 'hidden'>;

/** The sitemap's static pages: indexed routes without a `:param` (courses and categories are listed from the catalog). */
export const STATIC_INDEXED_PATHS: readonly string[] = (Object.keys(PAGE_INDEXING) as PageRouteName[])
  .filter((name) => PAGE_INDEXING[name] === 'index' && !PAGE_ROUTES[name].includes(':'))
  .map((name) => PAGE_ROUTES[name]);

/**
 * robots.txt's `Disallow` prefixes: every hidden page (the test checks each hidden route falls
 * under one and no indexed route does), the search results (crawling endless result pages helps
 * nobody; results are reached from course links), short share links (a crawler would count
 * visits) and the API.
 */
export const ROBOTS_DISALLOW = [
  '/api-2.0/',
  '/api/',
  '/cart/',
  '/express/',
  '/gift/',
  '/payment/',
  '/payment-vendor/',
  '/user/',
  '/user-manage/',
  '/dashboard/',
  '/home/',
  '/join/',
  '/request-refund/',
  '/organization-manage-v2/',
  '/admin/',
  '/dev/',
  '/courses/search/',
  '/s/',
  '/privacy/',
  '/visits/',
] as const;
