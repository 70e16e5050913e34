import { sql } from 'drizzle-orm';
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

describe('is_enrolled', () => {
  it('marks the courses a signed-in learner owns, in one query for the page', async () => {
    const client = createTestClient(server.app);
    await client.login('learner@example.com');
    const { data } = await client.get('/api-2.0/courses/?page_size=3');
    expect(data.results.map((c: { id: number; is_enrolled: boolean }) => [c.id, c.is_enrolled])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
  });

  it('is absent for visitors', async () => {
    const { data } = await createTestClient(server.app).get('/api-2.0/courses/?page_size=3');
    expect(data.results.some((c: object) => 'is_enrolled' in c)).toBe(false);
  });
});

describe('GET /api-2.0/courses/{id}/', () => {
  const ANALYTICS =
    'id,title,context_info,primary_category,primary_subcategory,avg_rating_recent,visible_instructors,locale,estimated_content_length,num_subscribers';

  it('returns the platform §3 analytics fields and nothing else when asked for them', async () => {
    const response = await createTestClient(server.app).get(
      `/api-2.0/courses/2/?fields[course]=${ANALYTICS}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.data).toEqual({
      id: 2,
      title: 'Modern React with Hooks and Suspense',
      context_info: { label: { display_name: 'Programming Languages' } },
      primary_category: { title: 'Development', slug: 'development' },
      primary_subcategory: { title: 'Programming Languages' },
      avg_rating_recent: expect.any(Number),
      visible_instructors: [{ display_name: expect.any(String), job_title: expect.any(String) }],
      locale: { locale: 'en_US', title: 'English (United States)' },
      estimated_content_length: expect.any(Number),
      num_subscribers: expect.any(Number),
    });
  });

  it('serves the landing page by slug, with price and ownership', async () => {
    const client = createTestClient(server.app);
    await client.login('learner@example.com');
    const response = await client.get('/api-2.0/courses/typescript-from-first-principles/');
    expect(response.data).toMatchObject({
      id: 1,
      slug: 'typescript-from-first-principles',
      url: '/course/typescript-from-first-principles/',
      headline: expect.any(String),
      price: { amount: 1999, currency: 'USD' },
      price_text: '$19.99',
      is_enrolled: true,
    });
    const visitor = await createTestClient(server.app).get(
      '/api-2.0/courses/1/?fields[course]=id,is_enrolled',
    );
    expect(visitor.data).toEqual({ id: 1 });
  });

  it('refuses unknown field names', async () => {
    const response = await createTestClient(server.app).get(
      '/api-2.0/courses/2/?fields[course]=id,secret,price',
    );
    expect(response.statusCode).toBe(400);
    expect(response.data.field_errors['fields[course]'][0]).toMatch(
      /^Unknown field "secret"\. Known fields: id, title/,
    );
  });

  it('answers 404 for unknown, private and unpublished courses', async () => {
    await server.db.execute(sql`update courses set is_private = true where id = 60`);
    await server.db.execute(sql`update courses set is_published = false where id = 61`);
    const client = createTestClient(server.app);
    for (const path of ['9999', '60', '61', 'no-such-course', 'Bad%20Slug']) {
      const response = await client.get(`/api-2.0/courses/${path}/`);
      expect(response.statusCode).toBe(404);
      expect(response.data).toEqual({ code: 'not_found', detail: 'No such course.' });
    }
    // They are not listed either.
    const { data } = await client.get('/api-2.0/courses/?page_size=100');
    expect(data.results.map((c: { id: number }) => c.id)).not.toContain(60);
    await server.db.execute(
      sql`update courses set is_private = false, is_published = true where id in (60, 61)`,
    );
  });
});

describe('GET /api-2.0/course-categories/', () => {
  it('lists the top-level categories with their page and subcategories', async () => {
    const { data } = await createTestClient(server.app).get('/api-2.0/course-categories/');
    expect(data.count).toBe(8);
    expect(data.next).toBeNull();
    expect(data.results[0]).toEqual({
      id: expect.any(Number),
      slug: 'development',
      title: 'Development',
      url: '/courses/development/',
      num_courses: 8,
      subcategories: [
        { id: expect.any(Number), slug: 'development-web-development', title: 'Web Development' },
        { id: expect.any(Number), slug: 'development-programming-languages', title: 'Programming Languages' },
        { id: expect.any(Number), slug: 'development-data-science', title: 'Data Science' },
      ],
    });
  });
});

describe('GET /api-2.0/users/me/subscribed-courses/', () => {
  it("lists the learner's own courses", async () => {
    const client = createTestClient(server.app);
    await client.login('learner@example.com');
    const { data } = await client.get('/api-2.0/users/me/subscribed-courses/');
    expect(data).toMatchObject({ count: 1, next: null, previous: null });
    expect(data.results).toEqual([
      expect.objectContaining({
        id: 1,
        title: 'TypeScript from First Principles',
        is_enrolled: true,
        enrolled: expect.any(String),
      }),
    ]);
  });

  it('needs a signed-in user', async () => {
    const response = await createTestClient(server.app).get('/api-2.0/users/me/subscribed-courses/');
    expect(response.statusCode).toBe(401);
  });
});
