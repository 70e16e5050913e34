/**
 * The pages the web app renders. The server answers these paths with the app shell (200)
 * and any other page path with the shell and status 404, so the router and the server
 * can never disagree. Patterns use `:name` segments and always end in a slash.
 */
export const PAGE_ROUTES = {
  home: '/',
  login: '/join/login-popup/',
  signup: '/join/signup-popup/',
  // Where a guest checkout's mail leads (`?token=`): the buyer chooses the account's password.
  setPassword: '/join/set-password/',
  category: '/courses/:category/',
  // Course search (`?q=`, filters, `sort`, `p`); it wins over the category route above, and no
  // category may be called "search".
  courseSearch: '/courses/search/',
  courseLanding: '/course/:slug/',
  cart: '/cart/',
  checkout: '/payment/checkout/',
  // Checkout §7 express checkout: one course (`?course_id=`, optional `coupon_code=`) bought
  // without the cart.
  express: '/express/',
  checkoutSuccess: '/cart/success/:gatewayTransactionId/',
  paymentSettings: '/user-manage/payment-settings/',
  myCourses: '/home/my-courses/',
  // The learner's learning reminders (platform §7: a page of them, .ics files) and communities.
  learningReminders: '/home/my-courses/reminders/',
  learningCommunities: '/home/my-courses/communities/',
  creditHistory: '/dashboard/credit-history/',
  // Team-plan §2 "Purchase history": `?tab=` (a purchase data type) and `?p=` (the page).
  purchaseHistory: '/dashboard/purchase-history/',
  // Where a gift's mail leads (`?code=`): the recipient adds the course to their account.
  giftRedeem: '/gift/redeem/',
  // Platform §2 `request-refund/{id}`: the id of the bought course (an order line).
  requestRefund: '/request-refund/:id/',
  // A personal plan's receipt (organizations see theirs in the admin area).
  subscriptionReceipt: '/user/manage-subscriptions/receipts/:paymentId/',
  teamPlanCheckout: '/payment/checkout-teamplan/',
  teamPlanUpsell: '/payment/upsell-teamplan/',
  teamPlanResubscribe: '/payment/resubscribe-teamplan/',
  personalPlan: '/personal-plan/',
  personalPlanCheckout: '/payment/checkout-personal-plan/',
  manageSubscriptions: '/user/manage-subscriptions/',
  // The learner's profile: the badges and certifications they earned (only theirs to see).
  learnerBadges: '/user/profile/badges/',
  businessSignUp: '/business/sign-up/',
  // Where the mail about a renewal the bank wants confirmed (3-D Secure) leads: `?invoice=<id>`.
  subscriptionAuthenticate: '/payment/subscription-authenticate/',
  // The organization admin area (team-plan §2): owners and admins of the user's organization.
  organizationAdmin: '/organization-manage-v2/',
  organizationAdminOverview: '/organization-manage-v2/admin-overview/',
  organizationSubscription: '/organization-manage-v2/settings/subscription/',
  organizationBilling: '/organization-manage-v2/settings/billing/',
  organizationBillingPayment: '/organization-manage-v2/settings/billing/payment/',
  organizationReceipt: '/organization-manage-v2/settings/payment/:paymentId/',
  organizationUsers: '/organization-manage-v2/users/',
  organizationUsersInvite: '/organization-manage-v2/users/invite/',
  // Where an invitation mail leads: `?token=<token>` (the server's INVITATION_ACCEPT_PATH).
  organizationInvitationAccept: '/organization-manage-v2/invitations/accept/',
  businessTerms: '/terms/ub/',
  // The pages the checkout and footer link to (checkout §2 "outbound links"); `/support/` is
  // also the help URL of the user context's Config.
  terms: '/terms/',
  refundPolicy: '/terms/refund-policy/',
  privacyPolicy: '/terms/privacy/',
  cookiePolicy: '/terms/cookie-policy/',
  // Japan's 特定商取引法に基づく表記, linked from the checkout for JP (checkout §2).
  commercialTransactions: '/terms/commercial-transactions/',
  support: '/support/',
  // The back office (issue 32): the marketplace's staff, each page behind a staff permission.
  adminDashboard: '/admin/',
  adminCourses: '/admin/courses/',
  adminCourseNew: '/admin/courses/new/',
  adminCourse: '/admin/courses/:id/',
  adminCodes: '/admin/codes/',
  adminCode: '/admin/codes/:id/',
  adminOrders: '/admin/orders/',
  adminOrder: '/admin/orders/:id/',
  adminRefunds: '/admin/refunds/',
  // Back office II (issue 33): plans, reports and exports, outgoing webhooks.
  adminSubscriptions: '/admin/subscriptions/',
  adminSubscription: '/admin/subscriptions/:id/',
  adminTaxReport: '/admin/tax-report/',
  adminExports: '/admin/exports/',
  adminWebhooks: '/admin/webhooks/',
  adminWebhook: '/admin/webhooks/:id/',
  adminCustomers: '/admin/customers/',
  adminCustomer: '/admin/customers/:id/',
  adminStaff: '/admin/staff/',
  adminAudit: '/admin/audit/',
  adminExperiments: '/admin/experiments/',
  // Where a staff invitation's mail leads: `?token=<token>`.
  adminInvitationAccept: '/admin/invitations/accept/',
  // Developer tools (DEVELOPMENT_PAGES): in production the server answers them and their API with 404.
  devClock: '/dev/clock/',
  devMailbox: '/dev/mailbox/',
} as const;

export type PageRouteName = keyof typeof PAGE_ROUTES;

/**
 * The pages that exist outside production only: the developer tools, whose API is not there
 * in production (the server answers these pages with 404 there, as it does unknown paths).
 */
export const DEVELOPMENT_PAGES: ReadonlySet<PageRouteName> = new Set<PageRouteName>([
  'devClock',
  'devMailbox',
]);

// Most specific first (fewest `:params`), as the router ranks them: `/courses/search/` is the
// search page, not a category called "search". Made on first use: a page that only links to
// routes then carries no code that runs over every route at start.
let ranked: { name: PageRouteName; pattern: RegExp }[] | null = null;
const rankedRoutes = () =>
  (ranked ??= (Object.keys(PAGE_ROUTES) as PageRouteName[])
    .map((name) => ({
      name,
      params: PAGE_ROUTES[name].split(':').length - 1,
      pattern: new RegExp(`^${PAGE_ROUTES[name].replace(/:[a-zA-Z_]+/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params));

/** The page a path (without query) shows, or undefined where no page is (the 404 page). */
export function pageRouteAt(pathname: string): PageRouteName | undefined {
  return rankedRoutes().find((route) => route.pattern.test(pathname))?.name;
}

/** Fills a route pattern's `:name` segments (encoded): `pagePath('courseLanding', { slug: 'x' })`. */
export function pagePath(name: PageRouteName, params: Record<string, string | number> = {}): string {
  return PAGE_ROUTES[name].replace(/:([a-zA-Z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`pagePath(${name}) needs "${key}".`);
    return encodeURIComponent(String(value));
  });
}

/** True when the path (without query) is one of the app's pages. */
export function isKnownPagePath(pathname: string): boolean {
  return rankedRoutes().some((route) => route.pattern.test(pathname));
}

/** True when the path is a page that exists where the server runs: in production, none of DEVELOPMENT_PAGES. */
export function isServedPagePath(pathname: string, environment: { production: boolean }): boolean {
  const page = pageRouteAt(pathname);
  return page !== undefined && !(environment.production && DEVELOPMENT_PAGES.has(page));
}

/**
 * The `next` parameter of the login and signup pages must stay on this site: a relative
 * path starting with a single slash. Anything else falls back to the home page.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/**
 * Where a plan is managed and its receipts open: an organization's in its admin area, a
 * learner's on their own subscription page (the server's redirects and the web app agree).
 */
export function planPagesOf(managedBy: 'organization' | 'user') {
  return managedBy === 'organization'
    ? { manage: PAGE_ROUTES.organizationSubscription, receipt: PAGE_ROUTES.organizationReceipt }
    : { manage: PAGE_ROUTES.manageSubscriptions, receipt: PAGE_ROUTES.subscriptionReceipt };
}
