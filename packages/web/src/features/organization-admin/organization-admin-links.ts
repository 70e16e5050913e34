import { ENTERPRISE_UPGRADE_URL } from '../subscriptions/subscription-links';

/**
 * Pages of the organization admin area (team-plan §2) that are not built yet: the sidebar
 * links to them already; they join `PAGE_ROUTES` with their pages.
 */
export const ORGANIZATION_ADMIN_LINKS = {
  users: '/organization-manage-v2/users/',
  billing: '/organization-manage-v2/settings/billing/',
} as const;

/** Team-plan §2 upgrade banner 'Compare plans': the plans page of the Enterprise upgrade's site. */
export const COMPARE_PLANS_URL = new URL('/plans/', ENTERPRISE_UPGRADE_URL).toString();

/** Team-plan §2 'Need to reduce number of licenses? Email us at {email}.' (the sales team's address). */
export const LICENSE_SUPPORT_EMAIL = `support@${new URL(ENTERPRISE_UPGRADE_URL).hostname}`;
