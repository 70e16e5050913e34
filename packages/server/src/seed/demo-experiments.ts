import { FEATURE_CODES, type ExperimentInput } from '@lectern/domain';
import { WALL_CLOCK } from '../platform/clock/clock.js';
import type { Database } from '../platform/db/database.js';
import { createExperimentsService } from '../modules/experiments/experiments.service.js';

/**
 * The demo's experiments, for the operator to explore at /admin/experiments/. None runs: a
 * running one would give the demo's buyers (and the browser tests' fresh accounts) a variant
 * drawn at random, so the operator starts them by hand.
 */
const DEMO_EXPERIMENTS: ExperimentInput[] = [
  {
    featureCode: FEATURE_CODES.bnplPaymentTimeline,
    name: 'Buy-now-pay-later payment timeline',
    description:
      'Does showing the instalment timeline under the Afterpay and Klarna forms raise completed payments?',
    trafficPercent: 100,
    targeting: {},
    defaultConfiguration: { variant: 'default' },
    variants: [
      { key: 'control', weight: 1, configuration: {} },
      { key: 'default', weight: 1, configuration: {} },
    ],
  },
  {
    featureCode: FEATURE_CODES.dacOnCheckout,
    name: 'Guest checkout with an e-mail only',
    description: 'Visitors buy a course with their e-mail address; the account is created on success.',
    trafficPercent: 50,
    targeting: { loggedIn: false },
    defaultConfiguration: { isEnabled: false },
    variants: [
      { key: 'control', weight: 1, configuration: { isEnabled: false } },
      { key: 'guest_checkout', weight: 1, configuration: { isEnabled: true } },
    ],
  },
  {
    featureCode: FEATURE_CODES.courseCardsOpenInNewTab,
    name: 'Course cards open in a new tab',
    description: 'Desktop visitors in the US and Brazil.',
    trafficPercent: 20,
    targeting: { countries: ['US', 'BR'] },
    defaultConfiguration: { isEnabled: false },
    variants: [
      { key: 'control', weight: 1, configuration: { isEnabled: false } },
      { key: 'new_tab', weight: 1, configuration: { isEnabled: true } },
    ],
  },
  {
    featureCode: FEATURE_CODES.courseCardPrefetch,
    name: 'Prefetch the course page from its card',
    description:
      'Hovering or focusing a course card loads its course page in the background: do more visitors open a course?',
    trafficPercent: 50,
    targeting: {},
    defaultConfiguration: { isEnabled: false },
    variants: [
      { key: 'control', weight: 1, configuration: { isEnabled: false } },
      { key: 'prefetch', weight: 1, configuration: { isEnabled: true } },
    ],
  },
  {
    featureCode: FEATURE_CODES.delayCourseCardQuickViewBox,
    name: 'Slower course card quick view',
    description:
      'The quick view box opens after 1 second of hover instead of 0.3 (delayMs, 100 to 5000): fewer boxes in the way, fewer adds to cart?',
    trafficPercent: 50,
    targeting: {},
    defaultConfiguration: { isEnabled: false },
    variants: [
      { key: 'control', weight: 1, configuration: { isEnabled: false } },
      { key: 'delayed', weight: 1, configuration: { isEnabled: true, delayMs: 1000 } },
    ],
  },
  {
    featureCode: FEATURE_CODES.hideWishlistButtonOnCourseCardQuickViewBox,
    name: 'Quick view without the wishlist button',
    description: 'Does "Add to cart" alone in the course card quick view box sell more?',
    trafficPercent: 50,
    targeting: {},
    defaultConfiguration: { isEnabled: false },
    variants: [
      { key: 'control', weight: 1, configuration: { isEnabled: false } },
      { key: 'no_wishlist', weight: 1, configuration: { isEnabled: true } },
    ],
  },
  {
    featureCode: FEATURE_CODES.authFullPageRedirect,
    name: 'Sign-in pages load in full',
    description:
      'Visitors reach the log-in and sign-up pages with a full page load instead of in-app navigation.',
    trafficPercent: 50,
    targeting: { loggedIn: false },
    defaultConfiguration: { isEnabled: false },
    variants: [
      { key: 'control', weight: 1, configuration: { isEnabled: false } },
      { key: 'full_page', weight: 1, configuration: { isEnabled: true } },
    ],
  },
];

export async function seedDemoExperiments(db: Database, operatorId: number): Promise<void> {
  const experiments = createExperimentsService({ db, clock: WALL_CLOCK });
  for (const experiment of DEMO_EXPERIMENTS) await experiments.create(experiment, operatorId);
}
