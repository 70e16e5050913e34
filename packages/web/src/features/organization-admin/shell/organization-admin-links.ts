import { ENTERPRISE_UPGRADE_URL } from '../../subscriptions/subscription-links';

/** Team-plan §2 upgrade banner 'Compare plans': the plans page of the Enterprise upgrade's site. */
export const COMPARE_PLANS_URL = new URL('/plans/', ENTERPRISE_UPGRADE_URL).toString();

/** Team-plan §2 'Need to reduce number of licenses? Email us at {email}.' (the sales team's address). */
export const LICENSE_SUPPORT_EMAIL = `support@${new URL(ENTERPRISE_UPGRADE_URL).hostname}`;
