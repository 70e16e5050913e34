import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../platform/api';
import { fakeServer, json } from '../../test-utils/fake-server';
import { fetchUserCookiePreferences } from './consent-api';

const client = (status: number) =>
  new ApiClient({
    fetch: fakeServer({
      'GET /privacy/user-cookie-preferences/': json({ detail: 'x', code: 'x' }, status),
    }).fetch,
    navigatorLanguage: () => 'en-US',
  });

describe('fetchUserCookiePreferences', () => {
  it('treats a 4xx as no stored choice and rejects on a server error', async () => {
    await expect(fetchUserCookiePreferences(client(401))).resolves.toEqual({
      preferences: null,
      updated: null,
    });
    await expect(fetchUserCookiePreferences(client(404))).resolves.toEqual({
      preferences: null,
      updated: null,
    });
    await expect(fetchUserCookiePreferences(client(503))).rejects.toMatchObject({ statusCode: 503 });
  });
});
