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
  learner = createTestClient(server.app, { ip: '10.64.0.1' });
  await learner.login('learner@example.com');
  visitor = createTestClient(server.app, { ip: '10.64.0.2' });
});
afterAll(() => server.stop());

const idOf = async (table: 'occupations' | 'occupation_groups', name: string) => {
  const [row] = rowsOf<{ id: number }>(
    await server.db.execute(sql`select id from ${sql.identifier(table)} where name = ${name}`),
  );
  return String(row!.id);
};

const OCCUPATION = `id name urlLandingPage representativeTopic { id name url } group { id name }`;
const BY_IDS = `query($ids: [ID!]!) { occupations(ids: $ids) { ${OCCUPATION} } }`;
const GROUPS = `query($ids: [ID!]) { occupationGroups(ids: $ids) { id name } }`;
const SEARCH = `query($search: String, $groupIds: [ID!], $page: Int, $pageSize: Int) {
  occupationSearch(search: $search, groupIds: $groupIds, page: $page, pageSize: $pageSize) {
    page pageCount items { ${OCCUPATION} } } }`;
const INFO_FIELDS = `group { id name } canonical { id name group { name } } raw { id name } isManager`;
const INFO = `{ userOccupationInfo { ${INFO_FIELDS} } }`;
const MANAGER = `mutation($isManager: Boolean!) { occupationManagerAssign(isManager: $isManager) { ${INFO_FIELDS} } }`;
const GROUP = `mutation($groupId: ID!) { occupationGroupAssign(groupId: $groupId) { ${INFO_FIELDS} } }`;
const ASSIGN = `mutation($occupationId: ID!) { occupationAssign(occupationId: $occupationId) { ${INFO_FIELDS} } }`;
const RAW = `mutation($names: [String!]!) { occupationRawAssign(names: $names) { ${INFO_FIELDS} } }`;

describe('occupations', () => {
  it('answers occupations(ids) in order with their group and representative topic', async () => {
    const [analyst, architect] = [
      await idOf('occupations', 'Data Analyst'),
      await idOf('occupations', 'Cloud Architect'),
    ];
    const response = await graphql(visitor, BY_IDS, { ids: [architect, analyst] });
    expect(response.data.errors, response.body).toBeUndefined();
    expect(response.data.data.occupations).toEqual([
      {
        id: architect,
        name: 'Cloud Architect',
        urlLandingPage: '/occupation/cloud-architect/',
        representativeTopic: expect.objectContaining({ name: 'AWS Certified Solutions Architect' }),
        group: {
          id: await idOf('occupation_groups', 'IT Operations and Cloud'),
          name: 'IT Operations and Cloud',
        },
      },
      expect.objectContaining({
        id: analyst,
        representativeTopic: expect.objectContaining({ url: '/topic/data-analysis/' }),
      }),
    ]);
    expect(firstError(await graphql(visitor, BY_IDS, { ids: [analyst, '2147483000'] }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no occupation 2147483000.',
    });
    expect(firstError(await graphql(visitor, BY_IDS, { ids: ['x'] })).fieldErrors).toEqual({
      'ids.0': ['Each entry must be the id of a occupation.'],
    });
  });

  it('lists groups, all by name or by ids in order', async () => {
    const all = (await graphql(visitor, GROUPS)).data.data.occupationGroups.map(
      (g: { name: string }) => g.name,
    );
    expect(all).toHaveLength(10);
    expect(all).toEqual([...all].sort());
    const [design, data] = [
      await idOf('occupation_groups', 'Design'),
      await idOf('occupation_groups', 'Data and Analytics'),
    ];
    const some = await graphql(visitor, GROUPS, { ids: [design, data] });
    expect(some.data.data.occupationGroups).toEqual([
      { id: design, name: 'Design' },
      { id: data, name: 'Data and Analytics' },
    ]);
    expect(firstError(await graphql(visitor, GROUPS, { ids: ['2147483000'] })).code).toBe('NOT_FOUND');
  });

  it('searches by words and groups, paged from 0', async () => {
    const search = async (variables: Record<string, unknown>) => {
      const response = await graphql(visitor, SEARCH, variables);
      expect(response.data.errors, response.body).toBeUndefined();
      const page = response.data.data.occupationSearch;
      return { ...page, items: page.items.map((item: { name: string }) => item.name) };
    };
    expect(await search({ search: 'engineer' })).toMatchObject({ page: 0, pageCount: 1 });
    expect((await search({ search: 'DATA' })).items).toEqual([
      'Data Analyst',
      'Data Engineer',
      'Data Scientist',
      'Database Administrator',
    ]);
    expect(
      (await search({ search: 'engineer', groupIds: [await idOf('occupation_groups', 'Cybersecurity')] }))
        .items,
    ).toEqual(['Network Security Engineer']);
    const first = await search({ pageSize: 4 });
    const second = await search({ pageSize: 4, page: 1 });
    expect(first.pageCount).toBe(Math.ceil(39 / 4));
    expect(first.items).toHaveLength(4);
    expect(second.items).not.toContain(first.items[0]);
    const beyond = await search({ pageSize: 4, page: 50 });
    expect(beyond).toEqual({ page: 50, pageCount: 10, items: [] });

    const bad = await graphql(visitor, SEARCH, { page: -1, pageSize: 500, groupIds: ['0'] });
    expect(firstError(bad)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        page: ['page starts at 0.'],
        pageSize: ['pageSize must be between 1 and 50.'],
        'groupIds.0': ['Each entry must be the id of a occupation group.'],
      },
    });
  });
});

describe('the caller’s occupation info', () => {
  it('shows the demo learner theirs', async () => {
    const response = await graphql(learner, INFO);
    expect(response.data.data.userOccupationInfo).toMatchObject({
      group: { name: 'Software Development' },
      canonical: { name: 'Front-End Developer', group: { name: 'Software Development' } },
      raw: [{ id: expect.any(String), name: 'Web developer at a design agency' }],
      isManager: false,
    });
  });

  it('starts empty and follows each assignment; a group change lets go of an occupation outside it', async () => {
    const someone = await newLearner(server.app, server.db, 'Occupied Learner');
    const call = async (query: string, variables: Record<string, unknown> = {}) => {
      const response = await graphql(someone.client, query, variables);
      expect(response.data.errors, response.body).toBeUndefined();
      return Object.values(response.data.data)[0] as Record<string, unknown>;
    };
    expect(await call(INFO)).toEqual({ group: null, canonical: null, raw: [], isManager: false });
    expect(await call(MANAGER, { isManager: true })).toMatchObject({ isManager: true, group: null });
    const devops = await idOf('occupations', 'DevOps Engineer');
    expect(await call(ASSIGN, { occupationId: devops })).toMatchObject({
      group: { name: 'IT Operations and Cloud' },
      canonical: { id: devops },
      isManager: true,
    });
    // The same group keeps the occupation; another lets it go.
    expect(
      await call(GROUP, { groupId: await idOf('occupation_groups', 'IT Operations and Cloud') }),
    ).toMatchObject({
      canonical: { id: devops },
    });
    expect(await call(GROUP, { groupId: await idOf('occupation_groups', 'Design') })).toMatchObject({
      group: { name: 'Design' },
      canonical: null,
    });
    const raw = await call(RAW, { names: ['  Growth   hacker ', 'growth hacker', 'Barista'] });
    expect((raw.raw as { name: string }[]).map((entry) => entry.name)).toEqual(['Growth hacker', 'Barista']);
    expect((await call(RAW, { names: [] })).raw).toEqual([]);
    expect(await call(MANAGER, { isManager: false })).toMatchObject({
      isManager: false,
      group: { name: 'Design' },
    });
    // The demo learner's info is untouched.
    expect((await graphql(learner, INFO)).data.data.userOccupationInfo.canonical.name).toBe(
      'Front-End Developer',
    );
  });

  it('refuses visitors, unknown ids and bad names with nothing changed', async () => {
    for (const [query, variables] of [
      [INFO, {}],
      [MANAGER, { isManager: true }],
      [GROUP, { groupId: '1' }],
      [ASSIGN, { occupationId: '1' }],
      [RAW, { names: ['x'] }],
    ] as const) {
      expect(firstError(await graphql(visitor, query, variables)).code).toBe('UNAUTHENTICATED');
    }
    const before = (await graphql(learner, INFO)).data.data.userOccupationInfo;
    expect(firstError(await graphql(learner, ASSIGN, { occupationId: '2147483000' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { occupationId: ['There is no occupation 2147483000.'] },
    });
    expect(firstError(await graphql(learner, GROUP, { groupId: '2147483000' })).fieldErrors).toEqual({
      groupId: ['There is no occupation group 2147483000.'],
    });
    expect(firstError(await graphql(learner, GROUP, { groupId: 'design' })).fieldErrors).toEqual({
      groupId: ['groupId must be the id of an occupation group.'],
    });
    expect(
      firstError(await graphql(learner, RAW, { names: ['a', 'b', 'c', 'd', 'e', 'f'] })).fieldErrors,
    ).toEqual({
      names: ['Give at most 5 occupations.'],
    });
    expect(firstError(await graphql(learner, RAW, { names: ['x'.repeat(101)] })).fieldErrors).toEqual({
      'names.0': ['An occupation can be at most 100 characters.'],
    });
    expect((await graphql(learner, INFO)).data.data.userOccupationInfo).toEqual(before);
  });
});

describe('built to scale', () => {
  it('reads a page of occupations with groups and topics in statements that do not grow with the page', async () => {
    const read = (pageSize: number) => graphql(visitor, SEARCH, { pageSize });
    await read(1);
    const withOne = await countStatements(server.db, () => read(1));
    let response: Awaited<ReturnType<typeof read>> | undefined;
    const withMany = await countStatements(server.db, async () => {
      response = await read(30);
    });
    expect(response!.data.data.occupationSearch.items).toHaveLength(30);
    // The page, the groups, the topics.
    expect(withMany).toBe(withOne);
    expect(withMany).toBeLessThanOrEqual(3);
  });
});
