// Team-plan §2, §4 and §8 texts of the subscription pages, in one place for server and browser.

export const SUBSCRIPTION_MESSAGES = {
  regionRestrictedNew: (brand: string) =>
    `${brand} Business is not available for online purchase in your region.`,
  regionRestrictedLicenses: 'Additional licenses are not available for online purchase in your region.',
  regionRestrictedBody:
    'Request a demo and a sales representative will reach out to assist with your account setup.',
  requestDemo: 'Request a demo',
  buyTeamPlanTitle: (brand: string) => `Buy ${brand} Business - Team Plan`,
  buyLicensesTitle: 'Buy additional user licenses',
  resubscribeTitle: (brand: string) => `Resubscribe to ${brand} Business - Team Plan`,
  loadFailed: 'Unexpected error. Please check your internet and try again.',
  cancelFailed: 'Failed to cancel. Please check your internet and try again.',
  reactivateFailed: 'Failed to reactivate. Please check your internet and try again.',
  cancelled: 'You have cancelled your Team Plan subscription.',
  // Ours: the personal plan's wording of the same banner.
  personalCancelled: 'You have cancelled your Personal Plan subscription.',
  reactivated: 'You have reactivated your subscription successfully.',
  personalPlanName: 'Personal Plan',
  personalPlanTagline: 'New opportunities await.',
  returnUrlMissing: 'return url is not found',
  // Ours: a checkout refused (or ended) because of what the subscriber already has; the spec
  // does not word them. Each says that nothing was charged, which is true wherever they show.
  alreadySubscribed:
    'You already have this subscription, so nothing was charged here. Manage it from your subscription page.',
  licenseLimitReached:
    'This plan already has as many licenses as it can hold, so none were added and nothing was charged.',
  checkoutInProgress:
    'This subscription is already being paid for in another checkout. Finish or close that one first; nothing was charged here.',
} as const;

/** Team-plan §9: seconds before the page reloads after `card_already_used_for_free_trial`. */
export const FREE_TRIAL_LIMIT_RELOAD_MS = 5000;

/** Team-plan §2 Summary panel: the per-license price suffix of each interval. */
export const INTERVAL_SUFFIX = {
  YEAR: 'per year',
  MONTH: 'per month',
  WEEK: 'per week',
  DAY: 'per day',
} as const;
/** Team-plan §2 reactivate modal: the access period line of each interval. */
export const INTERVAL_ACCESS = {
  YEAR: 'Yearly access',
  MONTH: 'Monthly access',
  WEEK: 'Weekly access',
  DAY: 'Daily access',
} as const;
/** The billing interval row of the Summary panel. */
export const INTERVAL_BILLING = {
  YEAR: 'Billed annually',
  MONTH: 'Billed monthly',
  WEEK: 'Billed weekly',
  DAY: 'Billed daily',
} as const;
