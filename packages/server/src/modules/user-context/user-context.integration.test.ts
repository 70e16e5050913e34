import { START_FEATURE_CODES } from '@lectern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../../platform/config/config.js';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ brandName: 'Skillhouse' });
});
afterAll(() => server.stop());

const ALL_FLAGS =
  'me=True&visiting=True&request=True&Config=True&experiment=True&user_specific_tracking=True';

describe('GET /api-2.0/contexts/me/', () => {
  it('describes an anonymous visitor with a stable visitor record', async () => {
    const client = createTestClient(server.app);
    const first = await client.get(`/api-2.0/contexts/me/?${ALL_FLAGS}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.data.me).toEqual({ is_authenticated: false, id: null });
    expect(first.data.visiting.visitor_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(first.data.visiting.first_visit_time)).not.toBeNaN();
    const second = await client.get(`/api-2.0/contexts/me/?${ALL_FLAGS}`);
    expect(second.data.visiting).toEqual(first.data.visiting);
    expect(first.data.request).toEqual({
      language: 'en',
      locale: 'en_US',
      price_country: 'US',
      currency: 'USD',
      display_type: null,
    });
    expect(first.data.Config.brand).toEqual({
      name: 'Skillhouse',
      business_name: 'Skillhouse Business',
      has_organization: false,
      is_enterprise_china: false,
    });
    // Every start feature, none of them under a running experiment in the demo.
    expect(first.data.experiment).toEqual({
      assignments: START_FEATURE_CODES.map((featureCode) => ({
        featureCode,
        configuration: {},
        isInExperiment: false,
        experimentIds: [],
      })),
    });
  });

  it('hands the third-party switches of the configuration to the browser', async () => {
    const { data } = await createTestClient(server.app).get('/api-2.0/contexts/me/?Config=True');
    // The defaults: external sources on, third-party marketing off.
    expect(data.Config.third_party).toEqual({
      external_sources_enabled: true,
      third_party_marketing_enabled: false,
    });
    const switched = await startTestServer({
      thirdParty: { externalSourcesEnabled: false, thirdPartyMarketingEnabled: true },
    });
    try {
      const other = await createTestClient(switched.app).get('/api-2.0/contexts/me/?Config=True');
      expect(other.data.Config.third_party).toEqual({
        external_sources_enabled: false,
        third_party_marketing_enabled: true,
      });
    } finally {
      await switched.stop();
    }
  });

  it('names the seller for the legal pages, as receipts do (outside production, the demo address)', async () => {
    const { data } = await createTestClient(server.app).get('/api-2.0/contexts/me/?Config=True');
    expect(data.Config.seller).toEqual({
      name: 'Lectern',
      address: DEMO_SELLER.address,
      support_email: 'support@localhost',
    });
  });

  it('returns only the requested parts', async () => {
    const response = await createTestClient(server.app).get('/api-2.0/contexts/me/?me=True&Config=false');
    expect(Object.keys(response.data)).toEqual(['me']);
  });

  it('refuses a flag value that is not a boolean word', async () => {
    const response = await createTestClient(server.app).get('/api-2.0/contexts/me/?me=maybe');
    expect(response.statusCode).toBe(400);
    expect(response.data.field_errors.me).toEqual([
      'Use one of 0, 1, true, false, on, off, enabled, disabled.',
    ]);
  });

  it('prices a visitor by the price_country cookie', async () => {
    const client = createTestClient(server.app);
    client.jar.set('price_country', 'jp');
    const response = await client.get('/api-2.0/contexts/me/?request=True&Config=True');
    expect(response.data.request).toMatchObject({ price_country: 'JP', currency: 'JPY' });
    expect(response.data.Config.price_country.currency_formatter).toMatchObject({
      currency: 'JPY',
      scale: 0,
    });
  });

  it('describes the demo learner: credit, past purchase, no organization', async () => {
    const client = createTestClient(server.app);
    await client.login('learner@example.com');
    const { data } = await client.get(`/api-2.0/contexts/me/?${ALL_FLAGS}`);
    expect(data.me).toMatchObject({
      is_authenticated: true,
      email: 'learner@example.com',
      name: 'Lena',
      surname: 'Learner',
      display_name: 'Lena Learner',
      country: 'US',
      language: 'en',
      locale: 'en_US',
      has_made_paid_purchase: true,
      number_of_courses_purchased: 1,
      consumer_subscription_active: false,
      is_operator: false,
      credit: { amount: 2500, currency: 'USD' },
      organization: null,
    });
    expect(data.me.encrypted_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data.me).not.toHaveProperty('password_hash');
    expect(data.me).not.toHaveProperty('passwordHash');
  });

  it('describes organization owners and admins with their role and permissions', async () => {
    const owner = createTestClient(server.app);
    await owner.login('owner@example.com');
    const { data } = await owner.get(`/api-2.0/contexts/me/?${ALL_FLAGS}`);
    expect(data.me.organization).toMatchObject({ title: 'Acme Learning', type: 'Team', role: 'owner' });
    expect(data.me.organization.permissions).toContainEqual({ permission: 'manage_billing' });
    expect(data.Config.brand.has_organization).toBe(true);
    expect(data.user_specific_tracking).toMatchObject({
      is_organization_admin: true,
      is_organization_user: true,
    });

    const admin = createTestClient(server.app);
    await admin.login('admin@example.com');
    const adminContext = await admin.get('/api-2.0/contexts/me/?me=True');
    expect(adminContext.data.me.organization).toMatchObject({ title: 'Acme Learning', role: 'admin' });
  });
});

describe('PATCH /api-2.0/users/me/', () => {
  it('sets the time zone of the signed-in user', async () => {
    const client = createTestClient(server.app);
    await client.login('admin@example.com');
    const response = await client.patch('/api-2.0/users/me/', { time_zone: 'Europe/Berlin' });
    expect(response.statusCode).toBe(200);
    expect(response.data.me.time_zone).toBe('Europe/Berlin');
    expect((await client.get('/api-2.0/contexts/me/?me=True')).data.me.time_zone).toBe('Europe/Berlin');
  });

  it('refuses an unknown time zone and keeps the old one', async () => {
    const client = createTestClient(server.app);
    await client.login('admin@example.com');
    await client.patch('/api-2.0/users/me/', { time_zone: 'Asia/Tokyo' });
    const response = await client.patch('/api-2.0/users/me/', { time_zone: 'Mars/Olympus_Mons' });
    expect(response.statusCode).toBe(400);
    expect(response.data.field_errors.time_zone[0]).toMatch(/not a known time zone/);
    expect((await client.get('/api-2.0/contexts/me/?me=True')).data.me.time_zone).toBe('Asia/Tokyo');
  });

  it('refuses fields that cannot be changed here', async () => {
    const client = createTestClient(server.app);
    await client.login('admin@example.com');
    const response = await client.patch('/api-2.0/users/me/', { time_zone: 'UTC', email: 'x@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.data.field_errors).toEqual({ email: ['Unknown field.'] });
  });

  it('needs a signed-in user', async () => {
    const response = await createTestClient(server.app).patch('/api-2.0/users/me/', { time_zone: 'UTC' });
    expect(response.statusCode).toBe(401);
    expect(response.data.code).toBe('not_authenticated');
  });
});
