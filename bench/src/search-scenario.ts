// The search scenario (issue 18): 10,000 more courses written straight into the database (the
// search rows follow from the catalog's triggers, as they would for an operator's import), then
// `GET /api-2.0/search-courses/` with a mix of what people type (whole words, words half typed,
// two words, phrases, filters, sorts, later pages, junk) and the header box's suggestions.
// Each is measured like the checkout: capacity in a closed loop, then latency in an open loop at
// half that rate and at a steady 50 a second (the issue asks for a search p99 under 30 ms). The
// catalog's own list is measured the same way for comparison. Before it, EXPLAIN ANALYZE of the
// search's match shows which plan PostgreSQL picks for a word and for a prefix.
import pg from 'pg';
import { closedLoop, openLoop, percentile } from './load-loops.js';
import type { LoadSettings, Measurement } from './measure.js';

export const SEARCH_SCENARIO = 'search';
const COURSES = Number(process.env.BENCH_SEARCH_COURSES ?? 10_000);
/** Concurrent searchers of the capacity run: many visitors, as on a storefront. */
const CONCURRENT_SEARCHERS = 20;
/** A busy storefront's searches on one instance: the latency a visitor sees on an ordinary day. */
const STEADY_RATE = 50;

const TOPICS = [
  'Python',
  'JavaScript',
  'TypeScript',
  'React',
  'Excel',
  'SQL',
  'Kubernetes',
  'Docker',
  'Photoshop',
  'Illustrator',
  'Figma',
  'Marketing',
  'SEO',
  'Copywriting',
  'Guitar',
  'Piano',
  'Singing',
  'Drawing',
  'Watercolor',
  'Photography',
  'Video Editing',
  'Public Speaking',
  'Leadership',
  'Negotiation',
  'Accounting',
  'Investing',
  'Machine Learning',
  'Data Science',
  'Statistics',
  'Linux',
  'Networking',
  'Cybersecurity',
  'AWS',
  'Azure',
  'Project Management',
  'Scrum',
  'Product Management',
  'Blender',
  'Unity',
  'Game Development',
  'Swift',
  'Kotlin',
  'Android',
  'iOS',
  'Rust',
  'Go',
  'Java',
  'C#',
  'Spanish',
  'Japanese',
  'Yoga',
  'Nutrition',
  'Writing',
  'Productivity',
  'UX Design',
  'Animation',
];
const TITLES = [
  '{t} for Beginners',
  'The Complete {t} Course',
  'Mastering {t}',
  '{t} in 30 Days',
  'Practical {t}',
  'Advanced {t} Techniques',
  '{t} from Scratch',
  '{t} Bootcamp',
  'Learn {t} by Building Projects',
  '{t} Essentials',
  '{t} for Professionals',
  'Hands-on {t}',
  '{t} Masterclass',
  'Modern {t}',
];
const SENTENCES = [
  'Learn {t} step by step with exercises after every lesson.',
  'You will build three real projects with {t} and {u}.',
  'This course covers the fundamentals of {t}, then moves on to testing and deployment.',
  'Ideal for anyone who wants to switch careers into {t}.',
  'Includes quizzes, downloadable resources and lifetime access.',
  'We compare {t} with {u} and explain when to choose each one.',
  'Designed by practitioners who use {t} every day at work.',
  'By the end you will be confident applying {t} to your own problems.',
  'No prior experience is required; we start from the very basics.',
  'Advanced sections explore performance, debugging and best practices.',
];
const SPANISH_TITLES = ['{t} para principiantes', 'Curso completo de {t}', 'Domina {t} desde cero'];
const SPANISH = [
  'Aprende {t} paso a paso con ejercicios prácticos.',
  'Construirás proyectos reales con {t} y {u}.',
  'Ideal para quienes quieren cambiar de carrera.',
];
const PORTUGUESE_TITLES = ['{t} para iniciantes', 'Curso completo de {t}'];
const PORTUGUESE = [
  'Aprenda {t} passo a passo com exercícios práticos.',
  'Você vai criar projetos reais com {t}.',
];
const JAPANESE_TITLES = ['はじめての{t}入門', '{t}実践講座'];
const JAPANESE = ['{t}の基本から応用までを丁寧に解説します。', '演習を通して{t}を身につけます。'];
const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Chen',
  'Dara',
  'Eli',
  'Fatima',
  'Goro',
  'Hana',
  'Ivan',
  'Jade',
  'Kofi',
  'Lena',
];
const LAST_NAMES = [
  'Alvarez',
  'Brooks',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fujita',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
];
const LEVELS = ['ALL_LEVELS', 'BEGINNER', 'INTERMEDIATE', 'EXPERT'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const fill = (template: string, t: string, u: string) => template.replaceAll('{t}', t).replaceAll('{u}', u);

/** One generated course, the same on every run: its language, title and words from its number. */
function course(n: number) {
  const t = pick(TOPICS, n * 7 + Math.floor(n / 13));
  const u = pick(TOPICS, n * 11 + 5);
  const language = n % 20 === 3 ? 'es_ES' : n % 20 === 7 ? 'pt_BR' : n % 33 === 9 ? 'ja_JP' : 'en_US';
  const [titles, sentences] =
    language === 'es_ES'
      ? [SPANISH_TITLES, SPANISH]
      : language === 'pt_BR'
        ? [PORTUGUESE_TITLES, PORTUGUESE]
        : language === 'ja_JP'
          ? [JAPANESE_TITLES, JAPANESE]
          : [TITLES, SENTENCES];
  const description = [0, 1, 2].map((k) => fill(pick(sentences, n * 3 + k * 5), t, u)).join(' ');
  return {
    slug: `bench-course-${n}`,
    title: fill(pick(titles, n), t, u),
    headline: fill(pick(sentences, n + 4), t, u),
    description,
    locale: language,
    level: pick(LEVELS, n * 5),
    rating: 3 + ((n * 37) % 21) / 10,
    reviews: (n * 7919) % 20_000,
    subscribers: (n * 104_729) % 300_000,
    publishedAt: new Date(Date.UTC(2018, 0, 1) + ((n * 86_413_000) % (8 * 365 * 86_400_000))).toISOString(),
  };
}

/** The courses, their instructors (new names, one or two a course) and fresh statistics, in batches. */
export async function seedCourses(client: pg.Client): Promise<void> {
  const existing = await client.query<{ n: number }>(
    `select count(*)::int as n from courses where slug like 'bench-course-%'`,
  );
  if (existing.rows[0]!.n >= COURSES) return;
  const categories = (
    await client.query<{ id: number; parent_id: number | null }>('select id, parent_id from categories')
  ).rows;
  const top = categories.filter((c) => c.parent_id === null);
  const tiers = (await client.query<{ id: number }>('select id from price_tiers order by id')).rows.map(
    (r) => r.id,
  );
  const instructorNames = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`));
  const instructors = (
    await client.query<{ id: number }>(
      `insert into instructors (display_name) select unnest($1::text[]) returning id`,
      [instructorNames],
    )
  ).rows.map((row) => row.id);

  const BATCH = 500;
  for (let start = 1; start <= COURSES; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, COURSES - start + 1) }, (_, i) => course(start + i));
    const numbers = rows.map((_, i) => start + i);
    const category = numbers.map((n) => pick(top, n));
    const subcategory = numbers.map((n, i) => {
      const subs = categories.filter((c) => c.parent_id === category[i]!.id);
      return subs.length ? pick(subs, n).id : null;
    });
    const inserted = await client.query<{ id: number }>(
      `insert into courses (slug, title, headline, description, locale, instructional_level,
         primary_category_id, primary_subcategory_id, price_tier_id, avg_rating_recent, num_reviews,
         num_subscribers, published_at)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::int[], $8::int[], $9::int[], $10::real[], $11::int[], $12::int[], $13::timestamptz[])
       returning id`,
      [
        rows.map((r) => r.slug),
        rows.map((r) => r.title),
        rows.map((r) => r.headline),
        rows.map((r) => r.description),
        rows.map((r) => r.locale),
        rows.map((r) => r.level),
        category.map((c) => c.id),
        subcategory,
        // About one course in twelve free, as on a marketplace.
        numbers.map((n) => (n % 12 === 0 ? tiers[0]! : pick(tiers.slice(1), n))),
        rows.map((r) => r.rating),
        rows.map((r) => r.reviews),
        rows.map((r) => r.subscribers),
        rows.map((r) => r.publishedAt),
      ],
    );
    const ids = inserted.rows.map((row) => row.id);
    const pairs = ids.flatMap((id, i) => {
      const first = pick(instructors, numbers[i]! * 3);
      const second = pick(instructors, numbers[i]! * 7 + 1);
      return numbers[i]! % 3 === 0 && second !== first
        ? [
            [id, first, 0],
            [id, second, 1],
          ]
        : [[id, first, 0]];
    });
    await client.query(
      `insert into course_instructors (course_id, instructor_id, position)
       select * from unnest($1::int[], $2::int[], $3::int[])`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1]), pairs.map((p) => p[2])],
    );
  }
  // As autovacuum would soon after an import: fresh statistics for the planner.
  await client.query('vacuum analyze courses, course_instructors, course_search_documents');
}

/** What visitors send: words, half-typed words, phrases, filters, sorts, later pages and junk. */
export const SEARCHES = [
  'q=python',
  'q=pyth',
  'q=javascript',
  'q=kube',
  'q=excel',
  'q=photosh',
  'q=machine%20learning',
  'q=data%20sci',
  'q=%22complete%20course%22',
  'q=testing',
  'q=designing%20interfaces',
  'q=marketing&level=BEGINNER',
  'q=guitar&price=free',
  'q=react&sort=RATING',
  'q=linux&sort=TIME',
  'q=project%20management&sort=REVIEWS',
  'q=python&category=development',
  'q=investing&rating=4.5',
  'q=guitarra',
  'q=aprenda',
  'q=%E5%85%A5%E9%96%80',
  'q=python&page=3',
  'q=a%3Ab%26%7C!()%20%22x',
  'q=the',
  'q=&sort=TIME',
  'q=&rating=4.5&level=EXPERT',
  'q=&category=music&sort=RATING',
  'q=java%20-javascript',
];
const SUGGESTIONS = ['p', 'py', 'pyt', 'pyth', 'kub', 'mas', 'the comp', 'gui', 'ex', 'react h', 'はじ'];

/** A small deterministic generator, so every run sends the same varied searches. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The long tail: one or two topic words, the last often half typed, sometimes a filter, a sort
 * or a later page, drawn from tens of thousands of combinations, so most are asked for the
 * first time (the server keeps what it found for repeats).
 */
export function variedSearches(count: number): string[] {
  const random = seeded(18);
  const any = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const filters = [
    '',
    '',
    '',
    '&level=BEGINNER',
    '&price=free',
    '&rating=4',
    '&language=en',
    '&category=development',
  ];
  const sorts = ['', '', '', '&sort=RATING', '&sort=REVIEWS', '&sort=TIME'];
  return Array.from({ length: count }, () => {
    const words = [any(TOPICS), ...(random() < 0.3 ? [any(TOPICS)] : [])].map((word) => word.toLowerCase());
    const last = words.pop()!;
    const typed = random() < 0.5 ? last.slice(0, Math.max(2, Math.ceil(last.length * random()))) : last;
    const q = encodeURIComponent([...words, typed].join(' '));
    const page = random() < 0.8 ? '' : `&page=${2 + Math.floor(random() * 2)}`;
    return `q=${q}${any(filters)}${any(sorts)}${page}`;
  });
}

async function get(url: string): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
}

/** How PostgreSQL runs the search's match for a word and for a prefix (the GIN index or not). */
async function explain(client: pg.Client): Promise<void> {
  // The match as search.repository.ts writes it: every stemmed reading OR-ed with the
  // word-for-word one, whose last word is a prefix while the user types it.
  const match = (q: string, prefix: boolean) => {
    const asWritten = `websearch_to_tsquery('pg_catalog.simple'::regconfig, lectern_search_fold('${q}'))`;
    return ['english', 'spanish', 'portuguese']
      .map((config) => `websearch_to_tsquery('pg_catalog.${config}'::regconfig, '${q}')`)
      .concat(prefix ? `regexp_replace(${asWritten}::text, '''$', ''':*')::tsquery` : asWritten)
      .join(' || ');
  };
  for (const [q, prefix] of [
    ['python', true],
    ['kube', true],
    ['machine learning', true],
  ] as const) {
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain analyze select course_id from course_search_documents
       where document @@ (${match(q, prefix)})
       order by ts_rank_cd(document, ${match(q, prefix)}) desc, rating desc, num_reviews desc, course_id
       limit 12`,
    );
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    const gin = lines.some((line) => line.includes('course_search_documents_document_idx'));
    console.log(`  EXPLAIN ANALYZE "${q}" (${gin ? 'GIN index used' : 'GIN index NOT used'}):`);
    for (const line of lines) console.log(`    ${line}`);
  }
}

async function measureMix(name: string, urls: string[], settings: LoadSettings): Promise<Measurement[]> {
  // Each phase goes on where the previous one stopped in the list (the varied mix repeats little).
  let next = 0;
  const queue = (seconds: number) =>
    Array.from({ length: Math.ceil(seconds * 3000) }, () => urls[next++ % urls.length]!);
  if (settings.warmup > 0)
    await closedLoop(queue(settings.warmup), get, CONCURRENT_SEARCHERS, settings.warmup);
  const saturated = await closedLoop(queue(settings.duration), get, CONCURRENT_SEARCHERS, settings.duration);
  const closed = saturated.latencies.sort((a, b) => a - b);
  const capacity = closed.length / Math.min(settings.duration, saturated.elapsed);
  const rate = Math.max(1, Math.round(capacity / 2));
  const open = (await openLoop(queue(settings.duration), get, rate, settings.duration)).sort((a, b) => a - b);
  const steady = (await openLoop(queue(settings.duration), get, STEADY_RATE, settings.duration)).sort(
    (a, b) => a - b,
  );
  return [
    {
      scenario: `${name}, ${CONCURRENT_SEARCHERS} searchers closed loop`,
      requestsPerSec: capacity,
      p50Ms: percentile(closed, 50),
      p99Ms: percentile(closed, 99),
      requests: closed.length,
    },
    {
      scenario: `${name}, open loop at ${rate}/s (½ capacity)`,
      requestsPerSec: open.length / settings.duration,
      p50Ms: percentile(open, 50),
      p99Ms: percentile(open, 99),
      requests: open.length,
    },
    {
      scenario: `${name}, open loop at ${STEADY_RATE}/s`,
      requestsPerSec: steady.length / settings.duration,
      p50Ms: percentile(steady, 50),
      p99Ms: percentile(steady, 99),
      requests: steady.length,
    },
  ];
}

/** Nothing when BENCH_ONLY names another scenario. */
export async function measureSearch(
  baseUrl: string,
  databaseUrl: string,
  settings: LoadSettings,
  only: string | undefined,
): Promise<Measurement[]> {
  if (only && !SEARCH_SCENARIO.includes(only) && !only.includes(SEARCH_SCENARIO)) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await seedCourses(client);
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from course_search_documents',
    );
    console.log(
      `  ${rows[0]!.n} searchable courses (${((performance.now() - started) / 1000).toFixed(1)} s to write ${COURSES} and their search rows)`,
    );
    await explain(client);
  } finally {
    await client.end();
  }
  const searchUrl = (query: string) => `${baseUrl}/api-2.0/search-courses/?page_size=12&${query}`;
  const searches = SEARCHES.map(searchUrl);
  const varied = variedSearches(100_000).map(searchUrl);
  const suggestions = SUGGESTIONS.map(
    (q) => `${baseUrl}/api-2.0/search-autocomplete/?q=${encodeURIComponent(q)}`,
  );
  for (const url of [...searches, ...suggestions]) await get(url);
  console.log(
    `measuring ${SEARCH_SCENARIO} (${settings.warmup}s warm-up, ${settings.duration}s closed loop of ${CONCURRENT_SEARCHERS}, then ${settings.duration}s open loops at half that rate and at ${STEADY_RATE}/s; the catalog list, popular searches, the long tail, suggestions)`,
  );
  const courses = `${COURSES.toLocaleString('en')} courses`;
  // For comparison, the catalog's own list (a category page) over the same courses.
  const catalogPages = [1, 2, 3, 4, 5].map((page) => `${baseUrl}/api-2.0/courses/?page_size=12&page=${page}`);
  return [
    ...(await measureMix(`catalog list, for comparison (${courses}, pages 1-5)`, catalogPages, settings)),
    ...(await measureMix(
      `search-courses (${courses}, ${SEARCHES.length} popular searches)`,
      searches,
      settings,
    )),
    ...(await measureMix(`search-courses (${courses}, long tail)`, varied, settings)),
    ...(await measureMix(`search-autocomplete (${SUGGESTIONS.length} prefixes)`, suggestions, settings)),
  ];
}
