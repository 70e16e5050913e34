// Feature assignment (issue 19): `POST /api/2024-01/graphql/` for the features a page needs at
// start, against running experiments. The demo seeds its experiments as drafts; the bench starts
// them in the database (the server hears the change and reloads them), so each answer hashes the
// unit into real experiments, with targeting, traffic and weights.
import { START_FEATURE_CODES } from '@lectern/domain';
import pg from 'pg';
import type { Scenario } from './scenarios.js';

const query = `query Assign($codes: [String!]!) {
  featureVariantAssignmentsByFeatureCodes(featureCodes: $codes) { featureCode configuration isInExperiment experimentIds }
}`;

export const featureAssignmentScenarios: Scenario[] = [
  {
    name: 'feature assignment (GraphQL 2024-01, learner, 7 features)',
    method: 'POST',
    path: '/api/2024-01/graphql/',
    as: 'learner',
    body: { query, variables: { codes: START_FEATURE_CODES } },
  },
  {
    name: 'feature assignment (GraphQL 2024-01, visitor, 7 features)',
    method: 'POST',
    path: '/api/2024-01/graphql/',
    as: 'visitor',
    body: { query, variables: { codes: START_FEATURE_CODES } },
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
