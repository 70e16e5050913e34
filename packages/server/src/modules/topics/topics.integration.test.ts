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
  learner = createTestClient(server.app, { ip: '10.63.0.1' });
  await learner.login('learner@example.com');
  visitor = createTestClient(server.app, { ip: '10.63.0.2' });
});
afterAll(() => server.stop());

async function topicId(slug: string): Promise<string> {
  const [row] = rowsOf<{ id: number }>(
    await server.db.execute(sql`select id from topics where slug = ${slug}`),
  );
  return String(row!.id);
}
async function groupId(name: string): Promise<string> {
  const [row] = rowsOf<{ id: number }>(
    await server.db.execute(sql`select id from topic_groups where name = ${name}`),
  );
  return String(row!.id);
}

const TOPIC = `query($id: ID!) { topic(id: $id) { id name url groups { id name } } }`;
const SEARCH = `query($query: String!, $limit: Int, $filters: TopicSearchFilters) {
  topicSearch(query: $query, limit: $limit, filters: $filters) { id name url } }`;
const GROUPS = `query($ids: [ID!]) { topicGroups(ids: $ids) { id name topics { id name groups { name } } } }`;
const INTERESTS = `{ topicInterests { id name url } }`;
const ASSIGN = `mutation($ids: [ID!]!) { topicInterestAssign(topicIds: $ids) { name } }`;
const UNASSIGN = `mutation($ids: [ID!]!) { topicInterestUnassign(topicIds: $ids) { name } }`;

describe('topics', () => {
  it('answers topic(id) with its groups, and NOT_FOUND or BAD_USER_INPUT for other ids', async () => {
    const python = await topicId('python');
    const response = await graphql(visitor, TOPIC, { id: python });
    expect(response.data.errors, response.body).toBeUndefined();
    expect(response.data.data.topic).toMatchObject({ id: python, name: 'Python', url: '/topic/python/' });
    expect(response.data.data.topic.groups.map((group: { name: string }) => group.name)).toEqual([
      'Programming Languages',
      'Data Science',
    ]);
    const missing = await graphql(visitor, TOPIC, { id: '2147483000' });
    expect(firstError(missing)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no topic 2147483000.',
    });
    const bad = await graphql(visitor, TOPIC, { id: 'python' });
    expect(firstError(bad)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { id: ['id must be the id of a topic.'] },
    });
  });

  it('searches names: whole name, then prefix, then a word, within groups, limit capped', async () => {
    const search = async (variables: Record<string, unknown>) => {
      const response = await graphql(visitor, SEARCH, variables);
      expect(response.data.errors, response.body).toBeUndefined();
      return response.data.data.topicSearch.map((topic: { name: string }) => topic.name);
    };
    expect(await search({ query: ' JAVA ' })).toEqual(['Java', 'JavaScript']);
    expect(await search({ query: 'learn' })).toEqual(['Deep Learning', 'Machine Learning']);
    expect(await search({ query: 'cloud' })).toEqual(['Cloud Computing', 'Google Cloud']);
    expect(await search({ query: 'c', limit: 3 })).toHaveLength(3);
    expect(
      await search({ query: 'script', filters: { groupIds: [await groupId('Web Development')] } }),
    ).toEqual(['JavaScript', 'TypeScript']);
    expect(await search({ query: '100%_' })).toEqual([]);

    const bad = await graphql(visitor, SEARCH, { query: '  ', limit: 500 });
    expect(firstError(bad)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        query: ['Give a text to search topics for.'],
        limit: ['limit must be between 1 and 50.'],
      },
    });
  });

  it('lists topic groups with their topics, all or by ids in order', async () => {
    const all = await graphql(visitor, GROUPS);
    expect(all.data.errors, all.body).toBeUndefined();
    const names = all.data.data.topicGroups.map((group: { name: string }) => group.name);
    expect(names).toContain('Programming Languages');
    expect(names).toEqual([...names].sort());
    const [languages, databases] = [await groupId('Programming Languages'), await groupId('Databases')];
    const some = await graphql(visitor, GROUPS, { ids: [databases, languages] });
    expect(some.data.data.topicGroups.map((group: { id: string }) => group.id)).toEqual([
      databases,
      languages,
    ]);
    expect(some.data.data.topicGroups[0].topics).toEqual([
      {
        id: await topicId('sql'),
        name: 'SQL',
        groups: [{ name: 'Programming Languages' }, { name: 'Data Science' }, { name: 'Databases' }],
      },
      { id: await topicId('postgresql'), name: 'PostgreSQL', groups: [{ name: 'Databases' }] },
    ]);
    expect(firstError(await graphql(visitor, GROUPS, { ids: ['2147483000'] })).code).toBe('NOT_FOUND');
    expect(firstError(await graphql(visitor, GROUPS, { ids: ['0'] })).fieldErrors).toEqual({
      'ids.0': ['Each entry must be the id of a topic group.'],
    });
  });
});

describe('topic interests', () => {
  it('shows the demo learner what they follow', async () => {
    const response = await graphql(learner, INTERESTS);
    expect(response.data.data.topicInterests.map((topic: { name: string }) => topic.name)).toEqual([
      'Cloud Computing',
      'Data Analysis',
      'Python',
      'React',
      'TypeScript',
    ]);
  });

  it('assigns and unassigns idempotently, refusing unknown ids and visitors with nothing changed', async () => {
    const someone = await newLearner(server.app, server.db, 'Interested Learner');
    const [sql_, rust] = [await topicId('sql'), await topicId('rust')];
    const assigned = await graphql(someone.client, ASSIGN, { ids: [rust, sql_, rust] });
    expect(assigned.data.data.topicInterestAssign).toEqual([{ name: 'Rust' }, { name: 'SQL' }]);
    const again = await graphql(someone.client, ASSIGN, { ids: [sql_] });
    expect(again.data.data.topicInterestAssign).toEqual([{ name: 'Rust' }, { name: 'SQL' }]);

    const unknown = await graphql(someone.client, ASSIGN, { ids: [await topicId('go'), '2147483000'] });
    expect(firstError(unknown)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { topicIds: ['There is no topic 2147483000.'] },
    });
    const removed = await graphql(someone.client, UNASSIGN, { ids: [rust, await topicId('go')] });
    expect(removed.data.data.topicInterestUnassign).toEqual([{ name: 'SQL' }]);
    const removedAgain = await graphql(someone.client, UNASSIGN, { ids: [rust] });
    expect(removedAgain.data.data.topicInterestUnassign).toEqual([{ name: 'SQL' }]);
    expect(firstError(await graphql(someone.client, UNASSIGN, { ids: ['2147483000'] })).code).toBe(
      'BAD_USER_INPUT',
    );
    expect(firstError(await graphql(someone.client, ASSIGN, { ids: [] })).fieldErrors).toEqual({
      topicIds: ['Give at least one topic id.'],
    });

    for (const operation of [INTERESTS, ASSIGN, UNASSIGN]) {
      expect(firstError(await graphql(visitor, operation, { ids: [sql_] })).code).toBe('UNAUTHENTICATED');
    }
    // The demo learner's interests are untouched by all of this.
    expect((await graphql(learner, INTERESTS)).data.data.topicInterests).toHaveLength(5);
  });
});

describe('built to scale', () => {
  it('reads groups with their topics and each topic’s groups in statements that do not grow with them', async () => {
    const read = (ids: string[]) => graphql(visitor, GROUPS, { ids });
    const one = [await groupId('Databases')];
    const many = await Promise.all(
      ['Programming Languages', 'Data Science', 'Cloud and DevOps', 'Business and Management', 'Design'].map(
        groupId,
      ),
    );
    await read(one);
    const withOne = await countStatements(server.db, () => read(one));
    let response: Awaited<ReturnType<typeof read>> | undefined;
    const withMany = await countStatements(server.db, async () => {
      response = await read(many);
    });
    expect(response!.data.data.topicGroups).toHaveLength(5);
    // Groups, their topic links, topics, the topics' group links (their groups are loaded already or once more).
    expect(withMany).toBe(withOne);
    expect(withMany).toBeLessThanOrEqual(5);
  });
});
