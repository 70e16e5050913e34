// Organization roles acting on each other (issue 37): for every organization route of the live
// route table and every GraphQL mutation that acts on an organization, what each actor gets
// (owner, admin, group admin, student, a removed member, an outsider, a visitor); then what
// each actor may do to each role (change it, remove it), the three steps of the reported
// takeover, invitations with roles, the ownership transfer, and the audit log of every change.
import { createHash } from 'node:crypto';
import { ORGANIZATION_ROLE_MESSAGES, type OrganizationRole } from '@lectern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { FEATURES_GRAPHQL_PATH, GRAPHQL_PATH } from '../../platform/graphql/graphql-endpoint.js';
import type { RouteEntry } from '../../platform/openapi/route-table.js';
import { createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { ORGANIZATION_ADMIN_MESSAGES } from './organization-admin.service.js';

let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);

const ROLES: OrganizationRole[] = ['owner', 'admin', 'group_admin', 'student'];
type Actor = 'owner' | 'admin' | 'groupAdmin' | 'student' | 'removed' | 'outsider' | 'visitor';
const ACTORS: Actor[] = ['owner', 'admin', 'groupAdmin', 'student', 'removed', 'outsider', 'visitor'];

const clients = {} as Record<Actor, TestClient>;
const ids = {} as Record<'owner' | 'admin' | 'groupAdmin' | 'student' | 'removed', number>;
/** One member per starting role, acted on (their role is set again before each case). */
const targets = {} as Record<OrganizationRole, number>;
let acme: number;
let enrollmentId: number;
const NOBODY = 2147483000;

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const base = () => `/api-2.0/organizations/${acme}`;

async function setMember(userId: number, role: OrganizationRole): Promise<void> {
  await server.db.execute(sql`insert into organization_members (organization_id, user_id, role)
    values (${acme}, ${userId}, ${role}) on conflict (user_id) do update set role = excluded.role`);
}

async function roleOf(userId: number): Promise<OrganizationRole | null> {
  const [row] = await rows<{ role: OrganizationRole }>(
    sql`select role from organization_members where organization_id = ${acme} and user_id = ${userId}`,
  );
  return row?.role ?? null;
}

const auditCount = async () =>
  Number(
    (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from organization_audit_events where organization_id = ${acme}`,
      )
    )[0]!.n,
  );

interface AuditRow {
  action: string;
  actor_id: number | null;
  target_user_id: number | null;
  target_email: string;
  role_before: OrganizationRole | null;
  role_after: OrganizationRole | null;
  created_at: string;
}

/** The audit lines written since `afterId`, oldest first. */
async function auditSince(afterId: number): Promise<AuditRow[]> {
  return (
    await rows<AuditRow>(sql`select action, actor_id, target_user_id, target_email, role_before, role_after,
      created_at from organization_audit_events where organization_id = ${acme} and id > ${afterId} order by id`)
  ).map((row) => ({
    ...row,
    actor_id: row.actor_id === null ? null : Number(row.actor_id),
    target_user_id: row.target_user_id === null ? null : Number(row.target_user_id),
  }));
}

const lastAuditId = async () =>
  Number(
    (
      await rows<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from organization_audit_events`)
    )[0]!.id,
  );

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_organization_roles' }));
  const [organization] = await rows<{ id: number }>(
    sql`select id from organizations where name = 'Acme Learning'`,
  );
  acme = Number(organization!.id);
  // Room for everyone this file adds and invites (the license rules have their own tests).
  const [enrollment] = await rows<{ id: number }>(sql`update subscription_enrollments set license_count = 40
    where subscriber_type = 'organization' and subscriber_id = ${acme} and status <> 'EXPIRED' returning id`);
  enrollmentId = Number(enrollment!.id);

  let ip = 0;
  const login = async (email: string) => {
    const client = createTestClient(server.app, { ip: `10.62.0.${++ip}` });
    await client.login(email);
    return client;
  };
  clients.owner = await login('owner@example.com');
  clients.admin = await login('admin@example.com');
  clients.student = await login('sam@acme.example');
  // An owner elsewhere: Acme's routes do not exist for them.
  clients.outsider = await login('globex@example.com');
  clients.visitor = createTestClient(server.app, { ip: '10.62.1.1' });
  for (const [actor, email] of [
    ['owner', 'owner@example.com'],
    ['admin', 'admin@example.com'],
    ['student', 'sam@acme.example'],
  ] as const) {
    ids[actor] = Number(
      (await rows<{ id: number }>(sql`select id from users where email = ${email}`))[0]!.id,
    );
  }
  const groupAdmin = await newBuyer();
  await setMember(groupAdmin.id, 'group_admin');
  clients.groupAdmin = groupAdmin.client;
  ids.groupAdmin = groupAdmin.id;
  // An admin the owner removed: still signed in, no longer a member.
  const removed = await newBuyer();
  await setMember(removed.id, 'admin');
  ids.removed = removed.id;
  clients.removed = removed.client;
  expect((await clients.owner.delete(`${base()}/members/${removed.id}/`)).statusCode).toBe(204);
  for (const role of ROLES) targets[role] = (await newBuyer()).id;
});
afterAll(() => close());

describe('every organization route × every actor', () => {
  /** Who passes each route's gate: the organization's admins (owners included), or its owners. */
  const GATES: Record<string, 'admins' | 'owners'> = {
    'GET /api-2.0/organizations/:organizationId/billing-information/': 'admins',
    'GET /api-2.0/organizations/:organizationId/active-payment-method/': 'admins',
    'DELETE /api-2.0/organizations/:organizationId/active-payment-method/': 'admins',
    'GET /api-2.0/organizations/:organizationId/plan/': 'admins',
    'GET /api-2.0/organizations/:organizationId/activity/': 'admins',
    'GET /api-2.0/organizations/:organizationId/billing-history/': 'admins',
    'GET /api-2.0/organizations/:organizationId/receipts/:paymentId/': 'admins',
    'GET /api-2.0/organizations/:organizationId/receipt-details/': 'admins',
    'PUT /api-2.0/organizations/:organizationId/receipt-details/': 'admins',
    'GET /api-2.0/organizations/:organizationId/members/': 'admins',
    'PATCH /api-2.0/organizations/:organizationId/members/:userId/': 'admins',
    'DELETE /api-2.0/organizations/:organizationId/members/:userId/': 'admins',
    'POST /api-2.0/organizations/:organizationId/invitations/': 'admins',
    'GET /api-2.0/organizations/:organizationId/invitations/': 'admins',
    'DELETE /api-2.0/organizations/:organizationId/invitations/:id/': 'admins',
    'POST /api-2.0/organizations/:organizationId/ownership-transfer/': 'owners',
  };
  const organizationRoutes = () =>
    server.routes.filter((route) => route.url.startsWith('/api-2.0/organizations/:organizationId/'));
  const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;

  it('has a gate for every organization route, and a route for every gate', () => {
    const keys = organizationRoutes().map(keyOf).sort();
    expect(keys.filter((key) => !(key in GATES))).toEqual([]);
    expect(Object.keys(GATES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  /** A request that reaches the route's rules but changes nothing (no such member or invitation, empty bodies). */
  function call(route: RouteEntry, client: TestClient) {
    const url = route.url
      .replace(':organizationId', String(acme))
      .replace(':paymentId', String(NOBODY))
      .replace(':userId', String(NOBODY))
      .replace(':id', String(NOBODY));
    if (route.method === 'GET') return client.get(url);
    if (route.method === 'DELETE') return client.delete(url);
    if (route.method === 'PUT') return client.put(url, {});
    return route.method === 'PATCH' ? client.patch(url, {}) : client.post(url, {});
  }

  it('answers each actor as designed: 401 visitor, 404 outsider and removed member, 403 learners', async () => {
    const before = await auditCount();
    const outcomes: string[] = [];
    for (const route of organizationRoutes()) {
      const gate = GATES[keyOf(route)]!;
      for (const actor of ACTORS) {
        const response = await call(route, clients[actor]);
        const what = `${actor} ${keyOf(route)} → ${response.statusCode} ${response.body.slice(0, 160)}`;
        outcomes.push(what);
        const passes = actor === 'owner' || (actor === 'admin' && gate === 'admins');
        if (passes) {
          // Through the gate: the input or the missing member/invitation/receipt decides.
          expect([401, 403], what).not.toContain(response.statusCode);
          expect(response.statusCode, what).toBeLessThan(500);
        } else if (actor === 'visitor') {
          expect(response.statusCode, what).toBe(401);
        } else if (actor === 'outsider' || actor === 'removed') {
          expect(response.statusCode, what).toBe(404);
          expect(response.data.detail, what).toBe(ORGANIZATION_ADMIN_MESSAGES.noOrganization);
        } else {
          expect(response.statusCode, what).toBe(403);
          expect(response.data.code, what).toBe('permission_denied');
          expect(response.data.detail, what).toBe(
            actor === 'admin' ? ORGANIZATION_ROLE_MESSAGES.transfer : ORGANIZATION_ADMIN_MESSAGES.notAdmin,
          );
        }
      }
    }
    expect(outcomes).toHaveLength(organizationRoutes().length * ACTORS.length);
    expect(await auditCount()).toBe(before);
  });
});

describe('GraphQL mutations acting on an organization × every actor', () => {
  /**
   * Every mutation of both GraphQL endpoints, sorted into those that act on an organization's
   * plan (tested here) and the rest (a user's own things, or a learning community any member of
   * it may use, each with its own tests). A new mutation has to be placed.
   */
  const ORGANIZATION_MUTATIONS = ['subscriptionEnrollmentCancel', 'subscriptionEnrollmentReactivate'];
  const OTHER_MUTATIONS = [
    'learningCommunityAddMembers',
    'learningCommunityCreate',
    'learningCommunityDelete',
    'learningCommunityLeave',
    'learningCommunityRemoveMembers',
    'learningReminderCreate',
    'learningReminderDelete',
    'learningReminderUpdate',
    'occupationAssign',
    'occupationGroupAssign',
    'occupationManagerAssign',
    'occupationRawAssign',
    'topicInterestAssign',
    'topicInterestUnassign',
  ];

  it('places every mutation of the live schemas', async () => {
    const names: string[] = [];
    for (const path of [GRAPHQL_PATH, FEATURES_GRAPHQL_PATH]) {
      const response = await clients.owner.post(path, {
        query: '{ __schema { mutationType { fields { name } } } }',
      });
      expect(response.statusCode, response.body).toBe(200);
      const fields = (response.data.data.__schema.mutationType?.fields ?? []) as { name: string }[];
      names.push(...fields.map((field) => field.name));
    }
    expect(names.sort()).toEqual([...ORGANIZATION_MUTATIONS, ...OTHER_MUTATIONS].sort());
  });

  const mutate = (client: TestClient, name: string) =>
    client.post(GRAPHQL_PATH, { query: `mutation { ${name}(id: "${enrollmentId}") { id status } }` });
  const errorCode = (response: Awaited<ReturnType<typeof mutate>>) =>
    (response.data?.errors?.[0]?.extensions?.code as string | undefined) ?? null;

  it("cancel and reactivate of the organization's Team Plan: its owner and admins (team-plan §1), nobody else", async () => {
    const expected: Record<Actor, string | null> = {
      owner: null,
      admin: null,
      groupAdmin: 'FORBIDDEN',
      student: 'FORBIDDEN',
      removed: 'NOT_FOUND',
      outsider: 'NOT_FOUND',
      visitor: 'UNAUTHENTICATED',
    };
    const status = async () =>
      (
        await rows<{ status: string }>(
          sql`select status from subscription_enrollments where id = ${enrollmentId}`,
        )
      )[0]!.status;
    const running = await status();
    for (const actor of ACTORS) {
      for (const name of ORGANIZATION_MUTATIONS) {
        const response = await mutate(clients[actor], name);
        expect(errorCode(response), `${actor} ${name} ${response.body.slice(0, 200)}`).toBe(expected[actor]);
        if (expected[actor] === null) {
          expect(response.data.data[name].status).toBe(name.endsWith('Cancel') ? 'CANCELED' : running);
        }
      }
      expect(await status(), actor).toBe(running);
    }
  });
});

describe('what each actor may do to each role', () => {
  // The targets go back to students: a second owner left behind would let the owner step down.
  afterEach(async () => {
    for (const role of ROLES) await setMember(targets[role], 'student');
  });
  const LEARNERS: OrganizationRole[] = ['group_admin', 'student'];
  /** The designed answer of `actor` changing a `target` to `next` (null: removing them). */
  function designed(actor: Actor, target: OrganizationRole, next: OrganizationRole | null): number {
    if (actor === 'visitor') return 401;
    if (actor === 'removed' || actor === 'outsider') return 404;
    if (actor === 'groupAdmin' || actor === 'student') return 403;
    if (actor === 'owner') return 204;
    // An admin: learners only, and only into learner roles.
    return LEARNERS.includes(target) && (next === null || LEARNERS.includes(next)) ? 204 : 403;
  }

  for (const actor of ACTORS) {
    it(`${actor}: changes and removals of an owner, an admin, a group admin and a student`, async () => {
      const failures: string[] = [];
      for (const target of ROLES) {
        for (const next of [...ROLES, null]) {
          await setMember(targets[target], target);
          const auditBefore = await lastAuditId();
          const url = `${base()}/members/${targets[target]}/`;
          const response =
            next === null
              ? await clients[actor].delete(url)
              : await clients[actor].patch(url, { role: next });
          const expected = designed(actor, target, next);
          const after = await roleOf(targets[target]);
          const written = await auditSince(auditBefore);
          const what = `${actor}: ${target} → ${next ?? 'removed'}: ${response.statusCode} ${response.body.slice(0, 120)}`;
          if (response.statusCode !== expected) failures.push(what);
          if (expected === 204) {
            expect(after, what).toBe(next);
            // Every change is in the audit log: who, whom, before and after (none for no change).
            expect(written, what).toEqual(
              next === target
                ? []
                : [
                    expect.objectContaining({
                      action: next === null ? 'member_removed' : 'role_changed',
                      actor_id: ids[actor as 'owner' | 'admin'],
                      target_user_id: targets[target],
                      target_email: expect.stringContaining('@example.com'),
                      role_before: target,
                      role_after: next,
                    }),
                  ],
            );
          } else {
            expect(after, what).toBe(target);
            expect(written, what).toEqual([]);
            if (expected === 403) expect(response.data.code, what).toBe('permission_denied');
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('the refusals name who may do it instead', async () => {
    await setMember(targets.admin, 'admin');
    await setMember(targets.student, 'student');
    const cases = [
      [clients.admin.patch(`${base()}/members/${targets.student}/`, { role: 'admin' }), 'adminRole'],
      [clients.admin.patch(`${base()}/members/${targets.admin}/`, { role: 'student' }), 'adminRole'],
      [clients.admin.delete(`${base()}/members/${targets.admin}/`), 'removeAdmin'],
    ] as const;
    for (const [request, message] of cases) {
      const response = await request;
      expect(response.statusCode).toBe(403);
      expect(response.data.detail).toBe(ORGANIZATION_ROLE_MESSAGES[message]);
    }
  });
});

describe('the reported takeover (issue 37)', () => {
  it('an admin can neither make themself owner, nor demote the owner, nor remove them', async () => {
    const before = await auditCount();
    const promote = await clients.admin.patch(`${base()}/members/${ids.admin}/`, { role: 'owner' });
    expect(promote.statusCode, promote.body).toBe(403);
    expect(promote.data).toEqual({ code: 'permission_denied', detail: ORGANIZATION_ROLE_MESSAGES.ownerRole });
    const demote = await clients.admin.patch(`${base()}/members/${ids.owner}/`, { role: 'student' });
    expect(demote.statusCode, demote.body).toBe(403);
    expect(demote.data.detail).toBe(ORGANIZATION_ROLE_MESSAGES.ownerRole);
    const remove = await clients.admin.delete(`${base()}/members/${ids.owner}/`);
    expect(remove.statusCode, remove.body).toBe(403);
    expect(remove.data.detail).toBe(ORGANIZATION_ROLE_MESSAGES.removeOwner);
    expect(await roleOf(ids.owner)).toBe('owner');
    expect(await roleOf(ids.admin)).toBe('admin');
    expect(await auditCount()).toBe(before);
  });

  it('the last owner can neither step down nor leave, even on their own', async () => {
    const demote = await clients.owner.patch(`${base()}/members/${ids.owner}/`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.data.code).toBe('last_owner');
    const leave = await clients.owner.delete(`${base()}/members/${ids.owner}/`);
    expect(leave.statusCode).toBe(409);
    expect(await roleOf(ids.owner)).toBe('owner');
  });
});

describe('invitations with a role', () => {
  const invitationRows = async (email: string) =>
    rows<{ id: number }>(sql`select id from organization_invitations where email = ${email}`);
  let counter = 0;
  const newEmail = () => `roles-invitee-${++counter}-${Date.now()}@example.com`;

  it('admins invite learners only; owners invite as any role', async () => {
    for (const [role, message] of [
      ['owner', 'inviteOwner'],
      ['admin', 'inviteAdmin'],
    ] as const) {
      const email = newEmail();
      const refused = await clients.admin.post(`${base()}/invitations/`, { emails: [email], role });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.data.detail).toBe(ORGANIZATION_ROLE_MESSAGES[message]);
      expect(await invitationRows(email)).toEqual([]);
      const mails = await rows(sql`select id from mail_outbox where recipient = ${email}`);
      expect(mails).toEqual([]);
    }
    const student = await clients.admin.post(`${base()}/invitations/`, {
      emails: [newEmail()],
      role: 'student',
    });
    expect(student.statusCode, student.body).toBe(201);
    const owner = await clients.owner.post(`${base()}/invitations/`, { emails: [newEmail()], role: 'owner' });
    expect(owner.statusCode, owner.body).toBe(201);
  });

  it("admins cannot withdraw an owner's or admin's invitation; owners can; each is in the audit log", async () => {
    const email = newEmail();
    const auditBefore = await lastAuditId();
    const created = await clients.owner.post(`${base()}/invitations/`, { emails: [email], role: 'admin' });
    expect(created.statusCode).toBe(201);
    const id = created.data.results[0].id as number;
    const refused = await clients.admin.delete(`${base()}/invitations/${id}/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.data.detail).toBe(ORGANIZATION_ROLE_MESSAGES.withdrawAdmin);
    expect((await clients.owner.delete(`${base()}/invitations/${id}/`)).statusCode).toBe(204);
    expect(await auditSince(auditBefore)).toEqual([
      expect.objectContaining({
        action: 'invitation_sent',
        actor_id: ids.owner,
        target_email: email,
        role_before: null,
        role_after: 'admin',
      }),
      expect.objectContaining({
        action: 'invitation_withdrawn',
        actor_id: ids.owner,
        target_email: email,
        role_before: 'admin',
        role_after: null,
      }),
    ]);
  });

  it("an owner's invitation an admin sent before the rule gives no role; a learner's invitation is accepted and logged", async () => {
    const email = newEmail();
    const token = `legacy-owner-invitation-${Date.now()}`;
    await server.db
      .execute(sql`insert into organization_invitations (organization_id, email, role, token_hash, invited_by)
      values (${acme}, ${email}, 'owner', ${createHash('sha256').update(token).digest('hex')}, ${ids.admin})`);
    const invitee = createTestClient(server.app, { ip: '10.62.2.1' });
    expect(
      (await invitee.post('/api-2.0/auth/signup/', { name: 'Legacy', email, password: 'legacy-password-1' }))
        .statusCode,
    ).toBe(201);
    const refused = await invitee.post('/api-2.0/organization-invitations/accept/', { token });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.data).toEqual({
      code: 'invitation_invalid',
      detail: ORGANIZATION_ADMIN_MESSAGES.invitationNoLongerValid,
    });
    expect(
      (
        await rows(
          sql`select 1 from organization_members m join users u on u.id = m.user_id where u.email = ${email}`,
        )
      ).length,
    ).toBe(0);

    // The same person invited as a student by the admin joins, and the log says so.
    await server.db.execute(
      sql`update organization_invitations set revoked_at = now() where email = ${email}`,
    );
    const invited = await clients.admin.post(`${base()}/invitations/`, { emails: [email] });
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await rows<{ text: string }>(
      sql`select text from mail_outbox where recipient = ${email} and kind = 'organization_invitation' order by id desc limit 1`,
    );
    const mailed = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const auditBefore = await lastAuditId();
    const accepted = await invitee.post('/api-2.0/organization-invitations/accept/', { token: mailed });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [joined] = await rows<{ id: number }>(sql`select id from users where email = ${email}`);
    expect(await auditSince(auditBefore)).toEqual([
      expect.objectContaining({
        action: 'invitation_accepted',
        actor_id: Number(joined!.id),
        target_user_id: Number(joined!.id),
        target_email: email,
        role_before: null,
        role_after: 'student',
      }),
    ]);
  });
});

describe('handing the ownership over', () => {
  const transfer = (client: TestClient, body: Record<string, unknown>) =>
    client.post(`${base()}/ownership-transfer/`, body);
  const mailsSince = async (afterId: number) =>
    rows<{ recipient: string; kind: string; subject: string; text: string }>(
      sql`select recipient, kind, subject, text from mail_outbox where id > ${afterId} order by id`,
    );
  const lastMailId = async () =>
    Number((await rows<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from mail_outbox`))[0]!.id);

  it('is refused to admins before anything is read, and to owners without the right confirmation', async () => {
    const byAdmin = await transfer(clients.admin, { member_id: ids.admin, confirm: 'Acme Learning' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.data.detail).toBe(ORGANIZATION_ROLE_MESSAGES.transfer);
    expect((await transfer(clients.admin, {})).statusCode).toBe(403);

    const wrong = await transfer(clients.owner, { member_id: ids.admin, confirm: 'Acme' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.data.field_errors).toEqual({ confirm: [ORGANIZATION_ADMIN_MESSAGES.confirmTransfer] });
    const self = await transfer(clients.owner, { member_id: ids.owner, confirm: 'Acme Learning' });
    expect(self.statusCode).toBe(400);
    expect(Object.keys(self.data.field_errors)).toEqual(['member_id']);
    expect((await transfer(clients.owner, { member_id: NOBODY, confirm: 'Acme Learning' })).statusCode).toBe(
      404,
    );
    expect(
      (await transfer(clients.owner, { member_id: ids.removed, confirm: 'Acme Learning' })).statusCode,
    ).toBe(404);
    await setMember(targets.owner, 'owner');
    const toOwner = await transfer(clients.owner, { member_id: targets.owner, confirm: 'Acme Learning' });
    expect(toOwner.statusCode).toBe(409);
    expect(toOwner.data.code).toBe('already_owner');
    await setMember(targets.owner, 'student');
    expect(await roleOf(ids.owner)).toBe('owner');
    expect(await roleOf(ids.admin)).toBe('admin');
  });

  it('makes the member the owner and the owner an admin, mails both, and logs both changes', async () => {
    const mailBefore = await lastMailId();
    const auditBefore = await lastAuditId();
    const response = await transfer(clients.owner, { member_id: ids.admin, confirm: '  acme learning ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data).toEqual({
      new_owner: { id: ids.admin, role: 'owner' },
      previous_owner: { id: ids.owner, role: 'admin' },
    });
    expect(await roleOf(ids.admin)).toBe('owner');
    expect(await roleOf(ids.owner)).toBe('admin');

    const mails = await mailsSince(mailBefore);
    expect(mails.map((mail) => [mail.recipient, mail.kind])).toEqual([
      ['admin@example.com', 'organization_ownership_received'],
      ['owner@example.com', 'organization_ownership_handed_over'],
    ]);
    expect(mails[0]!.subject).toBe('You are now the owner of Acme Learning on Lectern');
    expect(mails[1]!.text).toContain('You stay in the organization as an admin.');

    expect(await auditSince(auditBefore)).toEqual([
      expect.objectContaining({
        action: 'ownership_transferred',
        actor_id: ids.owner,
        target_user_id: ids.admin,
        target_email: 'admin@example.com',
        role_before: 'admin',
        role_after: 'owner',
      }),
      expect.objectContaining({
        action: 'role_changed',
        actor_id: ids.owner,
        target_user_id: ids.owner,
        target_email: 'owner@example.com',
        role_before: 'owner',
        role_after: 'admin',
      }),
    ]);

    // The activity shows it, from the log, with who and the roles.
    const activity = await clients.admin.get(`${base()}/activity/`);
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.data.results).toContainEqual(
      expect.objectContaining({ kind: 'ownership_transferred', fromRole: 'admin', toRole: 'owner' }),
    );
    expect(activity.data.results).toContainEqual(
      expect.objectContaining({ kind: 'role_changed', fromRole: 'owner', toRole: 'admin' }),
    );

    // The previous owner, now an admin, cannot take it back.
    expect(
      (await transfer(clients.owner, { member_id: ids.owner, confirm: 'Acme Learning' })).statusCode,
    ).toBe(403);
    expect((await clients.owner.patch(`${base()}/members/${ids.owner}/`, { role: 'owner' })).statusCode).toBe(
      403,
    );
    expect((await clients.owner.delete(`${base()}/members/${ids.admin}/`)).statusCode).toBe(403);

    // The new owner hands it back.
    const back = await transfer(clients.admin, { member_id: ids.owner, confirm: 'Acme Learning' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await roleOf(ids.owner)).toBe('owner');
    expect(await roleOf(ids.admin)).toBe('admin');
  });
});
