import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/query-result.js';
import { countStatements, firstError, graphql } from '../../test-support/graphql-kit.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { startTestServer } from '../../test-support/test-server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let visitor: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  visitor = createTestClient(server.app, { ip: '10.66.0.1' });
});
afterAll(() => server.stop());

const topicId = async (slug: string) =>
  String(
    rowsOf<{ id: number }>(await server.db.execute(sql`select id from topics where slug = ${slug}`))[0]!.id,
  );

const PATHS = `query($topicId: ID!) { proLearningPathsByTopic(topicId: $topicId) {
  id title description itemCount numberOfEnrollments url topic { name } } }`;

describe('proLearningPathsByTopic', () => {
  it('answers a topic’s pro paths with their item and enrolment counts', async () => {
    const response = await graphql(visitor, PATHS, { topicId: await topicId('typescript') });
    expect(response.data.errors, response.body).toBeUndefined();
    const [path] = response.data.data.proLearningPathsByTopic;
    expect(response.data.data.proLearningPathsByTopic).toHaveLength(1);
    expect(path).toEqual({
      id: expect.any(String),
      title: 'Full-Stack TypeScript Developer',
      description: expect.stringContaining('full-stack TypeScript'),
      itemCount: 4,
      // The demo learner and one other demo person.
      numberOfEnrollments: 2,
      url: `/learning-paths/${path.id}/`,
      topic: { name: 'TypeScript' },
    });
  });

  it('leaves out paths that are not pro, answers [] for a topic without any, and NOT_FOUND for no topic', async () => {
    const sql_ = await graphql(visitor, PATHS, { topicId: await topicId('sql') });
    expect(sql_.data.data.proLearningPathsByTopic).toEqual([]);
    expect(
      (await graphql(visitor, PATHS, { topicId: await topicId('go') })).data.data.proLearningPathsByTopic,
    ).toEqual([]);
    expect(firstError(await graphql(visitor, PATHS, { topicId: '2147483000' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no topic 2147483000.',
    });
    expect(firstError(await graphql(visitor, PATHS, { topicId: 'typescript' })).fieldErrors).toEqual({
      topicId: ['topicId must be the id of a topic.'],
    });
  });

  it('reads counts in statements that do not grow with the paths', async () => {
    // Every pro path in one answer, through aliases: each topic's paths, counts batched across them.
    const topics = await Promise.all(
      ['typescript', 'react', 'data-analysis', 'python', 'cloud-computing'].map(topicId),
    );
    const many = `{ ${topics
      .map(
        (id, i) =>
          `t${i}: proLearningPathsByTopic(topicId: "${id}") { itemCount numberOfEnrollments topic { name } }`,
      )
      .join(' ')} }`;
    const single = `{ t0: proLearningPathsByTopic(topicId: "${topics[0]}") { itemCount numberOfEnrollments topic { name } } }`;
    await graphql(visitor, single);
    const withOne = await countStatements(server.db, () => graphql(visitor, single));
    const withFive = await countStatements(server.db, () => graphql(visitor, many));
    // One read of paths per topic asked for (the root fields), then one batch each of items,
    // enrolments and topics. Root fields batch together when their reads answer in the same
    // tick (the embedded database); PostgreSQL's answers come apart, and each root field then
    // batches its own: at most its four statements, never one per path.
    expect(withOne).toBe(4);
    expect(withFive).toBeGreaterThanOrEqual(withOne + 4);
    expect(withFive).toBeLessThanOrEqual(withOne * 5);
  });
});
