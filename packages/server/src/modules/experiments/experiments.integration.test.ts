import { randomUUID } from 'node:crypto';
import {
  collectorUrl,
  FEATURE_CODES,
  START_FEATURE_CODES,
  WEB_TRACKING_CLIENT_KEY,
  type AssignmentUnit,
  type ExperimentInput,
} from '@lectern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { EXPERIMENTS_ADMIN_PATH } from './experiments-admin.routes.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let operator: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  operator = createTestClient(server.app);
  await operator.login('operator@example.com');
});
afterAll(() => server.stop());

const FEATURES = '/api/2024-01/graphql/';
const BY_CODES = /* GraphQL */ `
  query Assign($codes: [String!]!, $filters: FeatureVariantAssignmentFilters) {
    featureVariantAssignmentsByFeatureCodes(featureCodes: $codes, filters: $filters) {
      featureCode
      configuration
      isInExperiment
      experimentIds
    }
  }
`;
const BY_ATTRIBUTES = /* GraphQL */ `
  query AssignWith($codes: [String!]!, $attributes: [FeatureRealtimeAttribute!]) {
    featureVariantAssignmentsByCodeAndAttributes(featureCodes: $codes, realtimeAttributes: $attributes) {
      featureCode
      configuration
      isInExperiment
      experimentIds
    }
  }
`;

const graphql = (client: TestClient, query: string, variables: Record<string, unknown>) =>
  client.post(FEATURES, { query, variables }, { headers: { accept: 'application/graphql-response+json' } });

async function assignmentOf(client: TestClient, code: string) {
  const response = await graphql(client, BY_CODES, { codes: [code] });
  expect(response.data.errors).toBeUndefined();
  return response.data.data.featureVariantAssignmentsByFeatureCodes[0];
}

const definition = (overrides: Partial<ExperimentInput> = {}): ExperimentInput => ({
  featureCode: `test_${randomUUID().slice(0, 8)}`,
  name: 'Checkout button colour',
  description: '',
  trafficPercent: 100,
  targeting: {},
  defaultConfiguration: { colour: 'grey' },
  variants: [
    { key: 'blue', weight: 1, configuration: { colour: 'blue' } },
    { key: 'green', weight: 1, configuration: { colour: 'green' } },
  ],
  ...overrides,
});

async function started(overrides: Partial<ExperimentInput> = {}) {
  const created = await operator.post(EXPERIMENTS_ADMIN_PATH, definition(overrides));
  expect(created.statusCode).toBe(201);
  const start = await operator.post(`${EXPERIMENTS_ADMIN_PATH}${created.data.id}/start/`);
  expect(start.statusCode).toBe(200);
  expect(start.data.status).toBe('running');
  return start.data as { id: number; featureCode: string };
}

describe('the operator’s experiments API', () => {
  it('answers 401 to a visitor and 403 to a learner, and lists the seeded experiments to an operator', async () => {
    expect((await createTestClient(server.app).get(EXPERIMENTS_ADMIN_PATH)).statusCode).toBe(401);
    const learner = createTestClient(server.app);
    await learner.login('learner@example.com');
    const refused = await learner.get(EXPERIMENTS_ADMIN_PATH);
    expect(refused.statusCode).toBe(403);
    expect(refused.data.code).toBe('permission_denied');
    expect((await learner.post(EXPERIMENTS_ADMIN_PATH, definition())).statusCode).toBe(403);

    const list = await operator.get(EXPERIMENTS_ADMIN_PATH);
    expect(list.statusCode).toBe(200);
    const codes = list.data.results.map((experiment: { featureCode: string }) => experiment.featureCode);
    expect(codes).toEqual(
      expect.arrayContaining([FEATURE_CODES.bnplPaymentTimeline, FEATURE_CODES.dacOnCheckout]),
    );
    expect(list.data.results.every((experiment: { status: string }) => experiment.status === 'draft')).toBe(
      true,
    );
  });

  it('refuses a bad definition with field errors and stores nothing', async () => {
    const before = (await operator.get(EXPERIMENTS_ADMIN_PATH)).data.results.length;
    const response = await operator.post(EXPERIMENTS_ADMIN_PATH, {
      ...definition(),
      trafficPercent: 140,
      variants: [{ key: 'Blue!', weight: 1, configuration: {} }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.data.field_errors).toMatchObject({
      trafficPercent: ['The share of traffic is 0 to 100.'],
      'variants.0.key': ['Use up to 32 lower-case letters, digits, _ and -, starting with a letter.'],
    });
    expect((await operator.get(EXPERIMENTS_ADMIN_PATH)).data.results.length).toBe(before);
  });

  it('runs one experiment per feature at a time, and freezes a running one’s arms', async () => {
    const first = await started();
    const second = await operator.post(
      EXPERIMENTS_ADMIN_PATH,
      definition({ featureCode: first.featureCode }),
    );
    const refused = await operator.post(`${EXPERIMENTS_ADMIN_PATH}${second.data.id}/start/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.data.detail).toBe(
      `Another experiment of "${first.featureCode}" is running; stop it first.`,
    );

    const reweighted = definition({ featureCode: first.featureCode, trafficPercent: 10 });
    const edit = await operator.put(`${EXPERIMENTS_ADMIN_PATH}${first.id}/`, reweighted);
    expect(edit.statusCode).toBe(409);
    const renamed = await operator.put(`${EXPERIMENTS_ADMIN_PATH}${first.id}/`, {
      ...definition({ featureCode: first.featureCode }),
      name: 'Button colour, second try',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.data).toMatchObject({
      name: 'Button colour, second try',
      trafficPercent: 100,
      status: 'running',
    });

    expect((await operator.post(`${EXPERIMENTS_ADMIN_PATH}${first.id}/stop/`)).data.status).toBe('stopped');
    const now = await operator.post(`${EXPERIMENTS_ADMIN_PATH}${second.data.id}/start/`);
    expect(now.statusCode).toBe(200);
    expect((await operator.get(`${EXPERIMENTS_ADMIN_PATH}999999/`)).statusCode).toBe(404);
  });
});

describe('POST /api/2024-01/graphql/ feature assignment', () => {
  it('gives a signed-in user the same variant on every call and every device', async () => {
    const experiment = await started();
    const phone = createTestClient(server.app);
    await phone.login('sam@acme.example');
    const laptop = createTestClient(server.app);
    await laptop.login('sam@acme.example');
    const first = await assignmentOf(phone, experiment.featureCode);
    expect(first).toMatchObject({ isInExperiment: true, experimentIds: [experiment.id] });
    expect(['blue', 'green']).toContain(first.configuration.variant);
    expect(first.configuration.colour).toBe(first.configuration.variant);
    for (const client of [phone, laptop, phone]) {
      expect(await assignmentOf(client, experiment.featureCode)).toEqual(first);
    }
  });

  it('assigns a visitor by their visitor cookie, set by the first answer', async () => {
    const experiment = await started();
    const visitor = createTestClient(server.app);
    const first = await assignmentOf(visitor, experiment.featureCode);
    expect(visitor.jar.has('lectern_visitor')).toBe(true);
    expect(first.isInExperiment).toBe(true);
    expect(await assignmentOf(visitor, experiment.featureCode)).toEqual(first);
  });

  it('answers {} once the experiment stops, as for a feature never tested', async () => {
    const experiment = await started();
    const client = createTestClient(server.app);
    await operator.post(`${EXPERIMENTS_ADMIN_PATH}${experiment.id}/stop/`);
    const response = await graphql(client, BY_CODES, {
      codes: [experiment.featureCode, 'nobody_tests_this'],
    });
    expect(response.data.data.featureVariantAssignmentsByFeatureCodes).toEqual([
      {
        featureCode: experiment.featureCode,
        configuration: {},
        isInExperiment: false,
        experimentIds: [],
      },
      { featureCode: 'nobody_tests_this', configuration: {}, isInExperiment: false, experimentIds: [] },
    ]);
    const inOnly = await graphql(client, BY_CODES, {
      codes: [experiment.featureCode],
      filters: { isInExperiment: true },
    });
    expect(inOnly.data.data.featureVariantAssignmentsByFeatureCodes).toEqual([]);
  });

  it('targets by realtime attributes and sign-in', async () => {
    const experiment = await started({ targeting: { attributes: { device: ['ios'] }, loggedIn: false } });
    const visitor = createTestClient(server.app);
    const assign = async (attributes: { key: string; value: string }[]) =>
      (await graphql(visitor, BY_ATTRIBUTES, { codes: [experiment.featureCode], attributes })).data.data
        .featureVariantAssignmentsByCodeAndAttributes[0];
    expect((await assign([{ key: 'device', value: 'ios' }])).isInExperiment).toBe(true);
    // Outside the targeting: the experiment's default configuration.
    expect(await assign([{ key: 'device', value: 'android' }])).toEqual({
      featureCode: experiment.featureCode,
      configuration: { colour: 'grey' },
      isInExperiment: false,
      experimentIds: [],
    });
    expect((await assign([])).isInExperiment).toBe(false);
    const learner = createTestClient(server.app);
    await learner.login('learner@example.com');
    const signedIn = await graphql(learner, BY_ATTRIBUTES, {
      codes: [experiment.featureCode],
      attributes: [{ key: 'device', value: 'ios' }],
    });
    expect(signedIn.data.data.featureVariantAssignmentsByCodeAndAttributes[0].isInExperiment).toBe(false);
  });

  it('refuses bad input with BAD_USER_INPUT and a field error', async () => {
    const client = createTestClient(server.app);
    const empty = await graphql(client, BY_CODES, { codes: [] });
    expect(empty.data.errors[0]).toMatchObject({
      message: 'Ask for at least one feature code.',
      extensions: {
        code: 'BAD_USER_INPUT',
        field_errors: { featureCodes: ['Ask for at least one feature code.'] },
      },
    });
    const tooMany = await graphql(client, BY_CODES, { codes: Array.from({ length: 51 }, (_, i) => `f${i}`) });
    expect(tooMany.data.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const wrongType = await graphql(client, BY_CODES, { codes: [5] });
    expect(wrongType.data.errors[0].extensions.code).toBeDefined();
    const unknownField = await client.post(
      FEATURES,
      { query: '{ subscriptionPlans { id } }' },
      { headers: { accept: 'application/graphql-response+json' } },
    );
    expect(unknownField.data.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('splits 100,000 synthetic units within 1% of the weights, each unit always the same', async () => {
    const experiment = await started({
      variants: [
        { key: 'a', weight: 1, configuration: {} },
        { key: 'b', weight: 2, configuration: {} },
        { key: 'c', weight: 7, configuration: {} },
      ],
    });
    const { experiments } = server;
    const counts: Record<string, number> = {};
    const unit = (index: number): AssignmentUnit => ({
      unitId: `visitor:${randomUUID()}-${index}`,
      loggedIn: false,
      country: 'US',
      locale: 'en_US',
      attributes: {},
    });
    for (let index = 0; index < 100_000; index += 1) {
      const [assignment] = await experiments.assign([experiment.featureCode], unit(index));
      const key = String(assignment!.configuration.variant);
      counts[key] = (counts[key] ?? 0) + 1;
    }
    expect(Math.abs(counts.a! / 100_000 - 0.1)).toBeLessThan(0.01);
    expect(Math.abs(counts.b! / 100_000 - 0.2)).toBeLessThan(0.01);
    expect(Math.abs(counts.c! / 100_000 - 0.7)).toBeLessThan(0.01);
    const same = unit(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => experiments.assign([experiment.featureCode], same)),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  });
});

describe('the user context and exposures', () => {
  it('carries every start feature’s assignment, and the BNPL timeline’s variant once it runs', async () => {
    const context = async (client: TestClient) =>
      (await client.get('/api-2.0/contexts/me/?experiment=True&me=True')).data.experiment.assignments as {
        featureCode: string;
        configuration: Record<string, unknown>;
      }[];
    const learner = createTestClient(server.app);
    await learner.login('learner@example.com');
    const before = await context(learner);
    expect(before.map((assignment) => assignment.featureCode)).toEqual([...START_FEATURE_CODES]);

    const seeded = (await operator.get(EXPERIMENTS_ADMIN_PATH)).data.results.find(
      (experiment: { featureCode: string }) => experiment.featureCode === FEATURE_CODES.bnplPaymentTimeline,
    );
    // Everyone in the control arm: the checkout hides the timeline.
    const allControl = await operator.put(`${EXPERIMENTS_ADMIN_PATH}${seeded.id}/`, {
      ...definition({ featureCode: FEATURE_CODES.bnplPaymentTimeline }),
      variants: [
        { key: 'control', weight: 1, configuration: {} },
        { key: 'default', weight: 0, configuration: {} },
      ],
    });
    expect(allControl.statusCode).toBe(200);
    await operator.post(`${EXPERIMENTS_ADMIN_PATH}${seeded.id}/start/`);
    const after = await context(learner);
    expect(after.find((assignment) => assignment.featureCode === FEATURE_CODES.bnplPaymentTimeline)).toEqual({
      featureCode: FEATURE_CODES.bnplPaymentTimeline,
      configuration: { variant: 'control' },
      isInExperiment: true,
      experimentIds: [seeded.id],
    });
    await operator.post(`${EXPERIMENTS_ADMIN_PATH}${seeded.id}/stop/`);
  });

  it('counts each unit’s exposures once per variant on the operator’s list', async () => {
    const experiment = await started();
    const exposure = (visitorUuid: string, variant: string) => ({
      type: 'ExperimentExposure',
      eventId: randomUUID(),
      clientTimestamp: new Date().toISOString(),
      visitorUuid,
      trackingSessionId: 'session-1',
      featureCode: experiment.featureCode,
      variant,
      experimentId: experiment.id,
    });
    const events = [
      exposure('visitor-1', 'blue'),
      exposure('visitor-1', 'blue'),
      exposure('visitor-2', 'blue'),
      exposure('visitor-3', 'green'),
    ];
    const sent = await createTestClient(server.app).post(
      collectorUrl({ client_key: WEB_TRACKING_CLIENT_KEY, client_version: '1.0.0' }),
      undefined,
      {
        rawBody: JSON.stringify(events),
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        csrf: false,
      },
    );
    expect(sent.statusCode).toBe(200);
    const summary = await operator.get(`${EXPERIMENTS_ADMIN_PATH}${experiment.id}/`);
    expect(summary.data.exposures).toEqual({ blue: 2, green: 1 });
  });
});
