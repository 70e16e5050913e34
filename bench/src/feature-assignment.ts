// Feature assignment (issue 19): `POST /api/2024-01/graphql/` for the features a page needs at
// start, against running experiments. The demo seeds its experiments as drafts; the bench starts
// them in the database (the server hears the change and reloads them), so each answer hashes the
// unit into real experiments, with targeting, traffic and weights.
import pg from 'pg';
import type { Scenario } from './scenarios.js';

const START_FEATURES = [
  'bnpl_payment_timeline',
  'dac_on_checkout',
  'course_card_prefetch',
  'delay_course_card_quick_view_box',
  'hide_wishlist_button_on_course_card_quick_view_box',
  'course_cards_open_in_new_tab',
  'auth_full_page_redirect',
];

const query = `query Assign($codes: [String!]!) {
  featureVariantAssignmentsByFeatureCodes(featureCodes: $codes) { featureCode configuration isInExperiment experimentIds }
}`;

export const featureAssignmentScenarios: Scenario[] = [
  {
    name: 'feature assignment (GraphQL 2024-01, learner, 7 features)',
    method: 'POST',
    path: '/api/2024-01/graphql/',
    as: 'learner',
    body: { query, variables: { codes: START_FEATURES } },
  },
  {
    name: 'feature assignment (GraphQL 2024-01, visitor, 7 features)',
    method: 'POST',
    path: '/api/2024-01/graphql/',
    as: 'visitor',
    body: { query, variables: { codes: START_FEATURES } },
  },
];

/** Starts every seeded experiment, so assignment does its real work. */
export async function startSeededExperiments(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update experiments set status = 'running', started_at = now() where status = 'draft'`,
    );
  } finally {
    await client.end();
  }
}
