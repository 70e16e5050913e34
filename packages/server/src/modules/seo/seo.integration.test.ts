import type { CourseCategory, CourseSummary } from '@lectern/domain';
import Fastify from 'fastify';
// jsdom's XML parser (a dependency of the web app's tests): strict, with namespaces.
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { standInWebApp } from '../../test-support/stand-in-web-app.js';
import { createCatalogService } from '../catalog/catalog.service.js';
import { seoRoutes } from './seo.routes.js';
import { createSeoService } from './seo.service.js';

const SITE = 'https://learn.example.com';

let server: Awaited<ReturnType<typeof startTestServer>>;
let courses: CourseSummary[];
let categories: CourseCategory[];
beforeAll(async () => {
  // The web app's fallback is in place: these files must answer before it.
  server = await startTestServer({ publicUrl: SITE, webDistDir: standInWebApp() });
  const { seedWriter } = createCatalogService(server.db);
  // Nothing private may be listed: a private course, an unpublished one, and a category whose
  // only course is private.
  const secretCategory = await seedWriter.insertCategory({ slug: 'secret-category', title: 'Secret' });
  await seedWriter.insertCourses([
    { slug: 'private-course', title: 'Private', primaryCategoryId: 1, priceTierId: 1, isPrivate: true },
    { slug: 'draft-course', title: 'Draft', primaryCategoryId: 1, priceTierId: 1, isPublished: false },
    {
      slug: 'secret-course',
      title: 'Secret',
      primaryCategoryId: secretCategory,
      priceTierId: 1,
      isPrivate: true,
    },
  ]);
  const client = createTestClient(server.app);
  courses = (await client.get('/api-2.0/courses/?page_size=100')).data.results;
  categories = (await client.get('/api-2.0/course-categories/')).data.results;
});
afterAll(() => server.stop());

const get = (url: string) => server.app.inject({ method: 'GET', url });

/**
 * Parses `xml` as strict XML with namespaces (saxes, jsdom's parser): throws where it is not
 * well formed. Answers the root element ({namespace}name), the xml-stylesheet instruction's
 * body, and every element's expanded name.
 */
function wellFormed(xml: string): { root: string; stylesheet: string | null; elements: string[] } {
  const parser = new SaxesParser({ xmlns: true });
  const elements: string[] = [];
  let stylesheet: string | null = null;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('processinginstruction', ({ target, body }) => {
    if (target === 'xml-stylesheet') stylesheet = body;
  });
  parser.on('opentag', (tag) => elements.push(`{${tag.uri}}${tag.local}`));
  parser.write(xml).close();
  return { root: elements[0]!, stylesheet, elements };
}

/** The directives of a Content-Security-Policy header, by name. */
const cspOf = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

describe('GET /robots.txt', () => {
  it('allows public pages, refuses private ones and the API, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/cart/',
      '/payment/',
      '/user/',
      '/user-manage/',
      '/dashboard/',
      '/api-2.0/',
      '/api/',
      '/dev/',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /course/');
    expect(lines).not.toContain('Disallow: /courses/');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every public course and category, the home page and the static public pages, in absolute addresses', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<\?xml-stylesheet type="text\/xsl" href="\/sitemap\.xsl"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(wellFormed(response.body).root).toBe('{http://www.sitemaps.org/schemas/sitemap/0.9}urlset');
    const locs = locsOf(response.body);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${SITE}/`), loc).toBe(true);

    expect(courses).toHaveLength(64);
    for (const course of courses) expect(locs, course.title).toContain(`${SITE}${course.url}`);
    expect(locs.filter((loc) => loc.startsWith(`${SITE}/course/`))).toHaveLength(courses.length);
    const seededCategories = categories.filter((category) => category.num_courses > 0);
    expect(seededCategories).toHaveLength(8);
    for (const category of seededCategories) expect(locs, category.title).toContain(`${SITE}${category.url}`);
    for (const path of ['/', '/personal-plan/', '/business/sign-up/', '/terms/', '/support/']) {
      expect(locs, path).toContain(`${SITE}${path}`);
    }
  });

  it('lists nothing private: no private or unpublished course, no empty category, no personal page, no search', async () => {
    const locs = locsOf((await get('/sitemap.xml')).body);
    for (const hidden of [
      '/course/private-course/',
      '/course/draft-course/',
      '/course/secret-course/',
      '/courses/secret-category/',
    ]) {
      expect(locs).not.toContain(`${SITE}${hidden}`);
    }
    for (const prefix of [
      '/cart/',
      '/payment/',
      '/user',
      '/dashboard/',
      '/join/',
      '/dev/',
      '/api',
      '/courses/search/',
      '/organization-manage-v2/',
    ]) {
      expect(
        locs.filter((loc) => loc.startsWith(`${SITE}${prefix}`)),
        prefix,
      ).toEqual([]);
    }
  });

  it('dates courses, categories and the home page by their newest course', async () => {
    const body = (await get('/sitemap.xml')).body;
    const lastmodOf = (path: string) =>
      new RegExp(`<loc>${SITE}${path}</loc><lastmod>([^<]+)</lastmod>`).exec(body)?.[1];
    const course = lastmodOf(courses[0]!.url);
    expect(course).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(lastmodOf(categories[0]!.url)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(lastmodOf('/')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // A static page has no date anyone knows.
    expect(body).toContain(`<url><loc>${SITE}/terms/</loc></url>`);
  });

  it('has no parts while it fits in one file', async () => {
    const response = await get('/sitemaps/1.xml');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('GET /sitemap.xsl', () => {
  const XSL = 'http://www.w3.org/1999/XSL/Transform';

  it('is a well-formed XSLT 1.0 stylesheet, served as text/xsl, for a urlset and an index', async () => {
    const response = await get('/sitemap.xsl');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/xsl; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const parsed = wellFormed(response.body);
    expect(parsed.root).toBe(`{${XSL}}stylesheet`);
    expect(response.body).toContain('<xsl:stylesheet version="1.0"');
    for (const match of ['match="sm:urlset"', 'match="sm:sitemapindex"', "xhtml:link[@rel = 'alternate']"]) {
      expect(response.body).toContain(match);
    }
    // The page it makes is HTML with a table, named after the brand.
    expect(parsed.elements).toContain('{}table');
    expect(response.body).toContain('<title>Lectern sitemap</title>');
  });

  it('makes a page the sitemap’s CSP allows: its look from /sitemap.css, nothing inline', async () => {
    const xsl = (await get('/sitemap.xsl')).body;
    expect(xsl).toContain('<link rel="stylesheet" href="/sitemap.css"/>');
    expect(xsl).not.toMatch(/<style|\sstyle=|<script|javascript:|\son[a-z]+=/i);
    const css = await get('/sitemap.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('table');

    // The browser keeps the sitemap's policy for the page it makes: our origin may give the
    // stylesheet (XSLT loads count as scripts) and the CSS; nothing inline may run.
    for (const path of ['/sitemap.xml', '/sitemap.xsl']) {
      const csp = cspOf((await get(path)).headers['content-security-policy']);
      expect(csp.get('script-src'), path).toContain("'self'");
      expect(csp.get('script-src'), path).not.toContain("'unsafe-inline'");
      expect(csp.get('style-src'), path).toEqual(["'self'"]);
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
    }
    // Chromium's own banner about XSLT going away, in the page made, is styled by attributes.
    const sitemapCsp = cspOf((await get('/sitemap.xml')).headers['content-security-policy']);
    expect(sitemapCsp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
  });
});

describe('a sitemap past the protocol limit', () => {
  it('becomes an index of parts that together list every address once', async () => {
    const seo = createSeoService({
      catalog: createCatalogService(server.db),
      publicUrl: SITE,
      maxUrlsPerFile: 10,
    });
    const whole = locsOf(
      await createSeoService({ catalog: createCatalogService(server.db), publicUrl: SITE }).sitemap(),
    );
    const app = Fastify();
    await app.register(seoRoutes, { seo });
    const index = await app.inject('/sitemap.xml');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // The index and each part are shown through the same stylesheet.
    expect(wellFormed(index.body).stylesheet).toBe('type="text/xsl" href="/sitemap.xsl"');
    const parts = locsOf(index.body);
    expect(parts).toHaveLength(Math.ceil(whole.length / 10));
    expect(parts[0]).toBe(`${SITE}/sitemaps/1.xml`);
    const listed: string[] = [];
    for (const part of parts) {
      const response = await app.inject(part.slice(SITE.length));
      expect(response.statusCode, part).toBe(200);
      const locs = locsOf(response.body);
      expect(locs.length).toBeLessThanOrEqual(10);
      expect(wellFormed(response.body).stylesheet, part).toBe('type="text/xsl" href="/sitemap.xsl"');
      listed.push(...locs);
    }
    expect(listed).toEqual(whole);
    expect((await app.inject(`/sitemaps/${parts.length + 1}.xml`)).statusCode).toBe(404);
    expect((await app.inject('/sitemaps/0.xml')).statusCode).toBe(404);
    await app.close();
  });
});
