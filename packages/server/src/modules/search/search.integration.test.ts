import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/query-result.js';
import { createTestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

// The seeded demo catalog (64 courses; a few in Spanish, Portuguese and Japanese) plus the
// courses these tests add, which each test keeps to itself with words no other course has.
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

interface Card {
  id: number;
  title: string;
  url: string;
  avg_rating_recent: number;
  num_reviews: number;
  primary_category: { title: string };
  price: { amount: number; currency: string };
  price_text: string;
  is_enrolled?: boolean;
}

const search = async (query: string) => {
  const response = await createTestClient(server.app).get(`/api-2.0/search-courses/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.data as {
    count: number;
    next: string | null;
    previous: string | null;
    results: Card[];
    facets: Record<string, { value: string | number; count: number; parent?: string | null }[]>;
  };
};
const titles = (data: { results: Card[] }) => data.results.map((course) => course.title);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

async function insertCourse(course: {
  slug: string;
  title: string;
  description?: string;
  headline?: string;
  locale?: string;
  level?: string;
  category?: string;
  tier?: string;
  rating?: number;
  reviews?: number;
  publishedAt?: string;
}): Promise<number> {
  const result = await server.db.execute(sql`
    insert into courses (slug, title, headline, description, locale, instructional_level,
      primary_category_id, price_tier_id, avg_rating_recent, num_reviews, published_at)
    values (${course.slug}, ${course.title}, ${course.headline ?? ''}, ${course.description ?? ''},
      ${course.locale ?? 'en_US'}, ${course.level ?? 'ALL_LEVELS'},
      (select id from categories where slug = ${course.category ?? 'music'}),
      (select id from price_tiers where name = ${course.tier ?? 'Tier 1'}),
      ${course.rating ?? 4}, ${course.reviews ?? 10}, ${course.publishedAt ?? '2024-01-01T00:00:00Z'})
    returning id`);
  return Number(rowsOf<{ id: number }>(result)[0]!.id);
}

describe('GET /api-2.0/search-courses/: matching', () => {
  it('finds a course by a word of its description only', async () => {
    // "pandas" is in the description of "Python for Data Analysis", not in its title or headline.
    const data = await search(q('pandas'));
    expect(titles(data)).toEqual(['Python for Data Analysis']);
    expect(data.count).toBe(1);
  });

  it('matches the last word as a prefix while the user types it, and only then', async () => {
    expect(titles(await search(q('kubern')))).toEqual(['Kubernetes for Operators']);
    expect(titles(await search(q('linux comm')))).toEqual(['Linux Command Line Mastery']);
    // A space after the word: it is finished, and "kubern" is no word of any course.
    expect((await search(q('kubern '))).count).toBe(0);
  });

  it('stems English words: "testing" finds a course that only says "tests"', async () => {
    const id = await insertCourse({
      slug: 'search-test-quokka-care',
      title: 'Quokka Care',
      description: 'Weekly health tests for a quokka colony.',
    });
    const data = await search(q('quokka testing'));
    expect(data.results.map((course) => course.id)).toEqual([id]);
  });

  it('stems a Spanish course in Spanish: "cocinar" finds "cocinamos"', async () => {
    const id = await insertCourse({
      slug: 'search-test-cocina-zarzuela',
      title: 'Zarzuela de pescado',
      description: 'Cocinamos juntos las zarzuelas de la costa mediterránea.',
      locale: 'es_ES',
    });
    // Neither the English stemmer nor a prefix of the word as written gets from one to the other.
    const data = await search(q('zarzuela cocinar'));
    expect(data.results.map((course) => course.id)).toEqual([id]);
    // The seeded Spanish course, by a form of its words none of its texts has.
    expect(titles(await search(q('negociar ')))).toEqual(['Negociación eficaz para profesionales']);
  });

  it('matches words typed without their accents, and Japanese titles by their beginning', async () => {
    expect(titles(await search(q('negociacion')))).toEqual(['Negociación eficaz para profesionales']);
    expect(titles(await search(q('financas')))).toEqual(['Finanças pessoais sem complicação']);
    expect(titles(await search(q('風景')))).toEqual(['風景写真の撮り方入門']);
  });

  it('finds courses by an instructor, and keeps up when the instructor is renamed', async () => {
    const before = await search(q('Jonas Weber'));
    expect(before.count).toBeGreaterThan(0);
    const id = await insertCourse({ slug: 'search-test-renamed', title: 'Sourdough Basics' });
    const [instructor] = rowsOf<{ id: number }>(
      await server.db.execute(
        sql`insert into instructors (display_name) values ('Ottilie Brandauer') returning id`,
      ),
    );
    await server.db.execute(
      sql`insert into course_instructors (course_id, instructor_id) values (${id}, ${instructor!.id})`,
    );
    expect((await search(q('Brandauer'))).results.map((course) => course.id)).toEqual([id]);
    await server.db.execute(
      sql`update instructors set display_name = 'Ottilie Zwicknagl' where id = ${instructor!.id}`,
    );
    // The server drops what it keeps when the change is announced (NOTIFY), a moment after the commit.
    await expect.poll(async () => (await search(q('Brandauer'))).count).toBe(0);
    expect((await search(q('Zwicknagl'))).results.map((course) => course.id)).toEqual([id]);
  });

  it('forgets a course that is unpublished or made private, and finds it again when it is back', async () => {
    const id = await insertCourse({ slug: 'search-test-hidden', title: 'Marmot Watching' });
    const marmots = async () => (await search(q('marmot'))).count;
    expect(await marmots()).toBe(1);
    // Each change is announced (NOTIFY) and the server drops what it keeps a moment after the commit.
    await server.db.execute(sql`update courses set is_private = true where id = ${id}`);
    await expect.poll(marmots).toBe(0);
    await server.db.execute(
      sql`update courses set is_private = false, is_published = false where id = ${id}`,
    );
    await server.db.execute(sql`update courses set is_published = true where id = ${id}`);
    await expect.poll(marmots).toBe(1);
    await server.db.execute(sql`update courses set is_published = false where id = ${id}`);
    await expect.poll(marmots).toBe(0);
  });

  it('ranks a match in the title above a match in the description', async () => {
    const inTitle = await insertCourse({
      slug: 'search-test-rank-title',
      title: 'Axolotl Keeping',
      rating: 3,
    });
    const inDescription = await insertCourse({
      slug: 'search-test-rank-description',
      title: 'Amphibians at Home',
      description: 'Frogs, newts and the axolotl.',
      rating: 5,
    });
    const data = await search(q('axolotl'));
    expect(data.results.map((course) => course.id)).toEqual([inTitle, inDescription]);
  });

  it('lists every course, best rated first, when there is nothing to search for', async () => {
    const data = await search('q=&page_size=100');
    expect(data.count).toBeGreaterThanOrEqual(64);
    const ratings = data.results.map((course) => course.avg_rating_recent);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('answers cards in the catalog list shape, priced in the visitor country', async () => {
    const client = createTestClient(server.app);
    client.jar.set('price_country', 'JP');
    const { data } = await client.get(`/api-2.0/search-courses/?${q('typescript')}`);
    expect(data.results[0]).toMatchObject({
      title: 'TypeScript from First Principles',
      url: '/course/typescript-from-first-principles/',
      headline: expect.any(String),
      visible_instructors: expect.arrayContaining([{ display_name: expect.any(String) }]),
      primary_category: { title: 'Development' },
      price: { currency: 'JPY' },
      price_text: expect.stringMatching(/^¥[\d,]+$/),
    });
    const catalog = await client.get('/api-2.0/courses/?page_size=1');
    expect(Object.keys(data.results[0]).sort()).toEqual(Object.keys(catalog.data.results[0]).sort());
  });
});

describe('GET /api-2.0/search-courses/: filters and facets', () => {
  it('filters by category, a category including its subcategories', async () => {
    const development = await search('category=development&page_size=50');
    expect(development.count).toBe(8);
    expect(new Set(development.results.map((course) => course.primary_category.title))).toEqual(
      new Set(['Development']),
    );
    const web = await search('category=development-web-development&page_size=50');
    expect(web.count).toBeGreaterThan(0);
    expect(web.count).toBeLessThan(8);
    const all = new Set(development.results.map((course) => course.id));
    expect(web.results.every((course) => all.has(course.id))).toBe(true);
    expect((await search('category=no-such-category')).count).toBe(0);
  });

  it('filters by level', async () => {
    const expert = await search('level=EXPERT&page_size=100');
    const beginner = await search('level=BEGINNER&page_size=100');
    expect(expert.count).toBeGreaterThan(0);
    expect(titles(expert)).toContain('Kubernetes for Operators');
    expect(titles(expert)).not.toContain('Guitarra para principiantes');
    expect(titles(beginner)).toContain('Guitarra para principiantes');
  });

  it('filters free and paid courses', async () => {
    const free = await search('price=free&page_size=100');
    const paid = await search('price=paid&page_size=100');
    expect(free.count).toBeGreaterThan(0);
    expect(free.results.every((course) => course.price.amount === 0)).toBe(true);
    expect(paid.results.every((course) => course.price.amount > 0)).toBe(true);
    expect(free.count + paid.count).toBe((await search('')).count);
  });

  it('filters free and paid by the price tier, and follows a course moved to another tier', async () => {
    const id = await insertCourse({ slug: 'search-test-tier', title: 'Tapir Tracking', tier: 'Tier 2' });
    expect((await search(`${q('tapir')}&price=paid`)).count).toBe(1);
    await server.db.execute(
      sql`update courses set price_tier_id = (select id from price_tiers where name = 'Free') where id = ${id}`,
    );
    await expect.poll(async () => (await search(`${q('tapir')}&price=paid`)).count).toBe(0);
    expect((await search(`${q('tapir')}&price=free`)).results.map((course) => course.id)).toEqual([id]);
  });

  it('filters by language', async () => {
    const spanish = await search('language=es&page_size=50');
    expect(titles(spanish)).toEqual(
      expect.arrayContaining(['Negociación eficaz para profesionales', 'Guitarra para principiantes']),
    );
    expect(titles(spanish)).not.toContain('TypeScript from First Principles');
    expect(titles(await search('language=ja'))).toEqual(['風景写真の撮り方入門']);
  });

  it('filters by a minimum rating', async () => {
    const data = await search('rating=4.5&page_size=100');
    expect(data.count).toBeGreaterThan(0);
    expect(data.results.every((course) => course.avg_rating_recent >= 4.5)).toBe(true);
    expect(data.count).toBeLessThan((await search('rating=4&page_size=100')).count);
  });

  it('combines the query with every filter', async () => {
    const data = await search(
      `${q('design')}&category=design&level=INTERMEDIATE&price=paid&language=en&rating=3`,
    );
    expect(data.count).toBeGreaterThan(0);
    expect(data.results.every((course) => course.primary_category.title === 'Design')).toBe(true);
  });

  it('counts each facet with the other filters, so a control shows what each choice gives', async () => {
    const data = await search('category=development&level=BEGINNER');
    const level = Object.fromEntries(data.facets.level!.map((entry) => [entry.value, entry.count]));
    // The level facet ignores the level filter: every level of Development, adding up to 8.
    expect(level.BEGINNER).toBe(data.count);
    expect(Object.values(level).reduce((sum, n) => sum + n, 0)).toBe(8);
    // The category facet ignores the category filter: beginner courses of every category.
    const beginners = await search('level=BEGINNER');
    const topLevel = data.facets.category!.filter((entry) => entry.parent === null);
    expect(topLevel.reduce((sum, entry) => sum + entry.count, 0)).toBe(beginners.count);
    expect(data.facets.category!.find((entry) => entry.value === 'development')!.count).toBe(data.count);
    // Languages, prices and ratings count within Development beginners.
    const languages = data.facets.language!.reduce((sum, entry) => sum + entry.count, 0);
    expect(languages).toBe(data.count);
    expect(data.facets.price!.reduce((sum, entry) => sum + entry.count, 0)).toBe(data.count);
    expect(data.facets.rating!.map((entry) => entry.value)).toEqual([4.5, 4, 3.5, 3]);
    expect(data.facets.rating!.find((entry) => entry.value === 3)!.count).toBe(data.count);
  });
});

describe('GET /api-2.0/search-courses/: sorts and pages', () => {
  const ids = (data: { results: Card[] }) => data.results.map((course) => course.id);

  it('sorts by rating, by number of reviews, and by newest', async () => {
    const rating = await search('sort=RATING&page_size=100');
    const ratings = rating.results.map((course) => course.avg_rating_recent);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const reviews = await search('sort=REVIEWS&page_size=100');
    const counts = reviews.results.map((course) => course.num_reviews);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const newest = await insertCourse({
      slug: 'search-test-newest',
      title: 'Newest Course',
      publishedAt: '2099-01-01T00:00:00Z',
    });
    const time = await search('sort=TIME&page_size=100');
    expect(time.results[0]!.id).toBe(newest);
    const published = rowsOf<{ id: number; published_at: string }>(
      await server.db.execute(sql`select id, published_at from courses where id in ${ids(time)}`),
    );
    const dates = new Map(published.map((row) => [Number(row.id), new Date(row.published_at).getTime()]));
    const inOrder = ids(time).map((id) => dates.get(id)!);
    expect(inOrder).toEqual([...inOrder].sort((a, b) => b - a));
  });

  it('sorts by relevance with ties broken by rating', async () => {
    const low = await insertCourse({ slug: 'search-test-tie-low', title: 'Pangolin Facts', rating: 3.2 });
    const high = await insertCourse({ slug: 'search-test-tie-high', title: 'Pangolin Facts', rating: 4.8 });
    expect(ids(await search(q('pangolin')))).toEqual([high, low]);
    expect(ids(await search(`${q('pangolin')}&sort=RELEVANCE`))).toEqual([high, low]);
  });

  it('pages through the results with page and page_size, next and previous', async () => {
    const first = await search('sort=REVIEWS&page_size=5');
    expect(first.results).toHaveLength(5);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('/api-2.0/search-courses/?sort=REVIEWS&page_size=5&page=2');
    const second = await search('sort=REVIEWS&page_size=5&page=2');
    expect(second.count).toBe(first.count);
    expect(second.previous).toBe('/api-2.0/search-courses/?sort=REVIEWS&page_size=5&page=1');
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(10);
    const all = await search('sort=REVIEWS&page_size=10');
    expect(ids(all)).toEqual([...ids(first), ...ids(second)]);
    const last = Math.ceil(first.count / 5);
    const end = await search(`sort=REVIEWS&page_size=5&page=${last}`);
    expect(end.next).toBeNull();
    expect((await search(`sort=REVIEWS&page_size=5&page=${last + 1}`)).results).toEqual([]);
  });
});

describe('GET /api-2.0/search-courses/: hostile and bad input', () => {
  const HOSTILE = [
    '"',
    '""',
    "'",
    "o'reilly",
    ':',
    'a:b',
    'react:*',
    '*',
    '&',
    '|',
    '!',
    '!!',
    '()',
    '(react',
    'react)',
    'a & b | !c',
    '<->',
    'a <2> b',
    '\\',
    'foo\\',
    '-',
    '--',
    '- -',
    'or',
    'OR OR',
    '"unterminated phrase',
    'tab\there',
    'line\nbreak',
    '💥🔥',
    'ﬁnance',
    'e\u0301',
    '%',
    '%_',
    "'; drop table courses; --",
    'x'.repeat(500),
    'word '.repeat(100),
    '&|!():*\'"<>\\'.repeat(40),
  ];

  it('answers any text with results or an empty list, never an error', async () => {
    for (const text of HOSTILE) {
      const response = await createTestClient(server.app).get(`/api-2.0/search-courses/?${q(text)}`);
      expect(response.statusCode, `${JSON.stringify(text)}: ${response.body}`).toBe(200);
      expect(Array.isArray(response.data.results)).toBe(true);
      const suggestions = await createTestClient(server.app).get(`/api-2.0/search-autocomplete/?${q(text)}`);
      expect(suggestions.statusCode, `${JSON.stringify(text)}: ${suggestions.body}`).toBe(200);
    }
  });

  it('answers random text up to 500 characters with results or an empty list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 500, unit: 'grapheme' }), async (text) => {
        const response = await createTestClient(server.app).get(`/api-2.0/search-courses/?${q(text)}`);
        expect(response.statusCode, `${JSON.stringify(text)}: ${response.body}`).toBe(200);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses parameters it does not know how to read, with field errors', async () => {
    const cases: [string, string][] = [
      ['level=GURU', 'level'],
      ['price=cheap', 'price'],
      ['rating=5', 'rating'],
      ['rating=high', 'rating'],
      ['sort=NEWEST', 'sort'],
      ['category=Not%20a%20slug', 'category'],
      ['language=english', 'language'],
      ['page=0', 'page'],
      ['page_size=101', 'page_size'],
      [`q=${'x'.repeat(501)}`, 'q'],
      ['q=a&q=b', 'q'],
    ];
    for (const [query, field] of cases) {
      const response = await createTestClient(server.app).get(`/api-2.0/search-courses/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.data.code).toBe('validation_error');
      expect(Object.keys(response.data.field_errors), query).toEqual([field]);
    }
  });

  it('reads an empty filter as no filter, as a form sends it', async () => {
    const data = await search('level=&price=&language=&rating=&category=');
    expect(data.count).toBe((await search('')).count);
  });
});

describe('GET /api-2.0/search-autocomplete/', () => {
  it('suggests the titles that match what is being typed, at most 8', async () => {
    const response = await createTestClient(server.app).get('/api-2.0/search-autocomplete/?q=kub');
    expect(response.statusCode).toBe(200);
    expect(response.data.results).toEqual([
      { id: expect.any(Number), title: 'Kubernetes for Operators', url: '/course/kubernetes-for-operators/' },
    ]);
    const many = await createTestClient(server.app).get('/api-2.0/search-autocomplete/?q=p');
    expect(many.data.results.length).toBe(8);
  });

  it('matches titles only, and suggests nothing for nothing', async () => {
    // "pandas" is in a description, not in a title.
    const pandas = await createTestClient(server.app).get('/api-2.0/search-autocomplete/?q=pandas');
    expect(pandas.data.results).toEqual([]);
    const empty = await createTestClient(server.app).get('/api-2.0/search-autocomplete/?q=%20');
    expect(empty.data.results).toEqual([]);
  });
});
