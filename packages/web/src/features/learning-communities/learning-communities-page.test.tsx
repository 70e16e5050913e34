import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCartServer } from '../../test-utils/fake-cart-server';
import { badUserInput, fakeGraphql, FakeGraphqlFailure, graphqlCalls } from '../../test-utils/fake-graphql';
import { authenticatedMe, fakeServer, json, userContext } from '../../test-utils/fake-server';
import { renderApp } from '../../test-utils/render';
import { parseEmailList } from './community-form-values';
import type { LearningCommunity } from './learning-communities-api';

const PATH = '/home/my-courses/communities/';
const ME = { id: '7', name: 'Ada', surname: 'Lovelace', email: 'ada@example.com' };
const KIM = { id: '21', name: 'Kim', surname: 'Park', email: 'kim@acme.example' };
const LEE = { id: '22', name: 'Lee', surname: 'Wong', email: 'lee@acme.example' };

const member = (person: typeof ME) => ({ ...person, images: { px50x50: null } });

function community(overrides: Partial<LearningCommunity> = {}): LearningCommunity {
  return {
    id: '5',
    title: 'AWS study group',
    description: 'We meet on Thursdays.',
    creationReason: { type: 'STUDY_FOR_A_CERTIFICATE', text: null },
    owner: { id: ME.id, name: ME.name, surname: ME.surname },
    members: [member(ME), member(KIM)],
    numberOfMembers: 2,
    topics: [{ id: '1', name: 'AWS Certified Solutions Architect', url: '/topic/aws/' }],
    organizationId: '3',
    ...overrides,
  };
}

function open(resolvers: Parameters<typeof fakeGraphql>[0]) {
  const server = fakeServer({
    ...fakeCartServer({ userId: 7 }).routes,
    'GET /privacy/user-cookie-preferences/': json({ preferences: null, updated: null }),
    'POST /visits/me/datadog-increment-logs/': () => new Response(null, { status: 204 }),
    'GET /api-2.0/contexts/me/': json(userContext(authenticatedMe({ country: 'US' }))),
    'POST /api/2022-03/graphql/': fakeGraphql(resolvers),
  });
  renderApp({ fetch: server.fetch, path: PATH });
  return server;
}

const calls = (server: ReturnType<typeof open>, name: string) =>
  graphqlCalls(server.requests).filter((call) => call.operationName === name);

/** The list that the mutations change, as the server would. */
function communityServer(initial: LearningCommunity[]) {
  let communities = [...initial];
  return {
    MyLearningCommunities: () => ({ myLearningCommunities: communities }),
    LearningCommunityCreate: (variables: Record<string, unknown>) => {
      const input = variables.learningCommunity as {
        title: string;
        description: string | null;
        creationReason: LearningCommunity['creationReason'];
      };
      const created = community({
        id: '9',
        title: input.title,
        description: input.description ?? '',
        creationReason: input.creationReason,
        members: [member(ME)],
        numberOfMembers: 1,
        topics: [],
        organizationId: null,
      });
      communities = [created, ...communities];
      return { learningCommunityCreate: created };
    },
    LearningCommunityColleagues: (variables: Record<string, unknown>) => ({
      learningCommunityColleagues: [KIM, LEE].filter((person) =>
        (variables.emails as string[]).includes(person.email),
      ),
    }),
    LearningCommunityAddMembers: (variables: Record<string, unknown>) => {
      const added = [KIM, LEE].filter((person) => (variables.userIds as string[]).includes(person.id));
      communities = communities.map((item) =>
        item.id === variables.id
          ? {
              ...item,
              members: [...item.members, ...added.map(member)],
              numberOfMembers: item.numberOfMembers + added.length,
            }
          : item,
      );
      return { learningCommunityAddMembers: communities.find((item) => item.id === variables.id) };
    },
    LearningCommunityLeave: (variables: Record<string, unknown>) => {
      communities = communities.filter((item) => item.id !== variables.id);
      return { learningCommunityLeave: true };
    },
    LearningCommunityDelete: (variables: Record<string, unknown>) => {
      communities = communities.filter((item) => item.id !== variables.id);
      return { learningCommunityDelete: true };
    },
  };
}

const card = async (title: string) =>
  within(
    (await screen.findAllByTestId('learning-community')).find((element) =>
      within(element).queryByRole('heading', { name: title }),
    )!,
  );

/** The dialog's own "Cancel" button (the close button in its corner is named Cancel too). */
const lastButton = (dialog: ReturnType<typeof within>, name: string) =>
  dialog.getAllByRole('button', { name }).at(-1)!;

describe('LearningCommunitiesPage', () => {
  it('lists my communities with reason, owner, members, topics and what I may do', async () => {
    open(
      communityServer([
        community(),
        community({
          id: '6',
          title: 'Kubernetes on call',
          description: '',
          creationReason: { type: 'OTHER', text: 'Pager rotation starts in May' },
          owner: { id: KIM.id, name: KIM.name, surname: KIM.surname },
          members: [member(KIM), member(ME), member(LEE)],
          numberOfMembers: 3,
          topics: [],
        }),
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Learning communities' })).toBeTruthy();
    const mine = await card('AWS study group');
    expect(mine.getByText('Why: Study for a certification')).toBeTruthy();
    expect(mine.getByText('You own this community.')).toBeTruthy();
    expect(mine.getByText('2 members')).toBeTruthy();
    expect(mine.getByRole('list', { name: '2 members' }).textContent).toContain('Kim Park');
    expect(mine.getByRole('list', { name: 'Topics' }).textContent).toBe('AWS Certified Solutions Architect');
    expect(mine.getByRole('button', { name: 'Invite colleagues to AWS study group' })).toBeTruthy();
    expect(mine.getByRole('button', { name: 'Leave AWS study group' })).toBeTruthy();
    expect(mine.getByRole('button', { name: 'Delete AWS study group' })).toBeTruthy();

    const theirs = await card('Kubernetes on call');
    expect(theirs.getByText('Why: Pager rotation starts in May')).toBeTruthy();
    expect(theirs.getByText('Owner: Kim Park')).toBeTruthy();
    expect(theirs.queryByRole('button', { name: 'Delete Kubernetes on call' })).toBeNull();
  });

  it('offers an owner alone in a community without an organization only to delete it', async () => {
    open(communityServer([community({ members: [member(ME)], numberOfMembers: 1, organizationId: null })]));
    const alone = await card('AWS study group');
    expect(alone.queryByRole('button', { name: /Invite colleagues/ })).toBeNull();
    expect(alone.queryByRole('button', { name: /Leave/ })).toBeNull();
    expect(alone.getByRole('button', { name: 'Delete AWS study group' })).toBeTruthy();
    expect(alone.getByText(/nobody to invite/)).toBeTruthy();
  });

  it('creates a community with a title, a description and a reason', async () => {
    const server = open(communityServer([]));
    expect(await screen.findByTestId('communities-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New community' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New learning community' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create community' }));
    expect(await dialog.findByText('Give the community a name.')).toBeTruthy();
    expect(dialog.getByText("Choose why you're starting the community.")).toBeTruthy();
    expect(calls(server, 'LearningCommunityCreate')).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: ' Rust readers ' } });
    fireEvent.change(dialog.getByLabelText(/^Description/), { target: { value: 'One chapter a week.' } });
    fireEvent.change(dialog.getByLabelText(/^Why are you starting it/), {
      target: { value: 'LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Create community' }));
    expect(await screen.findByText('The community was created.')).toBeTruthy();
    expect(calls(server, 'LearningCommunityCreate')[0]?.variables).toEqual({
      learningCommunity: {
        title: 'Rust readers',
        description: 'One chapter a week.',
        creationReason: { type: 'LEARN_NEW_SKILLS_TOGETHER_WITH_OTHERS', text: null },
      },
    });
    expect(await card('Rust readers')).toBeTruthy();
  });

  it("shows the server's field error for a reason without words under its field", async () => {
    open({
      ...communityServer([]),
      LearningCommunityCreate: () =>
        badUserInput({
          'learningCommunity.creationReason.text': ['Say in a few words why the community exists.'],
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New community' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New learning community' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Book club' } });
    fireEvent.change(dialog.getByLabelText(/^Why are you starting it/), { target: { value: 'OTHER' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create community' }));
    expect(await dialog.findByText('Say in a few words why the community exists.')).toBeTruthy();
    expect(dialog.getByLabelText(/^In your own words/).getAttribute('aria-invalid')).toBe('true');
  });

  it('invites colleagues by e-mail: looks them up, then adds them with the message', async () => {
    const server = open(communityServer([community()]));
    fireEvent.click(await screen.findByRole('button', { name: 'Invite colleagues to AWS study group' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Invite colleagues to AWS study group' }),
    );
    const emails = dialog.getByLabelText(/^Colleagues' e-mail addresses/);

    // An address of nobody in the organization: said under the field, nobody added.
    fireEvent.change(emails, { target: { value: 'lee@acme.example, stranger@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add and notify' }));
    expect(await dialog.findByText('Nobody in your organization uses stranger@example.com.')).toBeTruthy();
    expect(emails.getAttribute('aria-invalid')).toBe('true');
    expect(calls(server, 'LearningCommunityAddMembers')).toHaveLength(0);

    // Kim is in already: only Lee is added.
    fireEvent.change(emails, { target: { value: 'LEE@acme.example\nkim@acme.example' } });
    fireEvent.change(dialog.getByLabelText(/^Message/), { target: { value: 'Join us on Thursday!' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add and notify' }));
    expect(await screen.findByText('1 colleague was added and notified.')).toBeTruthy();
    expect(calls(server, 'LearningCommunityColleagues').at(-1)?.variables).toEqual({
      id: '5',
      emails: ['lee@acme.example', 'kim@acme.example'],
    });
    expect(calls(server, 'LearningCommunityAddMembers')[0]?.variables).toEqual({
      id: '5',
      userIds: ['22'],
      invitation: { message: 'Join us on Thursday!' },
    });
    await waitFor(async () => expect((await card('AWS study group')).getByText('3 members')).toBeTruthy());
  });

  it('says when everyone asked for is in already', async () => {
    const server = open(communityServer([community()]));
    fireEvent.click(await screen.findByRole('button', { name: 'Invite colleagues to AWS study group' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Invite colleagues to AWS study group' }),
    );
    fireEvent.change(dialog.getByLabelText(/^Colleagues' e-mail addresses/), {
      target: { value: 'kim@acme.example' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Add and notify' }));
    expect(await dialog.findByText('kim@acme.example already belongs to this community.')).toBeTruthy();
    expect(calls(server, 'LearningCommunityAddMembers')).toHaveLength(0);
  });

  it('leaves a community once confirmed', async () => {
    const server = open(
      communityServer([community({ owner: { id: KIM.id, name: KIM.name, surname: KIM.surname } })]),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Leave AWS study group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave AWS study group?' }));
    expect(dialog.getByText(/A member can add you again later/)).toBeTruthy();
    fireEvent.click(lastButton(dialog, 'Leave'));
    expect(await screen.findByText('You left the community.')).toBeTruthy();
    expect(calls(server, 'LearningCommunityLeave')[0]?.variables).toEqual({ id: '5' });
    expect(await screen.findByTestId('communities-empty')).toBeTruthy();
  });

  it("deletes an owned community once confirmed, and keeps the server's refusal in the dialog", async () => {
    let refuse = true;
    const communities = communityServer([community()]);
    open({
      ...communities,
      LearningCommunityDelete: (variables) =>
        refuse
          ? new FakeGraphqlFailure('Only the owner of the community can delete it.', { code: 'FORBIDDEN' })
          : communities.LearningCommunityDelete(variables),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete AWS study group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete AWS study group?' }));
    expect(dialog.getByText(/This cannot be undone/)).toBeTruthy();
    fireEvent.click(lastButton(dialog, 'Delete'));
    expect(await dialog.findByText('Only the owner of the community can delete it.')).toBeTruthy();
    refuse = false;
    fireEvent.click(lastButton(dialog, 'Delete'));
    expect(await screen.findByText('The community was deleted.')).toBeTruthy();
    expect(await screen.findByTestId('communities-empty')).toBeTruthy();
  });

  it('splits a typed list of addresses', () => {
    expect(parseEmailList(' A@x.example, b@x.example;\n\nc@x.example  a@x.example ')).toEqual([
      'a@x.example',
      'b@x.example',
      'c@x.example',
    ]);
  });
});
