import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/query-result.js';
import { countStatements, firstError, graphql } from '../../test-support/graphql-kit.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let visitor: TestClient;
let framework: string;
beforeAll(async () => {
  server = await startTestServer();
  visitor = createTestClient(server.app, { ip: '10.69.0.1' });
  framework = String(
    rowsOf<{ id: number }>(
      await server.db.execute(sql`select id from skills_frameworks where name = 'Lectern Skills Framework'`),
    )[0]!.id,
  );
});
afterAll(() => server.stop());

const BY_ACTIVITIES = `query($framework: ID!, $type: LearningObjectiveType!, $activities: [LearningActivityType!]) {
  learningObjectivesBySkillsAndActivities(skillsFrameworkId: $framework, type: $type, activities: $activities) {
    id name type activities { id type } } }`;
const BY_IDS = `query($ids: [ID!]!, $framework: ID!, $type: LearningObjectiveType!) {
  learningObjectivesByIdsAndSkills(ids: $ids, skillsFrameworkId: $framework, type: $type) { id name activities { type } } }`;

const call = async (query: string, variables: Record<string, unknown>) => {
  const response = await graphql(visitor, query, variables);
  expect(response.data.errors, response.body).toBeUndefined();
  return Object.values(response.data.data)[0] as {
    id: string;
    name: string;
    activities: { id: string; type: string }[];
  }[];
};
const names = (objectives: { name: string }[]) => objectives.map((objective) => objective.name);

describe('learning objectives', () => {
  it('answers a framework’s objectives of a type, with their activities, filtered by activity types', async () => {
    const skills = await call(BY_ACTIVITIES, { framework, type: 'SKILL' });
    expect(names(skills)).toEqual([
      'Narrow union types with type guards',
      'Write generic functions and mapped types',
      'Containerise an application with Docker',
      'Query data with window functions',
      'Reshape and summarise data with pandas',
    ]);
    const types = (objective: { activities: { type: string }[] }) => [
      ...new Set(objective.activities.map((a) => a.type)),
    ];
    expect(types(skills[0]!)).toEqual(['LECTURE', 'ASSESSMENT_QUESTION', 'LAB_TASK']);
    // The activities point at real lectures of the course.
    const lectureId = Number(skills[0]!.activities.find((a) => a.type === 'LECTURE')!.id);
    const [lecture] = rowsOf<{ title: string; type: string }>(
      await server.db.execute(sql`select title, type from curriculum_items where id = ${lectureId}`),
    );
    expect(lecture).toEqual({ title: 'Unions and narrowing: the big picture', type: 'LECTURE' });

    expect(
      names(await call(BY_ACTIVITIES, { framework, type: 'SKILL', activities: ['ASSESSMENT_QUESTION'] })),
    ).toEqual([
      'Narrow union types with type guards',
      'Write generic functions and mapped types',
      'Reshape and summarise data with pandas',
    ]);
    expect(
      names(await call(BY_ACTIVITIES, { framework, type: 'ABILITY', activities: ['LAB_TASK'] })),
    ).toEqual(['Troubleshoot a failing production service under time pressure']);
  });

  it('answers objectives by ids in their order, leaving out those of another type', async () => {
    const skills = await call(BY_ACTIVITIES, { framework, type: 'SKILL' });
    const knowledge = await call(BY_ACTIVITIES, { framework, type: 'KNOWLEDGE' });
    const found = await call(BY_IDS, {
      ids: [skills[3]!.id, knowledge[0]!.id, skills[0]!.id],
      framework,
      type: 'SKILL',
    });
    expect(names(found)).toEqual(['Query data with window functions', 'Narrow union types with type guards']);
  });

  it('is NOT_FOUND for an unknown framework and refuses bad input', async () => {
    expect(
      firstError(await graphql(visitor, BY_ACTIVITIES, { framework: '2147483000', type: 'SKILL' })),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no skills framework 2147483000.',
    });
    expect(
      firstError(await graphql(visitor, BY_IDS, { ids: ['1'], framework: '2147483000', type: 'SKILL' })).code,
    ).toBe('NOT_FOUND');
    expect(
      firstError(await graphql(visitor, BY_IDS, { ids: [], framework: 'x', type: 'SKILL' })).fieldErrors,
    ).toEqual({
      ids: ['Give at least one learning objective id.'],
      skillsFrameworkId: ['skillsFrameworkId must be the id of a skills framework.'],
    });
    expect(firstError(await graphql(visitor, BY_ACTIVITIES, { framework, type: 'TALENT' })).code).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('reads activities in statements that do not grow with the objectives', async () => {
    const one = { ids: ['1'], framework, type: 'SKILL' };
    const all = { framework, type: 'SKILL' };
    await graphql(visitor, BY_IDS, one);
    const withOne = await countStatements(server.db, () => graphql(visitor, BY_IDS, one));
    const withAll = await countStatements(server.db, () => graphql(visitor, BY_ACTIVITIES, all));
    // The framework, the objectives, their activities.
    expect(withAll).toBe(withOne);
    expect(withAll).toBe(3);
  });
});
