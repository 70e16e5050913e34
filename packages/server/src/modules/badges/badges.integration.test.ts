import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/query-result.js';
import {
  countStatements,
  firstError,
  graphql,
  newLearner,
  userIdOf,
} from '../../test-support/graphql-kit.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let learner: TestClient;
let learnerId: number;
let ownerId: number;
let visitor: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  learner = createTestClient(server.app, { ip: '10.65.0.1' });
  await learner.login('learner@example.com');
  learnerId = await userIdOf(server.db, 'learner@example.com');
  ownerId = await userIdOf(server.db, 'owner@example.com');
  visitor = createTestClient(server.app, { ip: '10.65.0.2' });
});
afterAll(() => server.stop());

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query))[0]!;
const classId = async (name: string) =>
  String((await one<{ id: number }>(sql`select id from badge_classes where name = ${name}`)).id);
const idIn = async (table: string, name: string, column = 'name') =>
  String(
    (
      await one<{ id: number }>(
        sql`select id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${name}`,
      )
    ).id,
  );

const BADGE = `id name image { id } description type tags issuer { id name } criteria topic { id url }
  assertions { id issuedOn expires externalUrl } externalUrl`;
const BY_ID = `query($id: ID!) { badgeClass(id: $id) { ${BADGE} } }`;
const SEARCH = `query($query: String, $issuerIds: [ID!], $certificationAreaIds: [ID!], $page: Int, $size: Int) {
  searchBadgeClasses(query: $query, issuerIds: $issuerIds, certificationAreaIds: $certificationAreaIds, page: $page, size: $size) {
    page pageCount items { name issuer { name } } } }`;
const BY_TOPIC = `query($topicId: ID!) { badgeClassesByTopic(topicId: $topicId) { name } }`;
const ACTIVE = `{ activeBadgeClasses { ${BADGE} } }`;
const ENROLLMENTS = `query($id: ID!) { badgeClassEnrollmentsByBadgeClassId(badgeClassId: $id) {
  learningProduct { id type title url } completionPercentage } }`;
const BY_PRODUCTS = `query($products: [LearningProductInput!]!) { badgeClassesByLearningProducts(learningProducts: $products) { name } }`;
const ASSERTIONS = `query($userId: ID!, $page: Int, $size: Int) { badgeAssertionsByUser(userId: $userId, page: $page, size: $size) {
  page pageCount items { id issuedOn expires externalUrl user { id } badgeClass { name type } } } }`;

const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('badge classes', () => {
  it('lists subject areas and issuers by name', async () => {
    const response = await graphql(
      visitor,
      `
        {
          badgeCertificationSubjectAreas {
            id
            name
          }
          badgeClassIssuers {
            id
            name
          }
        }
      `,
    );
    expect(response.data.errors, response.body).toBeUndefined();
    expect(names(response.data.data.badgeCertificationSubjectAreas)).toEqual([
      'Cloud',
      'Data',
      'Project Management',
      'Security',
      'Software Development',
    ]);
    expect(names(response.data.data.badgeClassIssuers)).toContain('Amazon Web Services');
  });

  it('answers badgeClass(id) with every platform §3 field, the caller’s own awards only', async () => {
    const id = await classId('AWS Certified Cloud Practitioner');
    const forLearner = await graphql(learner, BY_ID, { id });
    expect(forLearner.data.errors, forLearner.body).toBeUndefined();
    expect(forLearner.data.data.badgeClass).toEqual({
      id,
      name: 'AWS Certified Cloud Practitioner',
      image: { id: 'badge-aws-certified-cloud-practitioner' },
      description: expect.stringContaining('AWS Cloud'),
      type: 'OPEN_BADGE',
      tags: ['aws', 'cloud', 'foundational'],
      issuer: { id: await idIn('badge_issuers', 'Amazon Web Services'), name: 'Amazon Web Services' },
      criteria: expect.stringContaining('CLF-C02'),
      topic: { id: await idIn('topics', 'cloud-computing', 'slug'), url: '/topic/cloud-computing/' },
      assertions: [
        {
          id: expect.any(String),
          issuedOn: '2024-05-14T09:30:00.000Z',
          expires: '2027-05-14T09:30:00.000Z',
          externalUrl: expect.stringMatching(/^https:\/\/www\.credly\.com\//),
        },
      ],
      externalUrl: 'https://aws.amazon.com/certification/certified-cloud-practitioner/',
    });
    const forVisitor = await graphql(visitor, BY_ID, { id });
    expect(forVisitor.data.data.badgeClass.assertions).toEqual([]);
    // A retired class is still there by id (its holders keep it).
    const retired = await graphql(learner, BY_ID, {
      id: await classId('AWS Certified Developer – Associate (DVA-C01)'),
    });
    expect(retired.data.data.badgeClass.assertions).toHaveLength(1);
    expect(firstError(await graphql(visitor, BY_ID, { id: '2147483000' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no badge class 2147483000.',
    });
    expect(firstError(await graphql(visitor, BY_ID, { id: '-1' })).fieldErrors).toEqual({
      id: ['The id must be the id of a badge class.'],
    });
  });

  it('searches active classes by words, issuers and areas, paged from 0', async () => {
    const search = async (variables: Record<string, unknown>) => {
      const response = await graphql(visitor, SEARCH, variables);
      expect(response.data.errors, response.body).toBeUndefined();
      return response.data.data.searchBadgeClasses;
    };
    const aws = await search({ query: 'AWS' });
    expect(names(aws.items)).toEqual([
      'AWS Certified Cloud Practitioner',
      'AWS Certified Solutions Architect – Associate',
    ]);
    expect(aws).toMatchObject({ page: 0, pageCount: 1 });
    expect(names((await search({ query: 'agile' })).items)).toEqual([
      'Certified ScrumMaster (CSM)',
      'Project Management Professional (PMP)',
    ]);
    const lectern = await search({ issuerIds: [await idIn('badge_issuers', 'Lectern')] });
    expect(lectern.items.every((item: { issuer: { name: string } }) => item.issuer.name === 'Lectern')).toBe(
      true,
    );
    expect(lectern.items).toHaveLength(3);
    const cloud = await search({
      certificationAreaIds: [await idIn('badge_certification_areas', 'Cloud')],
      size: 2,
    });
    expect(cloud).toMatchObject({ page: 0, pageCount: 3 });
    const last = await search({
      certificationAreaIds: [await idIn('badge_certification_areas', 'Cloud')],
      size: 4,
      page: 1,
    });
    expect(last).toMatchObject({ page: 1, pageCount: 2 });
    expect(last.items).toHaveLength(2);
    const all = await search({ size: 50 });
    expect(names(all.items)).not.toContain('AWS Certified Developer – Associate (DVA-C01)');
    expect(all.items).toHaveLength(12);

    const bad = await graphql(visitor, SEARCH, { page: -1, size: 0, issuerIds: ['x'] });
    expect(firstError(bad)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        page: ['page starts at 0.'],
        size: ['size must be between 1 and 50.'],
        'issuerIds.0': ['Each entry must be the id of a issuer.'],
      },
    });
  });

  it('lists the active classes, by topic and by learning product', async () => {
    const active = await graphql(visitor, ACTIVE);
    expect(active.data.errors, active.body).toBeUndefined();
    expect(active.data.data.activeBadgeClasses).toHaveLength(12);
    const byTopic = await graphql(visitor, BY_TOPIC, {
      topicId: await idIn('topics', 'cloud-computing', 'slug'),
    });
    expect(names(byTopic.data.data.badgeClassesByTopic)).toEqual(['AWS Certified Cloud Practitioner']);
    expect(
      names(
        (await graphql(visitor, BY_TOPIC, { topicId: await idIn('topics', 'go', 'slug') })).data.data
          .badgeClassesByTopic,
      ),
    ).toEqual([]);
    expect(firstError(await graphql(visitor, BY_TOPIC, { topicId: '2147483000' })).code).toBe('NOT_FOUND');

    const path = await idIn('learning_paths', 'Full-Stack TypeScript Developer', 'title');
    const course = String(
      (await one<{ id: number }>(sql`select id from courses where slug = 'cloud-architecture-patterns'`)).id,
    );
    const byProducts = await graphql(visitor, BY_PRODUCTS, {
      products: [
        { id: course, type: 'COURSE' },
        { id: path, type: 'LEARNING_PATH' },
        { id: course, type: 'LAB' },
      ],
    });
    expect(names(byProducts.data.data.badgeClassesByLearningProducts)).toEqual([
      'AWS Certified Cloud Practitioner',
      'AWS Certified Solutions Architect – Associate',
      'Microsoft Certified: Azure Fundamentals',
      'TypeScript Developer Blueprint',
    ]);
    expect(firstError(await graphql(visitor, BY_PRODUCTS, { products: [] })).fieldErrors).toEqual({
      learningProducts: ['Give at least one learning product.'],
    });
    expect(
      firstError(await graphql(visitor, BY_PRODUCTS, { products: [{ id: '1', type: 'PODCAST' }] })).code,
    ).toBe('BAD_USER_INPUT');
  });
});

describe('the caller’s enrolments and awards', () => {
  it('shows the demo learner their enrolments with completion from what they completed', async () => {
    const id = await classId('TypeScript Developer Blueprint');
    const response = await graphql(learner, ENROLLMENTS, { id });
    expect(response.data.errors, response.body).toBeUndefined();
    const [course, path] = response.data.data.badgeClassEnrollmentsByBadgeClassId;
    // Computed here the way the domain does: items completed of all items, rounded down.
    const progress = rowsOf<{ slug: string; total: number; done: number }>(
      await server.db.execute(sql`
        select c.slug, count(i.id)::int as total, count(d.item_id)::int as done
        from courses c join curriculum_items i on i.course_id = c.id
        left join curriculum_item_completions d on d.item_id = i.id and d.user_id = ${learnerId}
        where c.slug in ('typescript-from-first-principles', 'modern-react-with-hooks-and-suspense',
          'node-js-services-that-scale', 'testing-javascript-applications')
        group by c.slug`),
    );
    const of = (slug: string) => progress.find((row) => row.slug === slug)!;
    const typescript = of('typescript-from-first-principles');
    expect(course).toEqual({
      learningProduct: {
        id: expect.any(String),
        type: 'COURSE',
        title: 'TypeScript from First Principles',
        url: '/course/typescript-from-first-principles/',
      },
      completionPercentage: Math.floor((typescript.done * 100) / typescript.total),
    });
    expect(typescript.done).toBe(14);
    const done = progress.reduce((sum, row) => sum + row.done, 0);
    const total = progress.reduce((sum, row) => sum + row.total, 0);
    expect(path).toEqual({
      learningProduct: {
        id: await idIn('learning_paths', 'Full-Stack TypeScript Developer', 'title'),
        type: 'LEARNING_PATH',
        title: 'Full-Stack TypeScript Developer',
        url: expect.stringMatching(/^\/learning-paths\/\d+\/$/),
      },
      completionPercentage: Math.floor((done * 100) / total),
    });
    expect(path.completionPercentage).toBeGreaterThan(0);
    expect(path.completionPercentage).toBeLessThan(course.completionPercentage);

    // Not enrolled in anything of the CKA; someone new in nothing at all.
    const cka = await classId('Certified Kubernetes Administrator (CKA)');
    expect(
      (await graphql(learner, ENROLLMENTS, { id: cka })).data.data.badgeClassEnrollmentsByBadgeClassId,
    ).toEqual([]);
    const someone = await newLearner(server.app, server.db, 'Badge Learner');
    expect(
      (await graphql(someone.client, ENROLLMENTS, { id })).data.data.badgeClassEnrollmentsByBadgeClassId,
    ).toEqual([]);
  });

  it('refuses enrolments to visitors, and unknown or malformed classes', async () => {
    const id = await classId('TypeScript Developer Blueprint');
    expect(firstError(await graphql(visitor, ENROLLMENTS, { id })).code).toBe('UNAUTHENTICATED');
    expect(firstError(await graphql(learner, ENROLLMENTS, { id: '2147483000' })).code).toBe('NOT_FOUND');
    expect(firstError(await graphql(learner, ENROLLMENTS, { id: 'ts' })).fieldErrors).toEqual({
      badgeClassId: ['The id must be the id of a badge class.'],
    });
  });

  it('pages the caller’s own awards, newest first, 12 by default; another’s are NOT_FOUND', async () => {
    const response = await graphql(learner, ASSERTIONS, { userId: String(learnerId) });
    expect(response.data.errors, response.body).toBeUndefined();
    const page = response.data.data.badgeAssertionsByUser;
    expect(page).toMatchObject({ page: 0, pageCount: 1 });
    expect(page.items.map((item: { badgeClass: { name: string } }) => item.badgeClass.name)).toEqual([
      'TypeScript Developer Blueprint',
      'AWS Certified Cloud Practitioner',
      'AWS Certified Developer – Associate (DVA-C01)',
    ]);
    expect(page.items[0]).toMatchObject({
      user: { id: String(learnerId) },
      expires: null,
      externalUrl: null,
      badgeClass: { type: 'BLUEPRINT' },
    });
    const second = await graphql(learner, ASSERTIONS, { userId: String(learnerId), page: 1, size: 2 });
    expect(second.data.data.badgeAssertionsByUser).toMatchObject({ page: 1, pageCount: 2 });
    expect(second.data.data.badgeAssertionsByUser.items).toHaveLength(1);

    const others = await graphql(learner, ASSERTIONS, { userId: String(ownerId) });
    expect(firstError(others)).toMatchObject({ code: 'NOT_FOUND' });
    expect(firstError(await graphql(visitor, ASSERTIONS, { userId: String(learnerId) })).code).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      firstError(await graphql(learner, ASSERTIONS, { userId: String(learnerId), size: 51 })).fieldErrors,
    ).toEqual({
      size: ['size must be between 1 and 50.'],
    });
  });
});

describe('built to scale', () => {
  it('reads badge classes with issuers, topics and the caller’s awards in statements that do not grow with them', async () => {
    const read = (size: number) =>
      graphql(learner, `query($size: Int) { searchBadgeClasses(size: $size) { items { ${BADGE} } } }`, {
        size,
      });
    await read(1);
    const withOne = await countStatements(server.db, () => read(1));
    let response: Awaited<ReturnType<typeof read>> | undefined;
    const withAll = await countStatements(server.db, async () => {
      response = await read(12);
    });
    expect(response!.data.data.searchBadgeClasses.items).toHaveLength(12);
    // The page, issuers, topics, the caller's assertions.
    expect(withAll).toBe(withOne);
    expect(withAll).toBeLessThanOrEqual(5);
  });

  it('computes enrolments in a fixed number of statements', async () => {
    const small = await classId('Certified ScrumMaster (CSM)');
    const large = await classId('TypeScript Developer Blueprint');
    await graphql(learner, ENROLLMENTS, { id: small });
    const withNone = await countStatements(server.db, () => graphql(learner, ENROLLMENTS, { id: small }));
    const withTwo = await countStatements(server.db, () => graphql(learner, ENROLLMENTS, { id: large }));
    // Class, products, enrolled courses, enrolled paths, path courses, progress, titles (courses, paths).
    expect(withTwo).toBeLessThanOrEqual(9);
    expect(withNone).toBeLessThanOrEqual(withTwo);
  });
});
