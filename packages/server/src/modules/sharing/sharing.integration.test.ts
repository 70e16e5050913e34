import { SHARE_MESSAGES } from '@lectern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInWebApp } from '../../test-support/stand-in-web-app.js';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { shareLinks } from './sharing.tables.js';

// A stand-in build of the web app, so the 404 page of an unknown link is a rendered page.
const webDist = standInWebApp();

const SITE = 'https://learn.example.com';
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: SITE, webDistDir: webDist });
});
afterAll(() => server.stop());

const SHARE = '/api-2.0/share/';
const COURSE = `${SITE}/course/python-for-everyone/`;

async function linkOf(code: string) {
  const [row] = await server.db.select().from(shareLinks).where(eq(shareLinks.code, code));
  return row;
}

function codeOf(url: string): string {
  const match = new RegExp(`^${SITE}/s/([A-Za-z0-9_-]{8})/$`).exec(url);
  if (!match) throw new Error(`not a short link: ${url}`);
  return match[1]!;
}

describe('POST /api-2.0/share/ and GET /s/{code}/', () => {
  it('gives a visitor a short link that redirects to the page and counts each visit', async () => {
    const visitor = createTestClient(server.app);
    const response = await visitor.post(SHARE, { target: COURSE, context: 'clp' });
    expect(response.statusCode).toBe(200);
    const code = codeOf(response.data.url);
    expect(await linkOf(code)).toMatchObject({ target: COURSE, context: 'clp', userId: null, visits: 0 });

    const friend = createTestClient(server.app);
    const visit = await friend.get(`/s/${code}/`);
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe(COURSE);
    expect(visit.headers['cache-control']).toBe('no-store');
    expect((await linkOf(code))?.visits).toBe(1);

    // Without the trailing slash it still redirects straight to the page (no detour by the
    // page fallback's slash redirect).
    const noSlash = await friend.get(`/s/${code}`);
    expect(noSlash.statusCode).toBe(302);
    expect(noSlash.headers.location).toBe(COURSE);

    // Concurrent visits are all counted.
    await Promise.all(Array.from({ length: 10 }, () => friend.get(`/s/${code}/`)));
    expect((await linkOf(code))?.visits).toBe(12);

    // A HEAD (a link checker or a preview asking first) redirects too but is not a visit.
    const probe = await server.app.inject({ method: 'HEAD', url: `/s/${code}/` });
    expect(probe.statusCode).toBe(302);
    expect(probe.headers.location).toBe(COURSE);
    expect((await linkOf(code))?.visits).toBe(12);
  });

  it('records the sharer when signed in, and gives every share its own link', async () => {
    const learner = createTestClient(server.app);
    const login = await learner.login('learner@example.com');
    const first = await learner.post(SHARE, { target: `${SITE}/`, context: 'my_courses_dropdown' });
    const second = await learner.post(SHARE, { target: `${SITE}/`, context: 'my_courses_dropdown' });
    expect(first.data.url).not.toBe(second.data.url);
    expect((await linkOf(codeOf(first.data.url)))?.userId).toBe(login.data.me.id);
  });

  it('refuses targets off this site or with a query, so a link is never an open redirect', async () => {
    const client = createTestClient(server.app);
    const before = await server.db.select().from(shareLinks);
    const refused = [
      'https://evil.example/course/x/',
      'https://learn.example.com.evil.example/',
      'https://user@learn.example.com/',
      'http://learn.example.com/course/x/',
      `${COURSE}?coupon=FREE`,
      `${COURSE}#reviews`,
      '/course/python-for-everyone/',
      'javascript:alert(1)',
    ];
    for (const target of refused) {
      const response = await client.post(SHARE, { target, context: 'clp' });
      expect(response.statusCode, target).toBe(400);
      expect(response.data).toEqual({
        code: 'validation_error',
        detail: SHARE_MESSAGES.targetInvalid,
        field_errors: { target: [SHARE_MESSAGES.targetInvalid] },
      });
    }
    const badContext = await client.post(SHARE, { target: COURSE, context: 'newsletter' });
    expect(badContext.statusCode).toBe(400);
    expect(badContext.data.field_errors).toEqual({ context: [SHARE_MESSAGES.contextInvalid] });
    const empty = await client.post(SHARE, {});
    expect(empty.data.field_errors).toEqual({
      target: [SHARE_MESSAGES.targetRequired],
      context: [SHARE_MESSAGES.contextInvalid],
    });
    expect(await server.db.select().from(shareLinks)).toHaveLength(before.length);
  });

  it('answers an unknown link with the normal 404 page', async () => {
    for (const url of ['/s/AAAAAAAA/', '/s/not-a-code-at-all/']) {
      const response = await createTestClient(server.app).get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
    // Like any page address, an unknown one without its slash is sent to the slashed one first.
    const noSlash = await createTestClient(server.app).get('/s/AAAAAAAA');
    expect(noSlash.statusCode).toBe(301);
    expect(noSlash.headers.location).toBe('/s/AAAAAAAA/');
  });
});

describe('targets a Location header cannot carry (fuzzing finding)', () => {
  it('stores a non-ASCII target percent-encoded, and its link redirects', async () => {
    const client = createTestClient(server.app);
    const created = await client.post('/api-2.0/share/', { target: `${SITE}/course/café/`, context: 'clp' });
    expect(created.statusCode).toBe(200);
    const visit = await client.get(new URL(created.data.url).pathname);
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe(`${SITE}/course/caf%C3%A9/`);
  });

  it('a stored legacy target with such characters redirects encoded, or is a 404; never a 500', async () => {
    await server.db.insert(shareLinks).values([
      { code: 'legacyU1', target: `${SITE}/course/naïve/`, context: 'clp' },
      { code: 'legacyC1', target: `${SITE}/course/a\u0001b/`, context: 'clp' },
    ]);
    const client = createTestClient(server.app);
    const unicode = await client.get('/s/legacyU1/');
    expect(unicode.statusCode).toBe(302);
    expect(unicode.headers.location).toBe(`${SITE}/course/na%C3%AFve/`);
    expect((await client.get('/s/legacyC1/')).statusCode).toBe(404);
  });
});
