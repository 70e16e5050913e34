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
const demo: Record<
  'owner' | 'admin' | 'learner' | 'sam' | 'kim' | 'lee',
  { client: TestClient; id: number }
> = {} as never;
beforeAll(async () => {
  server = await startTestServer();
  const accounts = {
    owner: 'owner@example.com',
    admin: 'admin@example.com',
    learner: 'learner@example.com',
    sam: 'sam@acme.example',
    kim: 'kim@acme.example',
    lee: 'lee@acme.example',
  } as const;
  let n = 0;
  for (const [name, email] of Object.entries(accounts)) {
    n += 1;
    const client = createTestClient(server.app, { ip: `10.62.0.${n}` });
    await client.login(email);
    demo[name as keyof typeof accounts] = { client, id: await userIdOf(server.db, email) };
  }
});
afterAll(() => server.stop());

const COMMUNITY = `id title description creationReason { type text } organizationId numberOfMembers
  owner { id name surname } members { id name surname email images { px50x50 px100x100 } } topics { id name url }`;
const MINE = `{ myLearningCommunities { ${COMMUNITY} } }`;
const BY_IDS = `query($ids: [ID!]!) { learningCommunities(ids: $ids) { id title numberOfMembers } }`;
const CREATE = `mutation($input: LearningCommunityInput!) { learningCommunityCreate(learningCommunity: $input) { ${COMMUNITY} } }`;
const ADD = `mutation($id: ID!, $userIds: [ID!]!, $invitation: LearningCommunityInvitationInput) {
  learningCommunityAddMembers(id: $id, userIds: $userIds, invitation: $invitation) { id numberOfMembers members { id } } }`;
const REMOVE = `mutation($id: ID!, $userIds: [ID!]!) { learningCommunityRemoveMembers(id: $id, userIds: $userIds) { id members { id } } }`;
const LEAVE = `mutation($id: ID!) { learningCommunityLeave(id: $id) }`;
const COLLEAGUES = `query($id: ID!, $emails: [String!]!) { learningCommunityColleagues(id: $id, emails: $emails) { id name surname email } }`;
const DELETE = `mutation($id: ID!) { learningCommunityDelete(id: $id) }`;

async function topicIds(...slugs: string[]): Promise<string[]> {
  const rows = rowsOf<{ id: number; slug: string }>(
    await server.db.execute(sql`select id, slug from topics`),
  );
  return slugs.map((slug) => String(rows.find((row) => row.slug === slug)!.id));
}

async function create(client: TestClient, input: Record<string, unknown>) {
  const response = await graphql(client, CREATE, { input });
  expect(response.data.errors, response.body).toBeUndefined();
  return response.data.data.learningCommunityCreate;
}

const ids = (people: { id: string }[]) => people.map((person) => Number(person.id)).sort((a, b) => a - b);

describe('reading communities', () => {
  it('shows the demo owner both Acme communities with owner, members, topics and reason', async () => {
    const response = await graphql(demo.owner.client, MINE);
    expect(response.statusCode, response.body).toBe(200);
    const mine = response.data.data.myLearningCommunities;
    expect(mine.map((community: { title: string }) => community.title)).toEqual([
      'Data team onboarding, spring cohort',
      'AWS Solutions Architect study group',
    ]);
    const [onboarding, certification] = mine;
    expect(certification).toMatchObject({
      creationReason: { type: 'STUDY_FOR_A_CERTIFICATE', text: expect.stringContaining('Associate exam') },
      owner: { id: String(demo.owner.id), name: 'Omar', surname: 'Owner' },
      numberOfMembers: 4,
      topics: [
        { name: 'AWS Certified Solutions Architect', url: '/topic/aws-certified-solutions-architect/' },
        { name: 'Cloud Computing', url: '/topic/cloud-computing/' },
        { name: 'Kubernetes', url: '/topic/kubernetes/' },
      ],
    });
    expect(ids(certification.members)).toEqual(
      [demo.owner.id, demo.admin.id, demo.sam.id, demo.kim.id].sort((a, b) => a - b),
    );
    expect(certification.members[0]).toEqual({
      id: String(demo.owner.id),
      name: 'Omar',
      surname: 'Owner',
      email: 'owner@example.com',
      images: { px50x50: null, px100x100: null },
    });
    expect(onboarding).toMatchObject({ owner: { name: 'Ada' }, numberOfMembers: 5 });
    expect(onboarding.organizationId).toBe(certification.organizationId);
  });

  it('answers learningCommunities(ids) in the order asked, and NOT_FOUND for one the caller is not in', async () => {
    const [onboarding, certification] = (await graphql(demo.owner.client, MINE)).data.data
      .myLearningCommunities;
    const both = await graphql(demo.kim.client, BY_IDS, { ids: [certification.id, onboarding.id] });
    expect(both.data.data.learningCommunities.map((c: { id: string }) => c.id)).toEqual([
      certification.id,
      onboarding.id,
    ]);

    // Lee is in the onboarding cohort only; the learner is in neither.
    const lee = await graphql(demo.lee.client, BY_IDS, { ids: [onboarding.id, certification.id] });
    expect(firstError(lee).code).toBe('NOT_FOUND');
    expect(lee.data.data).toBeNull();
    const learner = await graphql(demo.learner.client, BY_IDS, { ids: [certification.id] });
    expect(firstError(learner).code).toBe('NOT_FOUND');
    const missing = await graphql(demo.owner.client, BY_IDS, { ids: ['2147483000'] });
    expect(firstError(missing)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no learning community 2147483000 among yours.',
    });

    const learnerOwn = (await graphql(demo.learner.client, MINE)).data.data.myLearningCommunities;
    expect(learnerOwn).toHaveLength(1);
    expect(learnerOwn[0]).toMatchObject({
      title: 'Weekend TypeScript practice',
      organizationId: null,
      numberOfMembers: 1,
    });
  });

  it('refuses visitors and ids that are no ids', async () => {
    const visitor = createTestClient(server.app);
    expect(firstError(await graphql(visitor, MINE)).code).toBe('UNAUTHENTICATED');
    expect(firstError(await graphql(visitor, BY_IDS, { ids: ['1'] })).code).toBe('UNAUTHENTICATED');
    const bad = await graphql(demo.owner.client, BY_IDS, { ids: ['abc'] });
    expect(firstError(bad)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { 'ids.0': ['Each entry must be the id of a learning community.'] },
    });
    const none = await graphql(demo.owner.client, BY_IDS, { ids: [] });
    expect(firstError(none).fieldErrors).toEqual({ ids: ['Give at least one learning community id.'] });
    const many = await graphql(demo.owner.client, BY_IDS, {
      ids: Array.from({ length: 51 }, (_, i) => String(i + 1)),
    });
    expect(firstError(many).fieldErrors).toEqual({
      ids: ['Give at most 50 learning community ids at once.'],
    });
  });
});

describe('creating and changing a community', () => {
  it('founds a community in the caller’s organization, with them as owner and first member', async () => {
    const topics = await topicIds('python', 'sql');
    const created = await create(demo.sam.client, {
      title: '  SQL lunch club ',
      creationReason: { type: 'OTHER', text: 'We eat and write queries.' },
      topicIds: [topics[1], topics[0], topics[1]],
    });
    expect(created).toMatchObject({
      title: 'SQL lunch club',
      description: '',
      creationReason: { type: 'OTHER', text: 'We eat and write queries.' },
      owner: { id: String(demo.sam.id), name: 'Sam' },
      numberOfMembers: 1,
      members: [{ id: String(demo.sam.id), email: 'sam@acme.example' }],
      topics: [
        { id: topics[1], name: 'SQL' },
        { id: topics[0], name: 'Python' },
      ],
    });
    const [acme] = rowsOf<{ id: number }>(
      await server.db.execute(sql`select id from organizations where name = 'Acme Learning'`),
    );
    expect(created.organizationId).toBe(String(acme!.id));
  });

  it('refuses bad input with field errors, unknown topics, and visitors, storing nothing', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(
        await server.db.execute(sql`select count(*)::int as n from learning_communities`),
      )[0]!.n;
    const before = await count();
    const bad = await graphql(demo.sam.client, CREATE, {
      input: { title: ' ', creationReason: { type: 'OTHER' }, topicIds: ['0'] },
    });
    expect(firstError(bad)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        'learningCommunity.title': ['Give the community a title.'],
        'learningCommunity.creationReason.text': ['Say in a few words why the community exists.'],
        'learningCommunity.topicIds.0': ['Each entry must be the id of a topic.'],
      },
    });
    const unknownTopic = await graphql(demo.sam.client, CREATE, {
      input: { title: 'Ghosts', creationReason: { type: 'COMPLIANCE_TRAINING' }, topicIds: ['2147483000'] },
    });
    expect(firstError(unknownTopic)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { 'learningCommunity.topicIds': ['There is no topic 2147483000.'] },
    });
    const badEnum = await graphql(demo.sam.client, CREATE, {
      input: { title: 'X', creationReason: { type: 'FUN' } },
    });
    expect(firstError(badEnum)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('Expected type LearningCommunityCreationReasonType'),
    });
    const visitor = await graphql(createTestClient(server.app), CREATE, {
      input: { title: 'X', creationReason: { type: 'COMPLIANCE_TRAINING' } },
    });
    expect(firstError(visitor).code).toBe('UNAUTHENTICATED');
    expect(await count()).toBe(before);
  });

  it('lets members add colleagues, mails an invitation, and refuses people outside the organization', async () => {
    const community = await create(demo.sam.client, {
      title: 'Kubernetes on call',
      creationReason: { type: 'LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS' },
    });
    const added = await graphql(demo.sam.client, ADD, {
      id: community.id,
      userIds: [String(demo.kim.id)],
      invitation: { message: 'Pager training starts Monday.' },
    });
    expect(added.data.data.learningCommunityAddMembers.numberOfMembers).toBe(2);
    // Kim, now a member, adds Lee; Kim again is left as is.
    const byKim = await graphql(demo.kim.client, ADD, {
      id: community.id,
      userIds: [String(demo.lee.id), String(demo.kim.id)],
    });
    expect(ids(byKim.data.data.learningCommunityAddMembers.members)).toEqual(
      [demo.sam.id, demo.kim.id, demo.lee.id].sort((a, b) => a - b),
    );
    const mails = rowsOf<{ recipient: string; subject: string; text: string }>(
      await server.db.execute(
        sql`select recipient, subject, text from mail_outbox where kind = 'learning_community_invitation'`,
      ),
    );
    expect(mails).toEqual([
      {
        recipient: 'kim@acme.example',
        subject: 'Sam Student added you to the learning community Kubernetes on call',
        text: expect.stringContaining('Pager training starts Monday.'),
      },
    ]);

    const outsider = await graphql(demo.sam.client, ADD, {
      id: community.id,
      userIds: [String(demo.learner.id)],
    });
    expect(firstError(outsider)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { userIds: [`User ${demo.learner.id} is not a member of this community's organization.`] },
    });
    // Someone who is not a member cannot tell the community exists.
    const stranger = await graphql(demo.owner.client, ADD, {
      id: community.id,
      userIds: [String(demo.admin.id)],
    });
    expect(firstError(stranger).code).toBe('NOT_FOUND');
    const badIds = await graphql(demo.sam.client, ADD, { id: 'x', userIds: [] });
    expect(firstError(badIds).fieldErrors).toEqual({
      id: ['id must be the id of a learning community.'],
    });
    // A personal community (no organization) takes nobody else.
    const personal = (await graphql(demo.learner.client, MINE)).data.data.myLearningCommunities[0];
    const alone = await graphql(demo.learner.client, ADD, {
      id: personal.id,
      userIds: [String(demo.kim.id)],
    });
    expect(firstError(alone).code).toBe('BAD_USER_INPUT');
  });

  it('finds the colleagues a member may add by e-mail, and nobody outside the organization', async () => {
    const community = await create(demo.kim.client, {
      title: 'Colleagues by e-mail',
      creationReason: { type: 'ONBOARDING_A_NEW_TEAM' },
    });
    const found = await graphql(demo.kim.client, COLLEAGUES, {
      id: community.id,
      emails: ['LEE@acme.example', 'learner@example.com', 'nobody@acme.example', ' sam@acme.example '],
    });
    expect(found.data.errors, found.body).toBeUndefined();
    expect(found.data.data.learningCommunityColleagues).toEqual([
      {
        id: String(demo.lee.id),
        name: expect.any(String),
        surname: expect.any(String),
        email: 'lee@acme.example',
      },
      { id: String(demo.sam.id), name: 'Sam', surname: 'Student', email: 'sam@acme.example' },
    ]);
    const badEmail = await graphql(demo.kim.client, COLLEAGUES, {
      id: community.id,
      emails: ['not an address'],
    });
    expect(firstError(badEmail)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { 'emails.0': ['Each entry must be an e-mail address.'] },
    });
    // Someone outside the community cannot use it to look people up.
    const stranger = await graphql(demo.owner.client, COLLEAGUES, {
      id: community.id,
      emails: ['lee@acme.example'],
    });
    expect(firstError(stranger).code).toBe('NOT_FOUND');
    // A personal community (no organization) has no colleagues to add.
    const personal = (await graphql(demo.learner.client, MINE)).data.data.myLearningCommunities[0];
    const none = await graphql(demo.learner.client, COLLEAGUES, {
      id: personal.id,
      emails: ['kim@acme.example'],
    });
    expect(none.data.data.learningCommunityColleagues).toEqual([]);
  });

  it('lets only the owner remove members or delete; members may leave', async () => {
    const community = await create(demo.sam.client, {
      title: 'Security champions',
      creationReason: { type: 'COMPLIANCE_TRAINING' },
    });
    await graphql(demo.sam.client, ADD, {
      id: community.id,
      userIds: [String(demo.kim.id), String(demo.lee.id)],
    });

    const byMember = await graphql(demo.kim.client, REMOVE, {
      id: community.id,
      userIds: [String(demo.lee.id)],
    });
    expect(firstError(byMember)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the owner of the community can remove members.',
    });
    expect(firstError(await graphql(demo.kim.client, DELETE, { id: community.id })).code).toBe('FORBIDDEN');
    expect(firstError(await graphql(demo.owner.client, DELETE, { id: community.id })).code).toBe('NOT_FOUND');
    const self = await graphql(demo.sam.client, REMOVE, { id: community.id, userIds: [String(demo.sam.id)] });
    expect(firstError(self).fieldErrors).toEqual({
      userIds: ['The owner cannot remove themselves; leave the community instead.'],
    });

    const removed = await graphql(demo.sam.client, REMOVE, {
      id: community.id,
      userIds: [String(demo.lee.id)],
    });
    expect(ids(removed.data.data.learningCommunityRemoveMembers.members)).toEqual(
      [demo.sam.id, demo.kim.id].sort((a, b) => a - b),
    );
    expect(firstError(await graphql(demo.lee.client, BY_IDS, { ids: [community.id] })).code).toBe(
      'NOT_FOUND',
    );

    expect(
      (await graphql(demo.kim.client, LEAVE, { id: community.id })).data.data.learningCommunityLeave,
    ).toBe(true);
    expect(firstError(await graphql(demo.kim.client, LEAVE, { id: community.id })).code).toBe('NOT_FOUND');

    expect(
      (await graphql(demo.sam.client, DELETE, { id: community.id })).data.data.learningCommunityDelete,
    ).toBe(true);
    expect(firstError(await graphql(demo.sam.client, BY_IDS, { ids: [community.id] })).code).toBe(
      'NOT_FOUND',
    );
  });

  it('hands an owner’s community to the longest-standing member, and keeps a sole owner from leaving', async () => {
    const community = await create(demo.sam.client, {
      title: 'React reading group',
      creationReason: { type: 'LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS' },
    });
    const sole = await graphql(demo.sam.client, LEAVE, { id: community.id });
    expect(firstError(sole)).toMatchObject({
      code: 'CONFLICT',
      message: 'You are the only member of this community: delete it instead of leaving.',
    });
    await graphql(demo.sam.client, ADD, { id: community.id, userIds: [String(demo.lee.id)] });
    await graphql(demo.sam.client, ADD, { id: community.id, userIds: [String(demo.kim.id)] });
    expect(
      (await graphql(demo.sam.client, LEAVE, { id: community.id })).data.data.learningCommunityLeave,
    ).toBe(true);
    const after = await graphql(
      demo.kim.client,
      `
        query ($ids: [ID!]!) {
          learningCommunities(ids: $ids) {
            owner {
              id
            }
            members {
              id
            }
          }
        }
      `,
      {
        ids: [community.id],
      },
    );
    expect(after.data.data.learningCommunities[0]).toEqual({
      owner: { id: String(demo.lee.id) },
      members: [{ id: String(demo.lee.id) }, { id: String(demo.kim.id) }],
    });
  });
});

describe('kept lists (decision 0034)', () => {
  it('a change drops at once the lists of the community’s members, and leaves everyone else’s kept', async () => {
    const outsider = await newLearner(server.app, server.db, 'Kept Reader');
    const keptFor = (client: TestClient) =>
      expect.poll(() => countStatements(server.db, () => graphql(client, MINE))).toBe(0);
    const community = await create(demo.sam.client, {
      title: 'Kept lists',
      creationReason: { type: 'OTHER', text: 'To see what is kept.' },
      topicIds: await topicIds('sql'),
    });
    const added = await graphql(demo.sam.client, ADD, { id: community.id, userIds: [String(demo.kim.id)] });
    expect(added.data.errors, added.body).toBeUndefined();
    await keptFor(demo.kim.client);
    await keptFor(outsider.client);

    const removed = await graphql(demo.sam.client, REMOVE, {
      id: community.id,
      userIds: [String(demo.kim.id)],
    });
    expect(removed.data.errors, removed.body).toBeUndefined();
    // Asked again straight away, not polled: Kim's kept list went with the change.
    const kims = await graphql(demo.kim.client, MINE);
    expect(kims.data.data.myLearningCommunities.map((mine: { id: string }) => mine.id)).not.toContain(
      community.id,
    );
    // Someone in none of its communities keeps theirs: nothing is read.
    expect(await countStatements(server.db, () => graphql(outsider.client, MINE))).toBe(0);
    await graphql(demo.sam.client, DELETE, { id: community.id });
  });
});

describe('built to scale', () => {
  it('reads communities with owners, members and topics in a number of statements that does not grow with them', async () => {
    const member = await newLearner(server.app, server.db, 'Scale Tester');
    await member.join('Acme Learning');
    const topics = await topicIds('python', 'sql', 'react', 'leadership');
    const found = async (title: string) => {
      const community = await create(member.client, {
        title,
        creationReason: { type: 'ONBOARDING_A_NEW_TEAM' },
        topicIds: topics.slice(0, 2),
      });
      return community.id as string;
    };
    const first = await found('Scale 1');
    await graphql(member.client, ADD, { id: first, userIds: [String(demo.kim.id)] });
    const read = () => graphql(member.client, MINE);
    // Each change drops the lists this instance keeps (decision 0034): these reads are not kept ones.
    const withOne = await countStatements(server.db, read);

    for (let n = 2; n <= 6; n += 1) {
      const id = await found(`Scale ${n}`);
      await graphql(member.client, ADD, {
        id,
        userIds: [demo.kim.id, demo.lee.id, demo.admin.id, demo.owner.id].map(String),
      });
    }
    let response: Awaited<ReturnType<typeof read>> | undefined;
    const withSix = await countStatements(server.db, async () => {
      response = await read();
    });
    const communities = response!.data.data.myLearningCommunities;
    expect(communities).toHaveLength(6);
    expect(communities[0]).toMatchObject({
      numberOfMembers: 5,
      topics: [{ name: 'Python' }, { name: 'SQL' }],
    });
    // One statement: the communities with their member and topic ids, and the people and topics
    // they name (a combined read).
    expect(withOne).toBe(1);
    expect(withSix).toBe(1);
  });
});
