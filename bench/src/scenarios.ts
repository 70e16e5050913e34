// The load scenarios. Each is measured against the floor in the same run (design §8).
// To add one, append a line to `scenarios`.
import { featureAssignmentScenarios } from './feature-assignment.js';
import { learningGraphScenarios } from './learning-graph.js';

export interface Step {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, relative to the server URL. */
  path: string;
  /** JSON body for unsafe methods. */
  body?: unknown;
  /** Send the ETag of the previous response (of this connection) in If-Match. */
  ifMatch?: boolean;
}

export interface Scenario extends Step {
  name: string;
  /**
   * 'learner' sends the demo learner's session and CSRF cookies (and X-CSRFToken on unsafe methods).
   * 'visitor' gives each connection a visitor of its own (visitor and CSRF cookies), so writes
   * of different connections never touch the same cart.
   */
  as?: 'anonymous' | 'learner' | 'visitor';
  /** Which floor the scenario is compared with: the read floor (default) or the write floor. */
  floor?: 'read' | 'write';
  /** Requests that follow the first one in each measured cycle; ETags carry over (`ifMatch`). */
  then?: Step[];
  /** Requests sent once, in order, before the scenario is measured (e.g. to fill a cart). */
  setup?: Step[];
}

export const CONTEXT_FLAGS =
  'me=True&visiting=True&request=True&Config=True&experiment=True&user_specific_tracking=True';

/** One primary-key read through the server's own pool: the cheapest a DB-backed request can be. */
/** The checkout page's info call for the learner's two courses at a billing address. */
function checkoutInfo(where: string, billing: Record<string, string>): Scenario {
  return {
    name: `checkout-info POST (learner, 2 courses, ${where})`,
    method: 'POST',
    path: '/payment/checkout-info/',
    as: 'learner',
    body: {
      requested_configs: ['checkout_config', 'billing_config', 'tax_config'],
      shopping_info: { items: [2, 3].map((id) => ({ buyable: { id, buyable_object_type: 'course' } })) },
      checkout_environment: 'Marketplace',
      checkout_event: 'Info',
      billing_address: billing,
    },
  };
}

export const floor: Scenario = { name: 'floor', path: '/bench/floor/' };

/** One write transaction updating one row (of many, so connections rarely wait on each other). */
export const writeFloor: Scenario = {
  name: 'write floor',
  method: 'POST',
  path: '/bench/write-floor/',
  as: 'visitor',
  floor: 'write',
};

const CART = '/api-2.0/shopping-carts/me/';
const TEN_COURSES = '2,3,4,5,6,7,8,9,10,11';

export const scenarios: Scenario[] = [
  { name: 'contexts/me (logged in)', path: `/api-2.0/contexts/me/?${CONTEXT_FLAGS}`, as: 'learner' },
  {
    name: 'cart GET (learner, 4 items + code)',
    path: CART,
    as: 'learner',
    setup: [
      { path: CART },
      {
        method: 'POST',
        path: `${CART}cart/`,
        body: { buyables: [2, 3, 4].map((id) => ({ id, buyable_object_type: 'course' })) },
        ifMatch: true,
      },
      {
        method: 'POST',
        path: `${CART}wishlist/`,
        body: { buyables: [{ id: 6, buyable_object_type: 'course' }] },
        ifMatch: true,
      },
      { method: 'POST', path: `${CART}discounts/`, body: { codes: ['LECTERN10'] }, ifMatch: true },
      { path: CART },
    ],
  },
  {
    name: 'cart add + remove (visitor, ÷ write floor)',
    method: 'POST',
    path: `${CART}cart/`,
    body: { buyables: [{ id: 7, buyable_object_type: 'course' }] },
    ifMatch: true,
    as: 'visitor',
    floor: 'write',
    then: [{ method: 'DELETE', path: `${CART}cart/?boId=7&boType=course`, ifMatch: true }],
  },
  { name: 'pricing GET (10 ids)', path: `/api-2.0/pricing/?course_ids=${TEN_COURSES}` },
  checkoutInfo('US ZIP', { country_code: 'US', secondary_location_info: '98101' }),
  // Issue 17: two taxes each rounded on its own, from the worldwide table.
  checkoutInfo('Québec GST + QST', { country_code: 'CA', secondary_location_info: 'QC' }),
  // Issue 17: a VAT number checked (format and checksum) and reverse-charged.
  checkoutInfo('French business VAT number', { country_code: 'FR', tax_number: 'FR40303265045' }),
  {
    // The learner's Personal Plan trial (demo seed), as the subscription pages ask for it.
    name: 'currentSubscriptionEnrollment (GraphQL, learner)',
    method: 'POST',
    path: '/api/2022-03/graphql/',
    as: 'learner',
    body: {
      query:
        '{ currentSubscriptionEnrollment { id checkoutReference status licenseCount usedLicenseCount cancelDate trialEndDate billing { chargePrice { amount currency } taxPrice { amount currency } currentPeriodStartDate currentPeriodEndDate } } }',
    },
  },
  ...featureAssignmentScenarios,
  ...learningGraphScenarios,
];
