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
  visitor = createTestClient(server.app, { ip: '10.68.0.1' });
});
afterAll(() => server.stop());

const topicId = async (slug: string) =>
  String(
    rowsOf<{ id: number }>(await server.db.execute(sql`select id from topics where slug = ${slug}`))[0]!.id,
  );

const LAB = `id title description learningOutcomes activities { id type title } prerequisites
  minEstimatedTime maxEstimatedTime instructors { id name jobTitle } topics { name url }`;
const SEARCH = `query($query: String, $filters: LabSearchFilters) { searchLabs(query: $query, filters: $filters) {
  count trackingId labs { ${LAB} } } }`;

const search = async (variables: Record<string, unknown>) => {
  const response = await graphql(visitor, SEARCH, variables);
  expect(response.data.errors, response.body).toBeUndefined();
  return response.data.data.searchLabs;
};
const titles = (labs: { title: string }[]) => labs.map((lab) => lab.title);

describe('searchLabs', () => {
  it('finds labs by words with stemming and a prefix, with every platform §3 field', async () => {
    const found = await search({ query: 'containerised dock' });
    expect(found).toMatchObject({ count: 1, trackingId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(found.labs[0]).toEqual({
      id: expect.any(String),
      title: 'Deploy a containerised web app with Docker Compose',
      description: expect.stringContaining('Compose'),
      learningOutcomes: expect.arrayContaining(['Run several services with Docker Compose']),
      activities: [
        { id: expect.any(String), type: 'LAB_TASK', title: 'Write a Dockerfile for the API' },
        { id: expect.any(String), type: 'LAB_TASK', title: 'Add a PostgreSQL service to compose.yaml' },
        { id: expect.any(String), type: 'LAB_TASK', title: 'Wire environment variables and secrets' },
        { id: expect.any(String), type: 'LAB_TASK', title: 'Check the health endpoint through the proxy' },
      ],
      prerequisites: ['Comfortable on the command line', 'Knows what an HTTP API is'],
      minEstimatedTime: 45 * 60,
      maxEstimatedTime: 90 * 60,
      instructors: [
        { id: expect.any(String), name: 'Oliver Grant', jobTitle: 'Site Reliability Engineer' },
        { id: expect.any(String), name: 'Lucas Silva', jobTitle: 'Cloud Architect' },
      ],
      topics: [
        { name: 'Docker', url: '/topic/docker/' },
        { name: 'DevOps', url: '/topic/devops/' },
      ],
    });
    // A word of the description matches too, after the titles' matches.
    expect(titles((await search({ query: 'network' })).labs)[0]).toBe(
      'Build a highly available network on AWS',
    );
    expect((await search({ query: 'zzzz' })).labs).toEqual([]);
  });

  it('lists every lab by title without a query, filtered by topics and time', async () => {
    const all = await search({});
    expect(all.count).toBe(11);
    expect(titles(all.labs)).toEqual([...titles(all.labs)].sort());
    const python = await search({ filters: { topicIds: [await topicId('python')] } });
    expect(titles(python.labs)).toEqual([
      'Clean and chart city bike trips with pandas',
      'Train and evaluate a classification model',
    ]);
    const short = await search({ filters: { maxEstimatedMinutes: 45 } });
    expect(titles(short.labs)).toEqual([
      'Build an accessible React form',
      'Query a sales database with window functions',
    ]);
    const both = await search({
      query: 'sales',
      filters: { maxEstimatedMinutes: 45, topicIds: [await topicId('sql')] },
    });
    expect(both.count).toBe(1);
  });

  it('refuses bad filters', async () => {
    const bad = await graphql(visitor, SEARCH, { filters: { topicIds: ['x'], maxEstimatedMinutes: 0 } });
    expect(firstError(bad)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        'filters.topicIds.0': ['Each entry must be the id of a topic.'],
        'filters.maxEstimatedMinutes': ['maxEstimatedMinutes must be at least 1.'],
      },
    });
    expect(firstError(await graphql(visitor, SEARCH, { query: 'x'.repeat(1001) })).code).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('reads labs with tasks, instructors and topics in statements that do not grow with them', async () => {
    const one = { query: 'kubernetes' };
    await search(one);
    const withOne = await countStatements(server.db, () => graphql(visitor, SEARCH, one));
    const withAll = await countStatements(server.db, () => graphql(visitor, SEARCH, {}));
    // The search, tasks, instructor links, instructors, topic links, topics.
    expect(withAll).toBe(withOne);
    expect(withAll).toBeLessThanOrEqual(6);
  });
});
