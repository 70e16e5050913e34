import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/test-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { firstError } from '../../test-support/graphql-kit.js';
import { FEATURES_GRAPHQL_PATH, GRAPHQL_PATH } from './graphql-endpoint.js';
import { PERSISTED_DOCUMENTS } from './persisted-documents.generated.js';

// Persisted queries (decision 0028): the web app's documents are known to the server by the
// SHA-256 of their text; a client sends the hash instead of the text.

const ACCEPT = { headers: { accept: 'application/graphql-response+json' } };
const PLANS = 'SubscriptionPlansByProductType';
/** The document (a web `.graphql` file) that holds the plans query. */
const PLANS_HASH = Object.entries(PERSISTED_DOCUMENTS).find(([, text]) =>
  text.includes(`query ${PLANS}(`),
)![0];
const UNKNOWN_HASH = '0'.repeat(64);
const TEXT = '{ subscriptionPlans { id productType } }';

const persisted = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

/** POSTs `{operationName, variables, extensions}` without the text, as the web app does. */
const postPersisted = (client: TestClient, hash: string, operationName = PLANS, extra: object = {}) =>
  client.post(
    GRAPHQL_PATH,
    { operationName, variables: { productType: 'TEAM' }, extensions: persisted(hash), ...extra },
    ACCEPT,
  );

/** The same by GET, each parameter JSON in the URL (GraphQL over HTTP). */
const getPersisted = (client: TestClient, hash: string, operationName = PLANS) =>
  client.get(
    `${GRAPHQL_PATH}?${new URLSearchParams({
      operationName,
      variables: JSON.stringify({ productType: 'TEAM' }),
      extensions: JSON.stringify(persisted(hash)),
    }).toString()}`,
    ACCEPT,
  );

const planTypes = (response: {
  data: { data?: { subscriptionPlansByProductType?: { productType: string }[] } };
}) => response.data.data?.subscriptionPlansByProductType?.map((plan) => plan.productType);

describe('persisted queries outside production', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('runs a known hash by POST and by GET, with the operation the request names', async () => {
    const visitor = createTestClient(server.app);
    const byPost = await postPersisted(visitor, PLANS_HASH);
    expect(byPost.statusCode, byPost.body).toBe(200);
    expect(planTypes(byPost)).toEqual(['TEAM']);
    const byGet = await getPersisted(visitor, PLANS_HASH);
    expect(byGet.statusCode, byGet.body).toBe(200);
    expect(planTypes(byGet)).toEqual(['TEAM']);
    // A text sent along with a known hash is not what runs: the stored document is.
    const withOtherText = await postPersisted(visitor, PLANS_HASH, PLANS, { query: '{ nothingHere }' });
    expect(planTypes(withOtherText)).toEqual(['TEAM']);
  });

  it('refuses a mutation of a persisted document by GET (405)', async () => {
    const visitor = createTestClient(server.app);
    const response = await getPersisted(visitor, PLANS_HASH, 'SubscriptionEnrollmentCancel');
    expect(response.statusCode).toBe(405);
  });

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND, so the client can send the text', async () => {
    const visitor = createTestClient(server.app);
    const response = await postPersisted(visitor, UNKNOWN_HASH);
    expect(response.statusCode).toBe(400);
    expect(firstError(response).code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(firstError(await getPersisted(visitor, UNKNOWN_HASH)).code).toBe('PERSISTED_QUERY_NOT_FOUND');
    // The text sent with the unknown hash is run (outside production only).
    const withText = await postPersisted(visitor, UNKNOWN_HASH, PLANS, {
      query: 'query SubscriptionPlansByProductType { subscriptionPlans { productType } }',
      variables: {},
    });
    expect(withText.statusCode, withText.body).toBe(200);
    expect(withText.data.data.subscriptionPlans.length).toBeGreaterThan(0);
  });

  it('accepts the query text', async () => {
    const response = await createTestClient(server.app).post(GRAPHQL_PATH, { query: TEXT }, ACCEPT);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.data.subscriptionPlans.length).toBeGreaterThan(0);
  });

  it('refuses a malformed persistedQuery with BAD_REQUEST', async () => {
    const visitor = createTestClient(server.app);
    for (const persistedQuery of [{ version: 2, sha256Hash: PLANS_HASH }, { version: 1 }, 'abc']) {
      const response = await visitor.post(
        GRAPHQL_PATH,
        { operationName: PLANS, extensions: { persistedQuery } },
        ACCEPT,
      );
      expect(response.statusCode).toBe(400);
      expect(firstError(response).code).toBe('BAD_REQUEST');
    }
  });
});

describe('persisted queries in production', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ env: 'production', isProduction: true, seedDemoData: false });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A client that sends the production CSRF cookie's token (`__Host-csrftoken`) on POSTs. */
  async function productionClient() {
    const client = createTestClient(server.app);
    await client.get('/healthz');
    const token = client.jar.get('__Host-csrftoken')!;
    return {
      post: (body: object) =>
        client.post(GRAPHQL_PATH, body, {
          headers: { ...ACCEPT.headers, 'x-csrftoken': token },
          csrf: false,
        }),
      get: (url: string) => client.get(url, ACCEPT),
      client,
    };
  }

  it('runs known hashes by POST and GET', async () => {
    const { client, post } = await productionClient();
    const byPost = await post({
      operationName: PLANS,
      variables: { productType: 'CONSUMERSUBSCRIPTION' },
      extensions: persisted(PLANS_HASH),
    });
    expect(byPost.statusCode, byPost.body).toBe(200);
    // An unseeded server has no plans: the query ran and answered the empty list.
    expect(byPost.data.data).toEqual({ subscriptionPlansByProductType: expect.any(Array) });
    const byGet = await getPersisted(client, PLANS_HASH);
    expect(byGet.statusCode, byGet.body).toBe(200);
    expect(byGet.data.data).toEqual({ subscriptionPlansByProductType: expect.any(Array) });
  });

  it('refuses the query text with PERSISTED_QUERY_REQUIRED, by POST and by GET', async () => {
    const { post, get } = await productionClient();
    const byPost = await post({ query: TEXT });
    expect(byPost.statusCode).toBe(400);
    expect(firstError(byPost)).toMatchObject({
      code: 'PERSISTED_QUERY_REQUIRED',
      message: expect.stringContaining('persisted queries'),
    });
    const byGet = await get(`${GRAPHQL_PATH}?query=${encodeURIComponent(TEXT)}`);
    expect(firstError(byGet).code).toBe('PERSISTED_QUERY_REQUIRED');
  });

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND, even with the text along', async () => {
    const { post } = await productionClient();
    const alone = await post({ operationName: PLANS, extensions: persisted(UNKNOWN_HASH) });
    expect(firstError(alone).code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const withText = await post({ query: TEXT, extensions: persisted(UNKNOWN_HASH) });
    expect(firstError(withText).code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('leaves the feature-assignment endpoint, which has no persisted documents, taking text', async () => {
    const { client } = await productionClient();
    const response = await client.get(
      `${FEATURES_GRAPHQL_PATH}?query=${encodeURIComponent('{ featureVariantAssignmentsByFeatureCodes(featureCodes: ["x"]) { featureCode } }')}`,
      ACCEPT,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.data.featureVariantAssignmentsByFeatureCodes).toEqual([{ featureCode: 'x' }]);
  });
});
