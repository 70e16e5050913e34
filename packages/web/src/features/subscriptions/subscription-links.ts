// Outbound links of the subscription pages (team-plan §2): the sales demo and the Enterprise
// upgrade page are run by sales, outside this app.

const BUSINESS_SITE = 'https://business.example.com';

/** Team-plan §2 region-restriction banner: 'Request a demo', with reference indupgrade. */
export const REQUEST_DEMO_URL = `${BUSINESS_SITE}/request-demo/?ref=indupgrade`;

/** Team-plan §2 upgrade call to action: the Enterprise page with its utm parameters. */
export const ENTERPRISE_UPGRADE_URL = `${BUSINESS_SITE}/plans/enterprise/?${new URLSearchParams({
  utm_source: 'product',
  utm_medium: 'upgrade',
  utm_content: 'upgrade-cta',
}).toString()}`;
