import { CONSENT_MESSAGES, USER_COOKIE_PREFERENCES_PATH } from '@lectern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { userCookiePreferences } from './privacy.tables.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const PATH = USER_COOKIE_PREFERENCES_PATH;
const CHOICE = { C0001: 'true', C0002: 'true', C0003: 'false', C0004: 'false', C0005: 'true' };

async function signup(n: number) {
  const client = createTestClient(server.app, { ip: `10.8.0.${n}` });
  const response = await client.post('/api-2.0/auth/signup/', {
    name: `Consent User${n}`,
    email: `consent-${n}@example.com`,
    password: 'consent-user-password',
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  return { client, userId: response.data.me.id as number };
}

describe('POST /privacy/user-cookie-preferences/', () => {
  it('saves a signed-in user’s choice and restores it on their next visit', async () => {
    const { client } = await signup(1);
    const before = await client.get(PATH);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('private, no-store');
    expect(before.data).toEqual({ preferences: null, updated: null });

    const saved = await client.post(PATH, { preferences: CHOICE });
    expect(saved.statusCode).toBe(200);
    expect(saved.data).toEqual({
      preferences: CHOICE,
      updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    // A new browser: log out, log in again elsewhere, the choice is there.
    await client.post('/api-2.0/auth/logout/');
    const elsewhere = createTestClient(server.app, { ip: '10.8.1.1' });
    await elsewhere.post('/api-2.0/auth/login/', {
      email: 'consent-1@example.com',
      password: 'consent-user-password',
    });
    const restored = await elsewhere.get(PATH);
    expect(restored.data).toEqual(saved.data);

    // A later change replaces it.
    const withdrawn = { ...CHOICE, C0002: 'false', C0005: 'false' };
    expect((await elsewhere.post(PATH, { preferences: withdrawn })).statusCode).toBe(200);
    expect((await elsewhere.get(PATH)).data.preferences).toEqual(withdrawn);
  });

  it('refuses an invalid body with field errors and changes nothing', async () => {
    const { client, userId } = await signup(2);
    await client.post(PATH, { preferences: CHOICE });
    const stored = await server.db
      .select()
      .from(userCookiePreferences)
      .where(eq(userCookiePreferences.userId, userId));

    const offRequired = await client.post(PATH, { preferences: { ...CHOICE, C0001: 'false' } });
    expect(offRequired.statusCode).toBe(400);
    expect(offRequired.data).toMatchObject({
      code: 'validation_error',
      field_errors: { 'preferences.C0001': [CONSENT_MESSAGES.requiredCategory] },
    });

    const badValues = await client.post(PATH, { preferences: { ...CHOICE, C0002: true, C0009: 'true' } });
    expect(badValues.statusCode).toBe(400);
    expect(badValues.data.field_errors).toEqual({
      'preferences.C0002': [CONSENT_MESSAGES.invalidValue],
      'preferences.C0009': [CONSENT_MESSAGES.unknownCategory],
    });

    const missing = await client.post(PATH, { preferences: { C0001: 'true' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.data.field_errors)).toEqual([
      'preferences.C0002',
      'preferences.C0003',
      'preferences.C0004',
      'preferences.C0005',
    ]);

    const noBody = await client.post(PATH, {});
    expect(noBody.data.field_errors).toEqual({ preferences: [CONSENT_MESSAGES.preferencesRequired] });

    expect(
      await server.db.select().from(userCookiePreferences).where(eq(userCookiePreferences.userId, userId)),
    ).toEqual(stored);
  });

  it('is for signed-in users only', async () => {
    const visitor = createTestClient(server.app);
    expect((await visitor.post(PATH, { preferences: CHOICE })).statusCode).toBe(401);
    expect((await visitor.get(PATH)).statusCode).toBe(401);
  });
});
