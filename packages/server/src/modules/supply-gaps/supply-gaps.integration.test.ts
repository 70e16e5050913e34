import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/query-result.js';
import { firstError, graphql } from '../../test-support/graphql-kit.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let learner: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  learner = createTestClient(server.app, { ip: '10.70.0.1' });
  await learner.login('learner@example.com');
  visitor = createTestClient(server.app, { ip: '10.70.0.2' });
});
afterAll(() => server.stop());

const courseId = async (slug: string) =>
  String(
    rowsOf<{ id: number }>(await server.db.execute(sql`select id from courses where slug = ${slug}`))[0]!.id,
  );

const OPPORTUNITY = `query($courseId: ID!) { deprecatedSupplyGapOpportunityByCourseId(courseId: $courseId) {
  id courseLanguage domain subject opportunityType priorityLevel courseInstructionalLevel intendedAudience
  keyContent isFinancialIncentiveEligible displayRule } }`;

describe('deprecatedSupplyGapOpportunityByCourseId', () => {
  it('answers a course’s opportunity with every platform §3 field', async () => {
    const response = await graphql(learner, OPPORTUNITY, {
      courseId: await courseId('typescript-from-first-principles'),
    });
    expect(response.data.errors, response.body).toBeUndefined();
    expect(response.data.data.deprecatedSupplyGapOpportunityByCourseId).toEqual({
      id: expect.any(String),
      courseLanguage: 'en_US',
      domain: 'Development',
      subject: 'TypeScript',
      opportunityType: 'TRENDING',
      priorityLevel: 'HIGH',
      courseInstructionalLevel: 'BEGINNER',
      intendedAudience: 'JavaScript developers moving a codebase to TypeScript',
      keyContent: expect.arrayContaining(['Structural typing', 'Unions and narrowing']),
      isFinancialIncentiveEligible: true,
      displayRule: 'ALWAYS',
    });
    const anyLevel = await graphql(learner, OPPORTUNITY, {
      courseId: await courseId('incident-response-playbooks'),
    });
    expect(anyLevel.data.data.deprecatedSupplyGapOpportunityByCourseId.courseInstructionalLevel).toBe(
      'ANY_LEVEL',
    );
    const none = await graphql(learner, OPPORTUNITY, { courseId: await courseId('logo-design-workshop') });
    expect(none.data).toEqual({ data: { deprecatedSupplyGapOpportunityByCourseId: null } });
  });

  it('refuses visitors, unknown courses and bad ids', async () => {
    const id = await courseId('typescript-from-first-principles');
    expect(firstError(await graphql(visitor, OPPORTUNITY, { courseId: id })).code).toBe('UNAUTHENTICATED');
    expect(firstError(await graphql(learner, OPPORTUNITY, { courseId: '2147483000' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no course 2147483000.',
    });
    expect(firstError(await graphql(learner, OPPORTUNITY, { courseId: '0' })).fieldErrors).toEqual({
      courseId: ['courseId must be the id of a course.'],
    });
  });

  it('is marked deprecated in the schema', async () => {
    const response = await graphql(
      learner,
      `
        {
          __type(name: "Query") {
            fields(includeDeprecated: true) {
              name
              isDeprecated
              deprecationReason
            }
          }
        }
      `,
    );
    const field = response.data.data.__type.fields.find(
      (entry: { name: string }) => entry.name === 'deprecatedSupplyGapOpportunityByCourseId',
    );
    expect(field).toEqual({
      name: 'deprecatedSupplyGapOpportunityByCourseId',
      isDeprecated: true,
      deprecationReason: expect.stringContaining('instructors'),
    });
  });
});
