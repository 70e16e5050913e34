import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/query-result.js';
import { countStatements, firstError, graphql, newLearner } from '../../test-support/graphql-kit.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let learner: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  learner = createTestClient(server.app, { ip: '10.67.0.1' });
  await learner.login('learner@example.com');
  visitor = createTestClient(server.app, { ip: '10.67.0.2' });
});
afterAll(() => server.stop());

const courseId = async (slug: string) =>
  String(
    rowsOf<{ id: number }>(await server.db.execute(sql`select id from courses where slug = ${slug}`))[0]!.id,
  );

const ITEM = 'id type title durationInSeconds isBeta questionCount codingLanguage';
const COURSE = `query($id: ID!) { course(id: $id) { id title url imageUrl
  curriculum { id title items { ${ITEM} } }
  codingExercises { ${ITEM} } quizzes { id title questionCount } practiceTests { id }
  lecturesOnly: curriculumItems(types: [LECTURE]) { id } all: curriculumItems { id } } }`;
const SEARCH = `query($query: String!, $limit: Int) { searchLectures(query: $query, limit: $limit) {
  lectures { trackingId lecture { id title durationInSeconds images { px240x135 px480x270 } thumbnail url urlAutoEnroll }
    course { id title url } }
  metadata { query lectureCount trackingId }
  experimentResults { featureCode isInExperiment experimentIds variant } } }`;
const RESULTS = `query($courseId: ID!, $filters: CourseAssessmentItemResultFilters) {
  courseAssessmentItemResults(courseId: $courseId, filters: $filters) {
    assessment { id title isBeta type } items { id status } } }`;

describe('course(id)', () => {
  it('answers a course with its curriculum, coding exercises, quizzes and practice tests', async () => {
    const id = await courseId('typescript-from-first-principles');
    const response = await graphql(visitor, COURSE, { id });
    expect(response.data.errors, response.body).toBeUndefined();
    const course = response.data.data.course;
    expect(course).toMatchObject({
      id,
      title: 'TypeScript from First Principles',
      url: '/course/typescript-from-first-principles/',
      imageUrl: expect.stringMatching(/^\/course-images\/\d+\/[\w-]+\/750\.jpg$/),
    });
    expect(course.curriculum[0]).toMatchObject({
      title: 'Getting started',
      items: [
        {
          type: 'LECTURE',
          title: 'Welcome to TypeScript from First Principles',
          questionCount: 0,
          isBeta: false,
        },
        { type: 'LECTURE', title: 'How this course works' },
        { type: 'LECTURE', title: 'Setting up your workspace' },
      ],
    });
    expect(course.curriculum.map((section: { title: string }) => section.title)).toEqual([
      'Getting started',
      'The type checker reasons about your code',
      'Structural typing',
      'Unions and narrowing',
      'Generics and mapped types',
      'Course project',
    ]);
    const items = course.curriculum.flatMap((section: { items: unknown[] }) => section.items);
    expect(course.all.map((item: { id: string }) => item.id)).toEqual(
      items.map((item: { id: string }) => item.id),
    );
    for (const item of items) {
      if (item.type === 'LECTURE') expect(item.durationInSeconds).toBeGreaterThan(0);
      else expect(item.durationInSeconds).toBeNull();
    }
    expect(course.lecturesOnly).toHaveLength(
      items.filter((item: { type: string }) => item.type === 'LECTURE').length,
    );
    expect(course.codingExercises).toEqual([
      expect.objectContaining({
        title: 'Coding exercise: structural typing',
        codingLanguage: 'JS_ES6',
        questionCount: 3,
      }),
      expect.objectContaining({
        title: 'Coding exercise: generics and mapped types',
        codingLanguage: 'JS_ES6',
      }),
    ]);
    expect(course.quizzes.map((quiz: { questionCount: number }) => quiz.questionCount)).toEqual([3, 4, 5, 3]);
  });

  it('is NOT_FOUND for a course that does not exist or is private, and refuses bad ids', async () => {
    const id = await courseId('logo-design-workshop');
    await server.db.execute(sql`update courses set is_private = true where id = ${Number(id)}`);
    try {
      expect(firstError(await graphql(visitor, COURSE, { id }))).toMatchObject({
        code: 'NOT_FOUND',
        message: `There is no course ${id}.`,
      });
    } finally {
      await server.db.execute(sql`update courses set is_private = false where id = ${Number(id)}`);
    }
    expect(firstError(await graphql(visitor, COURSE, { id: '2147483000' })).code).toBe('NOT_FOUND');
    expect(firstError(await graphql(visitor, COURSE, { id: 'ts' })).fieldErrors).toEqual({
      id: ['courseId must be the id of a course.'],
    });
    const badType = await graphql(
      visitor,
      `
        query ($id: ID!) {
          course(id: $id) {
            curriculumItems(types: [VIDEO]) {
              id
            }
          }
        }
      `,
      { id },
    );
    expect(firstError(badType).code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('searchLectures', () => {
  it('finds lectures by words with stemming and a prefix, with their course, links and tracking ids', async () => {
    const response = await graphql(visitor, SEARCH, { query: '  Unions NARROW ' });
    expect(response.data.errors, response.body).toBeUndefined();
    const { lectures, metadata, experimentResults } = response.data.data.searchLectures;
    expect(metadata).toEqual({ query: 'unions narrow', lectureCount: 2, trackingId: expect.any(String) });
    expect(lectures.map((result: { lecture: { title: string } }) => result.lecture.title).sort()).toEqual([
      'Unions and narrowing, step by step',
      'Unions and narrowing: the big picture',
    ]);
    const [first] = lectures;
    expect(first).toEqual({
      trackingId: `${metadata.trackingId}-0`,
      lecture: {
        id: expect.any(String),
        title: expect.any(String),
        durationInSeconds: expect.any(Number),
        images: {
          px240x135: expect.stringMatching(/\/240\.jpg$/),
          px480x270: expect.stringMatching(/\/480\.jpg$/),
        },
        thumbnail: expect.stringMatching(/\/240\.jpg$/),
        url: `/course/typescript-from-first-principles/learn/${first.lecture.id}/`,
        urlAutoEnroll: `/course/typescript-from-first-principles/learn/${first.lecture.id}/?auto_enroll=true`,
      },
      course: {
        id: await courseId('typescript-from-first-principles'),
        title: 'TypeScript from First Principles',
        url: '/course/typescript-from-first-principles/',
      },
    });
    expect(experimentResults).toEqual([
      { featureCode: 'lecture_search_ranking', isInExperiment: false, experimentIds: [], variant: null },
    ]);
    // "welcom" finds every course's welcome lecture (prefix), capped by limit; the count says how many in all.
    const welcome = await graphql(learner, SEARCH, { query: 'welcom', limit: 5 });
    expect(welcome.data.data.searchLectures.lectures).toHaveLength(5);
    expect(welcome.data.data.searchLectures.metadata.lectureCount).toBeGreaterThanOrEqual(55);
  });

  it('refuses a search without words or with a limit out of bounds', async () => {
    expect(firstError(await graphql(visitor, SEARCH, { query: ' ?! ', limit: 51 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        query: ['Give words to search lectures for.'],
        limit: ['limit must be between 1 and 50.'],
      },
    });
  });

  it('reads results with their courses in statements that do not grow with them', async () => {
    const read = (limit: number) => graphql(visitor, SEARCH, { query: 'big picture', limit });
    await read(1);
    const withOne = await countStatements(server.db, () => read(1));
    let response: Awaited<ReturnType<typeof read>> | undefined;
    const withMany = await countStatements(server.db, async () => {
      response = await read(30);
    });
    expect(response!.data.data.searchLectures.lectures).toHaveLength(30);
    // The search, the courses' visibility, the courses of the results.
    expect(withMany).toBe(withOne);
    expect(withMany).toBeLessThanOrEqual(4);
  });
});

describe('courseAssessmentItemResults', () => {
  it('shows the demo learner their answers per assessment, filtered', async () => {
    const id = await courseId('typescript-from-first-principles');
    const response = await graphql(learner, RESULTS, { courseId: id });
    expect(response.data.errors, response.body).toBeUndefined();
    const results = response.data.data.courseAssessmentItemResults;
    expect(results.map((result: { assessment: { title: string } }) => result.assessment.title)).toEqual([
      'Quiz: the type checker reasons about your code',
      'Coding exercise: structural typing',
      'Quiz: structural typing',
      'Quiz: unions and narrowing',
    ]);
    expect(results[0]).toEqual({
      assessment: {
        id: expect.any(String),
        title: 'Quiz: the type checker reasons about your code',
        isBeta: expect.any(Boolean),
        type: 'QUIZ',
      },
      items: [
        { id: expect.any(String), status: 'CORRECT' },
        { id: expect.any(String), status: 'CORRECT' },
        { id: expect.any(String), status: 'INCORRECT' },
      ],
    });
    const quizzes = await graphql(learner, RESULTS, {
      courseId: id,
      filters: { assessmentTypes: ['QUIZ'], statuses: ['INCORRECT', 'SKIPPED'] },
    });
    const filtered = quizzes.data.data.courseAssessmentItemResults;
    expect(
      filtered.every((result: { assessment: { type: string } }) => result.assessment.type === 'QUIZ'),
    ).toBe(true);
    expect(
      filtered.flatMap((result: { items: { status: string }[] }) => result.items.map((item) => item.status)),
    ).not.toContain('CORRECT');
    const one = await graphql(learner, RESULTS, {
      courseId: id,
      filters: { assessmentIds: [results[1].assessment.id] },
    });
    expect(one.data.data.courseAssessmentItemResults).toHaveLength(1);

    // Someone else has answered nothing: their results are their own, and empty.
    const someone = await newLearner(server.app, server.db, 'Quiz Learner');
    expect(
      (await graphql(someone.client, RESULTS, { courseId: id })).data.data.courseAssessmentItemResults,
    ).toEqual([]);
  });

  it('refuses visitors, unknown courses and bad filters', async () => {
    const id = await courseId('typescript-from-first-principles');
    expect(firstError(await graphql(visitor, RESULTS, { courseId: id })).code).toBe('UNAUTHENTICATED');
    expect(firstError(await graphql(learner, RESULTS, { courseId: '2147483000' })).code).toBe('NOT_FOUND');
    expect(
      firstError(
        await graphql(learner, RESULTS, { courseId: id, filters: { assessmentTypes: ['LECTURE'] } }),
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        'filters.assessmentTypes.0': [
          'Each assessment type must be one of QUIZ, PRACTICE_TEST, CODING_EXERCISE, ASSIGNMENT.',
        ],
      },
    });
    expect(
      firstError(await graphql(learner, RESULTS, { courseId: id, filters: { statuses: ['WRONG'] } })).code,
    ).toBe('BAD_USER_INPUT');
  });
});

describe('coding exercise templates', () => {
  it('answers templates by language, by version and by version and name', async () => {
    const byLanguage = await graphql(
      visitor,
      `
        {
          codingExerciseTemplatesByLanguage(language: PYTHON) {
            language
            supportedVersions
            name
            description
            solutionFiles {
              fileName
              content
            }
            testFiles {
              fileName
            }
            setupFiles {
              fileName
            }
          }
        }
      `,
    );
    expect(byLanguage.data.errors, byLanguage.body).toBeUndefined();
    expect(
      byLanguage.data.data.codingExerciseTemplatesByLanguage.map((t: { name: string }) => t.name),
    ).toEqual(['function-with-tests', 'csv-report', 'data-frame']);
    expect(byLanguage.data.data.codingExerciseTemplatesByLanguage[1]).toMatchObject({
      supportedVersions: ['PY_CSV'],
      setupFiles: [{ fileName: 'sales.csv' }],
    });
    const byVersion = await graphql(
      visitor,
      `
        {
          codingExerciseTemplatesByLanguageVersion(language: JAVA17) {
            name
          }
        }
      `,
    );
    expect(byVersion.data.data.codingExerciseTemplatesByLanguageVersion).toEqual([
      { name: 'class-with-tests' },
      { name: 'record-with-tests' },
    ]);
    const byName = await graphql(
      visitor,
      `
        query ($name: String!) {
          codingExerciseTemplateByLanguageVersionName(language: REACT18, name: $name) {
            language
            solutionFiles {
              fileName
            }
          }
        }
      `,
      { name: 'component-with-tests' },
    );
    expect(byName.data.data.codingExerciseTemplateByLanguageVersionName).toEqual({
      language: 'REACT',
      solutionFiles: [{ fileName: 'Greeting.jsx' }],
    });
  });

  it('is NOT_FOUND for an unknown name and refuses an unknown language', async () => {
    const missing = await graphql(
      visitor,
      `
        {
          codingExerciseTemplateByLanguageVersionName(language: JAVA11, name: "record-with-tests") {
            name
          }
        }
      `,
    );
    expect(firstError(missing)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no template record-with-tests for JAVA11.',
    });
    expect(
      firstError(
        await graphql(
          visitor,
          `
            {
              codingExerciseTemplatesByLanguage(language: COBOL) {
                name
              }
            }
          `,
        ),
      ).code,
    ).toBe('GRAPHQL_VALIDATION_FAILED');
    const variable = await graphql(
      visitor,
      `
        query ($l: CodingLanguageVersion!) {
          codingExerciseTemplatesByLanguageVersion(language: $l) {
            name
          }
        }
      `,
      { l: 'PY2' },
    );
    expect(firstError(variable).code).toBe('BAD_USER_INPUT');
    expect(
      firstError(
        await graphql(
          visitor,
          `
            {
              codingExerciseTemplateByLanguageVersionName(language: SQL, name: " ") {
                name
              }
            }
          `,
        ),
      ).fieldErrors,
    ).toEqual({
      name: ['Give the name of a template.'],
    });
  });
});

describe('built to scale', () => {
  it('reads several courses’ curricula in statements that do not grow with them', async () => {
    const slugs = [
      'typescript-from-first-principles',
      'python-for-data-analysis',
      'kubernetes-for-operators',
      'logo-design-workshop',
    ];
    const ids = await Promise.all(slugs.map(courseId));
    const query = (n: number) =>
      `{ ${ids
        .slice(0, n)
        .map(
          (id, i) => `c${i}: course(id: "${id}") { curriculum { items { questionCount } } quizzes { id } }`,
        )
        .join(' ')} }`;
    await graphql(visitor, query(1));
    const withOne = await countStatements(server.db, () => graphql(visitor, query(1)));
    const withFour = await countStatements(server.db, () => graphql(visitor, query(4)));
    // One course read per root field; sections, items and question counts once each however many
    // courses when the course reads answer in the same tick (the embedded database). PostgreSQL's
    // answers come apart, and each course then batches its own: at most four statements a course,
    // whatever its sections and items.
    expect(withFour - withOne).toBeGreaterThanOrEqual(3);
    expect(withFour - withOne).toBeLessThanOrEqual(3 * 4);
  });
});
