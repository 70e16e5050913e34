import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { courseImageVariantUrl, type CourseSummary } from '@lectern/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';
import { standInWebApp } from '../../test-support/stand-in-web-app.js';
import { createCatalogService } from '../catalog/catalog.service.js';
import { createCourseImages } from './course-images.service.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let courses: CourseSummary[];
beforeAll(async () => {
  // With the web app's fallback in place, so the images are shown to answer before it.
  server = await startTestServer({ webDistDir: standInWebApp() });
  courses = (await createTestClient(server.app).get('/api-2.0/courses/?page_size=100')).data.results;
});
afterAll(() => server.stop());

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('GET /course-images/{courseId}/{version}/{file}', () => {
  it('gives every seeded course a cover whose address holds its version', async () => {
    expect(courses.length).toBeGreaterThanOrEqual(64);
    for (const course of courses) {
      expect(course.image_url, course.title).toMatch(
        new RegExp(`^/course-images/${course.id}/[A-Za-z0-9_-]{12}/750\\.jpg$`),
      );
    }
    const detail = await createTestClient(server.app).get(
      `${courses[0]!.url.replace('/course/', '/api-2.0/courses/')}`,
    );
    expect(detail.data.image_url).toBe(courses[0]!.image_url);
  });

  it('answers each format at its width and height, cached for a year', async () => {
    const imageUrl = courses[0]!.image_url!;
    for (const [width, format, type] of [
      [750, 'jpeg', 'image/jpeg'],
      [240, 'avif', 'image/avif'],
      [480, 'webp', 'image/webp'],
    ] as const) {
      const response = await get(courseImageVariantUrl(imageUrl, width, format)!);
      expect(response.statusCode, `${width} ${format}`).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata.format).toBe(format === 'avif' ? 'heif' : format);
      expect([metadata.width, metadata.height]).toEqual([width, Math.round((width * 9) / 16)]);
    }
  });

  it('answers the vector original as SVG with the title in it', async () => {
    const course = courses[1]!;
    const response = await get(course.image_url!.replace(/750\.jpg$/, 'cover.svg'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain(`<title>${course.title}</title>`);
  });

  it('sends an older version to the current one, without caching the detour', async () => {
    const course = courses[2]!;
    const stale = course.image_url!.replace(/\/[A-Za-z0-9_-]{12}\//, '/oldversion00/');
    const response = await get(stale);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(course.image_url);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 in the error contract for an unknown course, a private one, or a file it does not render', async () => {
    const version = courses[0]!.image_url!.split('/')[3];
    const [hidden] = await createCatalogService(server.db).seedWriter.insertCourses([
      {
        slug: 'hidden-course-for-images',
        title: 'Hidden',
        primaryCategoryId: 1,
        priceTierId: 1,
        isPrivate: true,
      },
    ]);
    for (const url of [
      `/course-images/999999/${version}/750.jpg`,
      `/course-images/${hidden!.id}/${version}/750.jpg`,
      `/course-images/${courses[0]!.id}/${version}/750.png`,
      `/course-images/${courses[0]!.id}/${version}/333.jpg`,
      `/course-images/not-an-id/${version}/750.jpg`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('GET /course-images/ with malformed addresses', () => {
  it('refuses them in the error contract, never with a 5xx', async () => {
    for (const url of [
      `/course-images/1/${'v'.repeat(100)}/750.jpg`,
      '/course-images/1/v/%E0%A4%A/',
      '/course-images/1/v/..%2F..%2Fetc%2Fpasswd',
      '/course-images/99999999999/v/750.jpg',
      '/course-images/1/v/750.jpg%00',
    ]) {
      const response = await get(url);
      expect([400, 404], `${url} → ${response.statusCode}`).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(typeof response.json().code, url).toBe('string');
    }
  });
});

describe('course image renders', () => {
  it('are kept on disk, so another instance (or a restart) does not render them again', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'lectern-covers-'));
    const catalog = createCatalogService(server.db);
    const first = createCourseImages({ catalog, cacheDir, log: server.app.log });
    const course = courses[3]!;
    const version = course.image_url!.split('/')[3]!;
    const answer = await first.image(course.id, version, { width: 240, format: 'webp' });
    expect(answer).toMatchObject({ kind: 'image', contentType: 'image/webp' });
    const files = readdirSync(cacheDir);
    expect(files).toEqual([`${course.id}-${version}-240.webp`]);

    // A second instance reads the file rather than rendering: marked bytes come back as they are.
    writeFileSync(path.join(cacheDir, files[0]!), 'kept on disk');
    const second = createCourseImages({ catalog, cacheDir, log: server.app.log });
    const again = await second.image(course.id, version, { width: 240, format: 'webp' });
    expect(again?.kind === 'image' && again.body.toString()).toBe('kept on disk');
  });

  it('render each file once for requests that arrive together', async () => {
    const catalog = createCatalogService(server.db);
    const images = createCourseImages({ catalog, cacheDir: null, log: server.app.log });
    const course = courses[4]!;
    const version = course.image_url!.split('/')[3]!;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => images.image(course.id, version, { width: 480, format: 'jpeg' })),
    );
    const bodies = answers.map((answer) => (answer?.kind === 'image' ? answer.body : null));
    // One render shared: the very same buffer for every request.
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toBeInstanceOf(Buffer);
  });
});
