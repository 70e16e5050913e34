import { authenticatedMe, json, userContext, type FakeHandler } from '../../../test-utils/fake-server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentEnrollment } from '../../subscriptions/subscription-api';
import { enrollment, setUp } from '../../subscriptions/subscription-fixtures';
import type { OrganizationInvitationDetails } from '@lectern/domain';
import type { OrganizationInvitation, OrganizationMember } from './members-api';
import { context, member } from '../shell/organization-admin-test-kit';

const USERS = '/organization-manage-v2/users/';
const INVITE = '/organization-manage-v2/users/invite/';
const ORG = '/api-2.0/organizations/3';

const ADA: OrganizationMember = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'owner',
  has_license: true,
  last_activity: '2026-11-20T10:00:00.000Z',
};
const GRACE: OrganizationMember = {
  id: 8,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  role: 'student',
  has_license: true,
  last_activity: null,
};
const ALAN: OrganizationMember = { ...GRACE, id: 9, name: 'Alan Turing', email: 'alan@example.com' };
const OPEN_INVITATION: OrganizationInvitation = {
  id: 21,
  email: 'new@example.com',
  role: 'student',
  invited_by: 7,
  created: '2026-11-24T09:00:00.000Z',
};

const noContent = () => new Response(null, { status: 204 });
const refusal = (status: number, code: string, detail: string) => json({ detail, code }, status);

/** The GraphQL endpoint answering the current enrollment (the plan, or none). */
function planServer(plan: CurrentEnrollment | null): FakeHandler {
  return () => json({ data: { currentSubscriptionEnrollment: plan } });
}

/**
 * The organization's members and invitations as the admin API keeps them: changes made
 * through PATCH and DELETE show in the next GET. `pages` are the member pages by number.
 */
function membersServer({
  pages = [[ADA, GRACE]],
  invitations = [OPEN_INVITATION],
}: {
  pages?: OrganizationMember[][];
  invitations?: OrganizationInvitation[];
} = {}) {
  let memberPages = pages.map((page) => [...page]);
  let open = [...invitations];
  const routes: Record<string, FakeHandler> = {
    [`GET ${ORG}/members/`]: (request) => {
      const page = Number(new URL(request.url, 'http://test').searchParams.get('page') ?? 1);
      const results = memberPages[page - 1] ?? [];
      return json({
        count: memberPages.flat().length,
        total_pages: memberPages.length,
        results,
      });
    },
    [`GET ${ORG}/invitations/`]: () => json({ results: open }),
  };
  for (const person of pages.flat()) {
    routes[`PATCH ${ORG}/members/${person.id}/`] = (request) => {
      const { role } = request.body as { role: OrganizationMember['role'] };
      memberPages = memberPages.map((page) =>
        page.map((row) => (row.id === person.id ? { ...row, role } : row)),
      );
      return noContent();
    };
    routes[`DELETE ${ORG}/members/${person.id}/`] = () => {
      memberPages = memberPages.map((page) => page.filter((row) => row.id !== person.id));
      return noContent();
    };
  }
  for (const invitation of invitations) {
    routes[`DELETE ${ORG}/invitations/${invitation.id}/`] = () => {
      open = open.filter((row) => row.id !== invitation.id);
      return noContent();
    };
  }
  return routes;
}

function open(
  path: string,
  {
    plan = enrollment() as CurrentEnrollment | null,
    routes = {} as Record<string, FakeHandler | FakeHandler[]>,
    data = membersServer(),
    role = 'owner' as OrganizationMember['role'],
  } = {},
) {
  return setUp(path, {
    'GET /api-2.0/contexts/me/': context(member(role)),
    'POST /api/2022-03/graphql/': planServer(plan),
    ...data,
    ...routes,
  });
}

const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T08:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('OrganizationUsersPage', () => {
  it('lists the members with role, license and last activity, and marks you', async () => {
    open(USERS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    const ada = await rowOf('Ada Lovelace');
    expect(within(ada).getByRole('rowheader').textContent).toBe('Ada Lovelace(you)');
    expect(within(ada).getByText('ada@example.com')).toBeTruthy();
    expect(
      (within(ada).getByRole('combobox', { name: 'Role of Ada Lovelace' }) as HTMLSelectElement).value,
    ).toBe('owner');
    expect(within(ada).getByText('Licensed')).toBeTruthy();
    expect(within(ada).getByText('November 20, 2026')).toBeTruthy();
    expect(within(ada).queryByRole('button', { name: /Remove/ })).toBeNull();

    const grace = await rowOf('Grace Hopper');
    const graceRole = within(grace).getByRole('combobox', {
      name: 'Role of Grace Hopper',
    }) as HTMLSelectElement;
    expect(graceRole.value).toBe('student');
    expect([...graceRole.options].map((option) => option.textContent)).toEqual([
      'Owner',
      'Admin',
      'Group admin',
      'Student',
    ]);
    expect(within(grace).getByText('Never')).toBeTruthy();
    expect(within(grace).getByRole('button', { name: 'Remove Grace Hopper' })).toBeTruthy();
  });

  it('shows the licenses used of total, those held by invitations, and Invite users', async () => {
    open(USERS);
    const licenses = await screen.findByTestId('users-licenses');
    expect(within(licenses).getByText('10 licenses in total')).toBeTruthy();
    expect(within(licenses).getByText('4 Licenses used')).toBeTruthy();
    expect(within(licenses).getByText('6 Licenses remaining')).toBeTruthy();
    expect(await within(licenses).findByText('1 license is held by open invitations.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite users' }).getAttribute('href')).toBe(INVITE);
  });

  it('pages through the members', async () => {
    const { server } = open(USERS, { data: membersServer({ pages: [[ADA, GRACE], [ALAN]] }) });
    await rowOf('Ada Lovelace');
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    fireEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByRole('rowheader', { name: 'Alan Turing' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: /Ada Lovelace/ })).toBeNull();
    const asked = server.requests.filter((request) => request.path === `${ORG}/members/`).at(-1)!;
    expect(new URL(asked.url, 'http://test').searchParams.get('page')).toBe('2');
    expect(new URL(asked.url, 'http://test').searchParams.get('page_size')).toBe('20');
  });

  it('changes a role and says so', async () => {
    const { server } = open(USERS);
    const grace = await rowOf('Grace Hopper');
    fireEvent.change(within(grace).getByRole('combobox', { name: 'Role of Grace Hopper' }), {
      target: { value: 'admin' },
    });
    expect((await screen.findByTestId('users-notice')).textContent).toBe('Grace Hopper is now Admin.');
    const patch = server.requests.find((request) => request.method === 'PATCH')!;
    expect(patch.path).toBe(`${ORG}/members/8/`);
    expect(patch.body).toEqual({ role: 'admin' });
    expect(((await rowOf('Grace Hopper')).querySelector('select') as HTMLSelectElement).value).toBe('admin');
  });

  it("shows the server's refusal for the last owner under the select and puts the role back", async () => {
    const detail = 'The last owner cannot change role; make another member an owner first.';
    open(USERS, { routes: { [`PATCH ${ORG}/members/7/`]: refusal(409, 'last_owner', detail) } });
    const ada = await rowOf('Ada Lovelace');
    const select = within(ada).getByRole('combobox', { name: 'Role of Ada Lovelace' }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'student' } });
    expect(await within(ada).findByText(detail)).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('owner'));
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('users-notice')).toBeNull();
  });

  it('removes a member after confirmation; the license becomes free', async () => {
    const { server } = open(USERS);
    const grace = await rowOf('Grace Hopper');
    fireEvent.click(within(grace).getByRole('button', { name: 'Remove Grace Hopper' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(
      within(dialog).getByText(
        'Remove Grace Hopper from your organization? Their license becomes free for someone else.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(grace).getByRole('button', { name: 'Remove Grace Hopper' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByTestId('users-notice')).textContent).toBe(
      'Grace Hopper was removed from your organization. Their license is free again.',
    );
    expect(server.requests.find((request) => request.method === 'DELETE')!.path).toBe(`${ORG}/members/8/`);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Grace Hopper' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the reason when removing fails', async () => {
    open(USERS, {
      routes: { [`DELETE ${ORG}/members/8/`]: refusal(500, 'internal', 'Something went wrong.') },
    });
    fireEvent.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Something went wrong.')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Grace Hopper' })).toBeTruthy();
  });

  it('lists the open invitations and withdraws one after confirmation', async () => {
    const { server } = open(USERS);
    const invitation = (await screen.findByRole('rowheader', { name: 'new@example.com' })).closest('tr')!;
    expect(within(invitation).getByText('Student')).toBeTruthy();
    expect(within(invitation).getByText('November 24, 2026')).toBeTruthy();
    fireEvent.click(
      within(invitation).getByRole('button', { name: 'Withdraw the invitation to new@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw invitation' });
    expect(
      within(dialog).getByText(/The link in the mail stops working and its license becomes free/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByTestId('users-notice')).textContent).toBe(
      'The invitation to new@example.com was withdrawn.',
    );
    expect(server.requests.find((request) => request.method === 'DELETE')!.path).toBe(
      `${ORG}/invitations/21/`,
    );
    expect(await screen.findByText('There are no open invitations.')).toBeTruthy();
  });

  it('disables Invite users and says why when the plan expired', async () => {
    open(USERS, { plan: enrollment({ status: 'EXPIRED' }) });
    const invite = await screen.findByRole('button', { name: 'Invite users' });
    expect(invite).toHaveProperty('disabled', true);
    expect(document.getElementById(invite.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Your Team Plan expired. Resubscribe to invite people.',
    );
    expect(screen.queryByRole('link', { name: 'Invite users' })).toBeNull();
  });

  it('disables Invite users without a plan', async () => {
    open(USERS, { plan: null });
    expect(await screen.findByText('Your organization needs a Team Plan to invite people.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite users' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Buy a Team Plan' }).getAttribute('href')).toBe(
      '/payment/checkout-teamplan/',
    );
  });

  it('says when the members could not be loaded', async () => {
    open(USERS, { routes: { [`GET ${ORG}/members/`]: refusal(500, 'internal', 'Down.') } });
    const error = await screen.findByTestId('members-error');
    expect(within(error).getByText('There was a problem while loading this list.')).toBeTruthy();
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('OrganizationUsersPage: only what your role allows (issue 37)', () => {
  /** An admin's view: Ada is the owner, Kim another admin, Grace a student; you are Max, an admin (7). */
  const MAX: OrganizationMember = {
    ...GRACE,
    id: 7,
    name: 'Max Admin',
    email: 'max@example.com',
    role: 'admin',
  };
  const OWNER: OrganizationMember = { ...ADA, id: 10 };
  const KIM: OrganizationMember = {
    ...GRACE,
    id: 11,
    name: 'Kim Admin',
    email: 'kim@example.com',
    role: 'admin',
  };
  const options = (row: HTMLElement, name: string) =>
    [...(within(row).getByRole('combobox', { name: `Role of ${name}` }) as HTMLSelectElement).options].map(
      (option) => option.textContent,
    );

  it("an admin manages learners only: the owner's and admins' roles are locked, with no Remove", async () => {
    open(USERS, { role: 'admin', data: membersServer({ pages: [[OWNER, MAX, KIM, GRACE]] }) });
    for (const [name, role] of [
      ['Ada Lovelace', 'owner'],
      ['Kim Admin', 'admin'],
      ['Max Admin', 'admin'],
    ] as const) {
      const row = await rowOf(name);
      const select = within(row).getByRole('combobox', { name: `Role of ${name}` }) as HTMLSelectElement;
      expect(select.value).toBe(role);
      expect(select.disabled, name).toBe(true);
      expect(options(row, name)).toEqual([role === 'owner' ? 'Owner' : 'Admin']);
      expect(within(row).getByText('Only an owner can change this role.')).toBeTruthy();
      expect(within(row).queryByRole('button', { name: /Remove/ })).toBeNull();
      expect(within(row).queryByRole('button', { name: /Transfer ownership/ })).toBeNull();
    }
    const grace = await rowOf('Grace Hopper');
    expect(options(grace, 'Grace Hopper')).toEqual(['Group admin', 'Student']);
    expect(within(grace).getByRole('button', { name: 'Remove Grace Hopper' })).toBeTruthy();
    expect(within(grace).queryByRole('button', { name: /Transfer ownership/ })).toBeNull();
  });

  it('an owner may give any role, remove anyone but themself, and transfer the ownership', async () => {
    open(USERS, { data: membersServer({ pages: [[ADA, KIM, GRACE]] }) });
    const kim = await rowOf('Kim Admin');
    expect(options(kim, 'Kim Admin')).toEqual(['Owner', 'Admin', 'Group admin', 'Student']);
    expect(within(kim).getByRole('button', { name: 'Remove Kim Admin' })).toBeTruthy();
    expect(within(kim).getByRole('button', { name: 'Transfer ownership to Kim Admin' })).toBeTruthy();
    const ada = await rowOf('Ada Lovelace');
    expect(within(ada).queryByRole('button', { name: /Transfer ownership/ })).toBeNull();
  });

  it('transfers the ownership once the organization name is typed, and reads your context again', async () => {
    const { server } = open(USERS, {
      routes: {
        [`POST ${ORG}/ownership-transfer/`]: json({
          new_owner: { id: 8, role: 'owner' },
          previous_owner: { id: 7, role: 'admin' },
        }),
      },
    });
    const grace = await rowOf('Grace Hopper');
    fireEvent.click(within(grace).getByRole('button', { name: 'Transfer ownership to Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    expect(
      within(dialog).getByText(
        'Grace Hopper becomes the owner of Acme, and you become an admin. Only an owner can give the ownership back. We will e-mail you both.',
      ),
    ).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Transfer ownership' });
    expect(submit).toHaveProperty('disabled', true);
    const field = within(dialog).getByRole('textbox', { name: 'Type Acme to confirm' });
    fireEvent.change(field, { target: { value: 'Acm' } });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: ' acme ' } });
    expect(submit).toHaveProperty('disabled', false);
    const contextReads = () =>
      server.requests.filter((request) => request.path === '/api-2.0/contexts/me/').length;
    const before = contextReads();
    fireEvent.click(submit);
    expect((await screen.findByTestId('users-notice')).textContent).toBe(
      'Grace Hopper is now the owner of your organization, and you are an admin.',
    );
    expect(server.requests.find((request) => request.path === `${ORG}/ownership-transfer/`)).toMatchObject({
      method: 'POST',
      body: { member_id: 8, confirm: ' acme ' },
    });
    await waitFor(() => expect(contextReads()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const detail = 'Only an owner can hand the ownership of the organization over.';
    open(USERS, {
      routes: { [`POST ${ORG}/ownership-transfer/`]: refusal(403, 'permission_denied', detail) },
    });
    fireEvent.click(
      within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Transfer ownership to Grace Hopper' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Type Acme to confirm' }), {
      target: { value: 'Acme' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    expect(await within(dialog).findByText(detail)).toBeTruthy();
  });

  it("an admin cannot withdraw an owner's or an admin's invitation", async () => {
    const asOwner: OrganizationInvitation = {
      ...OPEN_INVITATION,
      id: 22,
      email: 'boss@example.com',
      role: 'owner',
    };
    open(USERS, { role: 'admin', data: membersServer({ invitations: [OPEN_INVITATION, asOwner] }) });
    const boss = (await screen.findByRole('rowheader', { name: 'boss@example.com' })).closest('tr')!;
    expect(within(boss).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    const student = screen.getByRole('rowheader', { name: 'new@example.com' }).closest('tr')!;
    expect(
      within(student).getByRole('button', { name: 'Withdraw the invitation to new@example.com' }),
    ).toBeTruthy();
  });
});

describe('OrganizationInvitePage', () => {
  const typeAddresses = async (text: string) => {
    const field = await screen.findByRole('textbox', { name: /E-mail addresses/ });
    fireEvent.change(field, { target: { value: text } });
    return field;
  };
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
  const posted = (server: { requests: { method: string; path: string }[] }) =>
    server.requests.filter((request) => request.method === 'POST' && request.path === `${ORG}/invitations/`);

  it('counts the parsed addresses, names the bad ones and sends nothing', async () => {
    const { server } = open(INVITE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite users' })).toBeTruthy();
    // 10 licenses, 4 members, 1 open invitation.
    expect((await screen.findByTestId('invite-remaining')).textContent).toBe('5 Licenses remaining');
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('student');
    send();
    expect(await screen.findByText('Enter at least one e-mail address.')).toBeTruthy();

    const field = await typeAddresses('a@example.com, b@example.com\nnot-an-email  oops@ A@example.com');
    expect(screen.getByTestId('invite-count').textContent).toBe('4 addresses');
    send();
    expect(await screen.findByText('These addresses are not valid: not-an-email and oops@')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(posted(server)).toHaveLength(0);
  });

  it('refuses more addresses than licenses left before sending, with the add-licenses link', async () => {
    const { server } = open(INVITE);
    await typeAddresses(Array.from({ length: 6 }, (_, index) => `person${index}@example.com`).join(' '));
    expect(screen.getByTestId('invite-count').textContent).toBe('6 addresses');
    send();
    expect(await screen.findByText("You're inviting 6 people but have 5 licenses left.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add licenses' }).getAttribute('href')).toBe(
      '/payment/upsell-teamplan/?checkout_ref=LSC-1',
    );
    expect(posted(server)).toHaveLength(0);
  });

  it('points to the Enterprise Plan at the 20-license cap', async () => {
    const { server } = open(INVITE, { plan: enrollment({ licenseCount: 20, usedLicenseCount: 19 }) });
    expect((await screen.findByTestId('invite-remaining')).textContent).toBe('0 Licenses remaining');
    await typeAddresses('one@example.com');
    send();
    expect(await screen.findByText("You're inviting 1 person but have 0 licenses left.")).toBeTruthy();
    expect(screen.getByText('Team Plan only allows for 20 total users.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to enterprise' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add licenses' })).toBeNull();
    expect(posted(server)).toHaveLength(0);
  });

  it("shows the server's license_limit_reached with the add-licenses link and keeps what was typed", async () => {
    open(INVITE, {
      routes: {
        [`POST ${ORG}/invitations/`]: refusal(
          409,
          'license_limit_reached',
          'You have no licenses left. Add licenses to invite more people.',
        ),
      },
    });
    const field = await typeAddresses('late@example.com');
    send();
    const error = await screen.findByTestId('form-error');
    expect(
      within(error).getByText('You have no licenses left. Add licenses to invite more people.'),
    ).toBeTruthy();
    expect(within(error).getByRole('link', { name: 'Add licenses' }).getAttribute('href')).toBe(
      '/payment/upsell-teamplan/?checkout_ref=LSC-1',
    );
    expect((field as HTMLTextAreaElement).value).toBe('late@example.com');
  });

  it("shows the server's already_invited refusal", async () => {
    open(INVITE, {
      routes: {
        [`POST ${ORG}/invitations/`]: refusal(
          409,
          'already_invited',
          'new@example.com has an open invitation already.',
        ),
      },
    });
    await typeAddresses('new@example.com');
    send();
    const error = await screen.findByTestId('form-error');
    expect(within(error).getByText('new@example.com has an open invitation already.')).toBeTruthy();
    expect(within(error).queryByRole('link', { name: 'Add licenses' })).toBeNull();
  });

  it('sends the invitations with the role and returns to the users page with a banner', async () => {
    const created = (email: string, id: number): OrganizationInvitation => ({
      ...OPEN_INVITATION,
      id,
      email,
      role: 'group_admin',
    });
    const { server, router } = open(INVITE, {
      routes: {
        [`POST ${ORG}/invitations/`]: json(
          { results: [created('a@example.com', 22), created('b@example.com', 23)] },
          201,
        ),
      },
    });
    await typeAddresses('a@example.com,\nb@example.com');
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'group_admin' } });
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe(USERS));
    expect((await screen.findByTestId('users-notice')).textContent).toBe('2 invitations sent');
    expect(posted(server)[0]).toMatchObject({
      body: { emails: ['a@example.com', 'b@example.com'], role: 'group_admin' },
    });
  });

  it('offers each role you may invite as: any to an owner, learners to an admin', async () => {
    const roles = async () =>
      [...((await screen.findByRole('combobox', { name: 'Role' })) as HTMLSelectElement).options].map(
        (option) => option.textContent,
      );
    const owner = open(INVITE);
    expect(await roles()).toEqual(['Owner', 'Admin', 'Group admin', 'Student']);
    owner.unmount();
    open(INVITE, { role: 'admin' });
    expect(await roles()).toEqual(['Group admin', 'Student']);
  });

  it('offers no form when the plan expired', async () => {
    open(INVITE, { plan: enrollment({ status: 'EXPIRED' }) });
    expect(await screen.findByText('Your Team Plan expired. Resubscribe to invite people.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /E-mail addresses/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Resubscribe' }).getAttribute('href')).toBe(
      '/payment/resubscribe-teamplan/',
    );
  });
});

describe('InvitationAcceptPage', () => {
  const ACCEPT = '/organization-manage-v2/invitations/accept/?token=tok-1';
  const ACCEPT_API = 'POST /api-2.0/organization-invitations/accept/';
  const DETAILS_API = 'GET /api-2.0/organization-invitations/details/';
  const newcomer = authenticatedMe({ id: 12, email: 'joiner@example.com', country: 'US' });
  const invitation = (
    overrides: Partial<OrganizationInvitationDetails> = {},
  ): OrganizationInvitationDetails => ({
    organization: { name: 'Acme Learning' },
    inviter: { name: 'Ada Lovelace' },
    role: 'student',
    status: 'open',
    plan_name: 'Team Plan',
    ...overrides,
  });

  it('names the inviter, the organization, what joining gives and the role, to a visitor too', async () => {
    const { server } = setUp(ACCEPT, { [DETAILS_API]: json(invitation()) }, { signedIn: false });
    const summary = await screen.findByTestId('invitation-summary');
    expect(
      within(summary).getByText('Ada Lovelace invited you to join Acme Learning on Lectern.'),
    ).toBeTruthy();
    expect(
      within(summary).getByText(
        "Accepting gives you a license of Acme Learning's Team Plan, with access to the team's courses.",
      ),
    ).toBeTruthy();
    expect(within(summary).getByText("You'll join as Student.")).toBeTruthy();
    expect(server.requests.find((request) => request.path.endsWith('/details/'))!.url).toContain(
      'token=tok-1',
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('falls back without an inviter or a plan', async () => {
    setUp(ACCEPT, {
      'GET /api-2.0/contexts/me/': context(newcomer),
      [DETAILS_API]: json(invitation({ inviter: null, plan_name: null, role: 'admin' })),
    });
    const summary = await screen.findByTestId('invitation-summary');
    expect(within(summary).getByText('You were invited to join Acme Learning on Lectern.')).toBeTruthy();
    expect(
      within(summary).getByText(
        "Accepting gives you one of Acme Learning's licenses, with access to the team's courses.",
      ),
    ).toBeTruthy();
    expect(within(summary).getByText("You'll join as Admin.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join the organization' })).toBeTruthy();
  });

  it.each([
    ['revoked', "This invitation was withdrawn. Ask your organization's admin to invite you again."],
    ['accepted', 'This invitation was accepted already.'],
  ] as const)('says at once that a %s invitation can no longer be accepted', async (status, message) => {
    setUp(ACCEPT, { [DETAILS_API]: json(invitation({ status })) }, { signedIn: false });
    const closed = await screen.findByTestId('accept-closed');
    expect(within(closed).getByText(message)).toBeTruthy();
    expect(screen.getByText('Ada Lovelace invited you to join Acme Learning on Lectern.')).toBeTruthy();
    expect(screen.queryByText(/Accepting gives you/)).toBeNull();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('tells a visitor they were invited; log in and sign up come back to this page', async () => {
    // Without the invitation's details (an unknown token, a failed load): the generic line.
    setUp(ACCEPT, {}, { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join your organization' })).toBeTruthy();
    expect(await screen.findByText('You were invited to join an organization on Lectern.')).toBeTruthy();
    const next = `?next=${encodeURIComponent(ACCEPT)}`;
    const page = screen.getByRole('main');
    expect(within(page).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/join/login-popup/${next}`,
    );
    expect(within(page).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      `/join/signup-popup/${next}`,
    );
    expect(screen.queryByRole('navigation', { name: 'Organization admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join the organization' })).toBeNull();
  });

  it('joins a signed-in user, refetches the user context and links onward', async () => {
    const joined = { ...member('group_admin'), id: 12, email: 'joiner@example.com' };
    const { server } = setUp(ACCEPT, {
      'GET /api-2.0/contexts/me/': [context(newcomer), context(joined)],
      // Refetched after joining: now accepted, which must not hide the welcome.
      [DETAILS_API]: [json(invitation({ role: 'group_admin' })), json(invitation({ status: 'accepted' }))],
      [ACCEPT_API]: json({ organization: { id: 3, name: 'Acme Learning' }, role: 'group_admin' }),
    });
    expect(await screen.findByText("You'll join as Group admin.")).toBeTruthy();
    expect(await screen.findByText("You're signed in as joiner@example.com.")).toBeTruthy();
    const contextCalls = () => server.requests.filter((request) => request.path === '/api-2.0/contexts/me/');
    const before = contextCalls().length;
    fireEvent.click(screen.getByRole('button', { name: 'Join the organization' }));
    const accepted = await screen.findByTestId('invitation-accepted');
    expect(within(accepted).getByText('Welcome to Acme Learning')).toBeTruthy();
    expect(within(accepted).getByText('You joined Acme Learning as Group admin.')).toBeTruthy();
    expect(within(accepted).getByRole('link', { name: 'Go to My courses' }).getAttribute('href')).toBe(
      '/home/my-courses/',
    );
    expect(within(accepted).queryByRole('link', { name: 'Go to the admin area' })).toBeNull();
    expect(
      server.requests.find((request) => request.path === '/api-2.0/organization-invitations/accept/')!.body,
    ).toEqual({
      token: 'tok-1',
    });
    expect(contextCalls().length).toBeGreaterThan(before);
    await waitFor(() =>
      expect(server.requests.filter((request) => request.path.endsWith('/details/'))).toHaveLength(2),
    );
    expect(screen.getByTestId('invitation-accepted')).toBeTruthy();
    expect(screen.queryByTestId('accept-closed')).toBeNull();
  });

  it('links an admin to the admin area after joining', async () => {
    setUp(ACCEPT, {
      'GET /api-2.0/contexts/me/': context(newcomer),
      [ACCEPT_API]: json({ organization: { id: 3, name: 'Acme Learning' }, role: 'admin' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join the organization' }));
    expect((await screen.findByRole('link', { name: 'Go to the admin area' })).getAttribute('href')).toBe(
      '/organization-manage-v2/admin-overview/',
    );
  });

  it('says the link is incomplete without a token', async () => {
    setUp('/organization-manage-v2/invitations/accept/', { 'GET /api-2.0/contexts/me/': context(newcomer) });
    expect((await screen.findByTestId('accept-error')).textContent).toBe(
      'This invitation link is incomplete. Open the link in your invitation mail again.',
    );
    expect(screen.queryByRole('button', { name: 'Join the organization' })).toBeNull();
  });

  it.each([
    [
      404,
      'not_found',
      "We couldn't find this invitation. Check that you opened the whole link from your invitation mail.",
    ],
    [
      409,
      'invitation_revoked',
      "This invitation was withdrawn. Ask your organization's admin to invite you again.",
    ],
    [409, 'invitation_used', 'This invitation was accepted already.'],
    [
      403,
      'permission_denied',
      'This invitation was sent to another e-mail address. Log out, then log in or sign up with the address the invitation was sent to.',
    ],
    [
      409,
      'already_in_organization',
      'You already belong to an organization. Leave it before joining another one.',
    ],
  ])('explains a %s %s refusal', async (status, code, message) => {
    setUp(ACCEPT, {
      'GET /api-2.0/contexts/me/': context(newcomer),
      [ACCEPT_API]: refusal(status, code, 'Server text.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join the organization' }));
    const error = await screen.findByTestId('accept-error');
    expect(within(error).getByText(message)).toBeTruthy();
    expect(screen.queryByTestId('invitation-accepted')).toBeNull();
  });

  it('lets the user of another address log out and come back as a visitor', async () => {
    const { server } = setUp(ACCEPT, {
      'GET /api-2.0/contexts/me/': [context(newcomer), json(userContext())],
      [ACCEPT_API]: refusal(403, 'permission_denied', 'Server text.'),
      'POST /api-2.0/auth/logout/': noContent,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join the organization' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await within(screen.getByRole('main')).findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(server.requests.some((request) => request.path === '/api-2.0/auth/logout/')).toBe(true);
  });
});
