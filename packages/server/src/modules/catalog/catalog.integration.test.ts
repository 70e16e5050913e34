import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('GET /api-2.0/courses/', () => {
  it('pages through the seeded catalog with next and previous links', async () => {
    const client = createTestClient(server.app);
    const first = await client.get('/api-2.0/courses/?page_size=12');
    expect(first.statusCode).toBe(200);
    expect(first.data.count).toBeGreaterThanOrEqual(60);
    expect(first.data.results).toHaveLength(12);
    expect(first.data.previous).toBeNull();
    expect(first.data.next).toBe('/api-2.0/courses/?page_size=12&page=2');
    const second = await client.get(first.data.next);
    expect(second.data.previous).toBe('/api-2.0/courses/?page_size=12&page=1');
    const ids = new Set(
      [...first.data.results, ...second.data.results].map((course: { id: number }) => course.id),
    );
    expect(ids.size).toBe(24);
  });

  it('describes each course with instructors, rating and a price in the visitor currency', async () => {
    const { data } = await createTestClient(server.app).get('/api-2.0/courses/?page_size=1');
    const [course] = data.results;
    expect(course).toMatchObject({
      title: 'TypeScript from First Principles',
      url: '/course/typescript-from-first-principles/',
      primary_category: { title: 'Development' },
      price: { currency: 'USD' },
    });
    expect(course.visible_instructors.length).toBeGreaterThan(0);
    expect(course.avg_rating_recent).toBeGreaterThanOrEqual(3.5);
    expect(Number.isInteger(course.price.amount)).toBe(true);
    expect(course.price_text).toMatch(/^\$\d+\.\d{2}$/);
  });

  it('prices in yen for a Japanese visitor, without decimals', async () => {
    const client = createTestClient(server.app);
    client.jar.set('price_country', 'JP');
    const { data } = await client.get('/api-2.0/courses/?page_size=1');
    expect(data.results[0].price.currency).toBe('JPY');
    expect(data.results[0].price_text).toMatch(/^¥[\d,]+$/);
  });

  it('filters by category and searches by title', async () => {
    const client = createTestClient(server.app);
    const music = await client.get('/api-2.0/courses/?category=music&page_size=50');
    expect(music.data.count).toBe(8);
    expect(
      music.data.results.every(
        (c: { primary_category: { title: string } }) => c.primary_category.title === 'Music',
      ),
    ).toBe(true);
    const search = await client.get('/api-2.0/courses/?search=postgresql');
    expect(search.data.results.map((c: { title: string }) => c.title)).toEqual([
      'PostgreSQL for Application Developers',
    ]);
  });

  it('refuses page sizes out of range', async () => {
    const response = await createTestClient(server.app).get('/api-2.0/courses/?page_size=1000');
    expect(response.statusCode).toBe(400);
    expect(response.data.field_errors.page_size).toEqual(['page_size must be between 1 and 100.']);
  });
});
