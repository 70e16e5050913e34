// The back office's staff (issue 32): invitations mailed through the outbox and accepted by the
// invited account only, role changes and removals (audited), the last owner who stays one even
// when two owners demote each other at once, the support refund limits, and `is_operator`
// meaning "on the staff".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { rowsOf } from '../../platform/db/query-result.js';
import { startTestServer } from '../../test-support/test-server.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { STAFF_MESSAGES } from './staff.service.js';

let server: LecternServer & { stop(): Promise<void> };
let operator: TestClient;
let operatorId: number;
let ipCounter = 0;
let emailCounter = 0;

const CONTEXT = '/api-2.0/contexts/me/?me=True';
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const newEmail = (name: string) => `${name}-${++emailCounter}-${Date.now()}@example.com`;

async function userIdOf(email: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`select id from users where email = ${email.toLowerCase()}`);
  return Number(row!.id);
}

async function signUp(email: string): Promise<TestClient> {
  ipCounter += 1;
  const client = createTestClient(server.app, { ip: `10.62.1.${ipCounter}` });
  const response = await client.post('/api-2.0/auth/signup/', {
    name: 'Stefan Staff',
    email,
    password: 'staff-password-1',
  });
  expect(response.statusCode, response.body).toBe(201);
  return client;
}

/** A signed-up user put on the staff directly (what accepting an invitation does). */
async function staffMember(role: string): Promise<{ client: TestClient; id: number; email: string }> {
  const email = newEmail(role);
  const client = await signUp(email);
  const id = await userIdOf(email);
  await server.db.execute(sql`insert into staff_members (user_id, role) values (${id}, ${role})`);
  return { client, id, email };
}

/** The invitation link's token of the last staff invitation mail to `email`. */
async function invitationTokenOf(email: string): Promise<string> {
  const [mail] = await rows<{ text: string }>(
    sql`select text from mail_outbox where recipient = ${email} and kind = 'staff_invitation' order by id desc limit 1`,
  );
  const token = /invitations\/accept\/\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no staff invitation mail to ${email}`);
  return token;
}

const auditOf = (objectType: string, objectId: number | string) =>
  rows<{ action: string; actor_email: string; before: unknown; after: unknown; summary: string }>(
    sql`select action, actor_email, before, after, summary from admin_audit_events
      where object_type = ${objectType} and object_id = ${String(objectId)} order by id`,
  );

const ownerCount = async () =>
  Number(
    (await rows<{ n: number }>(sql`select count(*)::int as n from staff_members where role = 'owner'`))[0]!.n,
  );

beforeAll(async () => {
  server = await startTestServer();
  operator = createTestClient(server.app, { ip: '10.62.0.1' });
  await operator.login('operator@example.com');
  operatorId = await userIdOf('operator@example.com');
});
afterAll(() => server.stop());

describe('who am I', () => {
  it('the demo operator is an owner, with every permission; their user context says is_operator', async () => {
    const me = await operator.get('/api-2.0/admin/me/');
    expect(me.statusCode).toBe(200);
    expect(me.data).toMatchObject({
      user_id: operatorId,
      email: 'operator@example.com',
      name: 'Otto Operator',
      role: 'owner',
    });
    expect(me.data.permissions).toContain('staff.manage');
    expect((await operator.get(CONTEXT)).data.me.is_operator).toBe(true);
  });

  it('a learner is refused (403, not on the staff) and is no operator', async () => {
    const learner = await signUp(newEmail('learner'));
    const me = await learner.get('/api-2.0/admin/me/');
    expect(me.statusCode).toBe(403);
    expect(me.data.detail).toContain('staff');
    expect((await learner.get(CONTEXT)).data.me.is_operator).toBe(false);
  });
});

describe('invitations', () => {
  it('an owner invites an address: the mail is in the outbox, and the invited account joins with the role', async () => {
    const email = newEmail('Invitee');
    const invited = await operator.post('/api-2.0/admin/staff/invitations/', {
      email: email.toUpperCase(),
      role: 'support',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.data).toMatchObject({
      email: email.toLowerCase(),
      role: 'support',
      invited_by: 'operator@example.com',
    });
    const days = (Date.parse(invited.data.expires) - Date.parse(invited.data.created)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);

    // Stored lower-cased, only the token's SHA-256 (64 hex characters).
    const [stored] = await rows<{ email: string; token_hash: string }>(
      sql`select email, token_hash from staff_invitations where id = ${invited.data.id}`,
    );
    expect(stored!.email).toBe(email.toLowerCase());
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const token = await invitationTokenOf(email.toLowerCase());
    expect(stored!.token_hash).not.toContain(token);
    const [mail] = await rows<{ subject: string; text: string }>(
      sql`select subject, text from mail_outbox where recipient = ${email.toLowerCase()} and kind = 'staff_invitation'`,
    );
    expect(mail!.subject).toBe('Otto Operator invited you to the Lectern staff');
    expect(mail!.text).toContain('Support');

    const open = await operator.get('/api-2.0/admin/staff/invitations/');
    expect(open.data.results.map((row: { id: number }) => row.id)).toContain(invited.data.id);

    const invitee = await signUp(email.toLowerCase());
    expect((await invitee.get('/api-2.0/admin/me/')).statusCode).toBe(403);
    const accepted = await invitee.post('/api-2.0/staff-invitations/accept/', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.data).toEqual({ email: email.toLowerCase(), role: 'support' });
    const me = await invitee.get('/api-2.0/admin/me/');
    expect(me.statusCode).toBe(200);
    expect(me.data.role).toBe('support');
    expect((await invitee.get(CONTEXT)).data.me.is_operator).toBe(true);

    // Used once: again is a 409, and it is no longer open.
    const again = await invitee.post('/api-2.0/staff-invitations/accept/', { token });
    expect(again.statusCode).toBe(409);
    expect(again.data.detail).toBe(STAFF_MESSAGES.invitationUsed);
    const after = await operator.get('/api-2.0/admin/staff/invitations/');
    expect(after.data.results.map((row: { id: number }) => row.id)).not.toContain(invited.data.id);

    const inviteeId = await userIdOf(email);
    expect((await auditOf('staff_invitation', invited.data.id)).map((entry) => entry.action)).toEqual([
      'staff_invitation.sent',
    ]);
    const joined = await auditOf('staff', inviteeId);
    expect(joined.map((entry) => entry.action)).toEqual(['staff.joined']);
    expect(joined[0]!.actor_email).toBe(email.toLowerCase());
  });

  it('another account cannot accept it (403, told to sign in with the invited address)', async () => {
    const email = newEmail('intended');
    expect(
      (await operator.post('/api-2.0/admin/staff/invitations/', { email, role: 'catalog' })).statusCode,
    ).toBe(201);
    const token = await invitationTokenOf(email);
    const stranger = await signUp(newEmail('stranger'));
    const refused = await stranger.post('/api-2.0/staff-invitations/accept/', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.data.detail).toContain('sent to another e-mail address');
    expect((await stranger.get('/api-2.0/admin/me/')).statusCode).toBe(403);
    // The invitation still works for its address.
    const intended = await signUp(email);
    expect((await intended.post('/api-2.0/staff-invitations/accept/', { token })).statusCode).toBe(200);
  });

  it('an expired invitation is a 410 with a clear message; a withdrawn one too; a made-up one 404', async () => {
    const email = newEmail('late');
    const invited = await operator.post('/api-2.0/admin/staff/invitations/', { email, role: 'finance' });
    const token = await invitationTokenOf(email);
    await server.db.execute(
      sql`update staff_invitations set expires_at = now() - interval '1 minute' where id = ${invited.data.id}`,
    );
    const late = await signUp(email);
    const expired = await late.post('/api-2.0/staff-invitations/accept/', { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.data.code).toBe('invitation_expired');
    expect(expired.data.detail).toMatch(/expired on \d{4}-\d{2}-\d{2}/);
    // An expired invitation is not listed as open.
    const open = await operator.get('/api-2.0/admin/staff/invitations/');
    expect(open.data.results.map((row: { id: number }) => row.id)).not.toContain(invited.data.id);

    // Inviting again replaces it; the new one is withdrawn before it is used.
    const second = await operator.post('/api-2.0/admin/staff/invitations/', { email, role: 'finance' });
    expect(second.statusCode).toBe(201);
    const secondToken = await invitationTokenOf(email);
    expect((await operator.delete(`/api-2.0/admin/staff/invitations/${second.data.id}/`)).statusCode).toBe(
      204,
    );
    const withdrawn = await late.post('/api-2.0/staff-invitations/accept/', { token: secondToken });
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.data.detail).toBe(STAFF_MESSAGES.invitationRevoked);
    expect((await operator.delete(`/api-2.0/admin/staff/invitations/${second.data.id}/`)).statusCode).toBe(
      404,
    );
    expect((await auditOf('staff_invitation', second.data.id)).map((entry) => entry.action)).toEqual([
      'staff_invitation.sent',
      'staff_invitation.revoked',
    ]);

    const madeUp = await late.post('/api-2.0/staff-invitations/accept/', { token: 'x'.repeat(43) });
    expect(madeUp.statusCode).toBe(404);
    expect((await late.get('/api-2.0/admin/me/')).statusCode).toBe(403);
  });

  it('refuses bad input with field messages, someone already on the staff, and non-owners', async () => {
    const bad = await operator.post('/api-2.0/admin/staff/invitations/', {
      email: 'not-an-address',
      role: 'boss',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual(['email', 'role']);
    const already = await operator.post('/api-2.0/admin/staff/invitations/', {
      email: 'operator@example.com',
      role: 'support',
    });
    expect(already.statusCode).toBe(409);
    expect(already.data.code).toBe('already_staff');
    const support = await staffMember('support');
    const refused = await support.client.post('/api-2.0/admin/staff/invitations/', {
      email: newEmail('x'),
      role: 'owner',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.data.detail).toContain('(support)');
  });
});

describe('roles and removal', () => {
  it('an owner changes a member’s role and removes them, each audited with before and after', async () => {
    const member = await staffMember('catalog');
    const list = await operator.get(`/api-2.0/admin/staff/?q=${encodeURIComponent(member.email)}`);
    expect(list.data).toMatchObject({ count: 1, page: 1, page_size: 25 });
    expect(list.data.results[0]).toMatchObject({ user_id: member.id, role: 'catalog', name: 'Stefan Staff' });

    const changed = await operator.patch(`/api-2.0/admin/staff/${member.id}/`, { role: 'finance' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.data.role).toBe('finance');
    expect((await member.client.get('/api-2.0/admin/me/')).data.role).toBe('finance');
    // The member cannot change roles themselves.
    expect(
      (await member.client.patch(`/api-2.0/admin/staff/${member.id}/`, { role: 'owner' })).statusCode,
    ).toBe(403);

    expect((await operator.delete(`/api-2.0/admin/staff/${member.id}/`)).statusCode).toBe(204);
    expect((await member.client.get('/api-2.0/admin/me/')).statusCode).toBe(403);
    expect((await member.client.get(CONTEXT)).data.me.is_operator).toBe(false);
    expect((await operator.delete(`/api-2.0/admin/staff/${member.id}/`)).statusCode).toBe(404);

    const trail = await auditOf('staff', member.id);
    expect(trail.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['staff.role_changed', { role: 'catalog' }, { role: 'finance' }],
      ['staff.removed', { email: member.email, role: 'finance' }, null],
    ]);
    expect(trail.every((entry) => entry.actor_email === 'operator@example.com')).toBe(true);
  });

  it('the last owner can be neither demoted nor removed (409), by themselves or anyone', async () => {
    expect(await ownerCount()).toBe(1);
    const demoted = await operator.patch(`/api-2.0/admin/staff/${operatorId}/`, { role: 'read_only' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.data).toMatchObject({ code: 'last_owner', detail: STAFF_MESSAGES.lastOwner });
    expect((await operator.delete(`/api-2.0/admin/staff/${operatorId}/`)).statusCode).toBe(409);
    expect((await operator.get('/api-2.0/admin/me/')).data.role).toBe('owner');
  });

  it('two owners demoting each other at once leave one owner', async () => {
    for (let round = 0; round < 3; round += 1) {
      const other = await staffMember('owner');
      expect(await ownerCount()).toBe(2);
      const answers = await Promise.all([
        operator.patch(`/api-2.0/admin/staff/${other.id}/`, { role: 'support' }),
        other.client.patch(`/api-2.0/admin/staff/${operatorId}/`, { role: 'support' }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(
        statuses.filter((status) => status === 200),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      expect([403, 409]).toContain(statuses.find((status) => status !== 200));
      expect(await ownerCount()).toBe(1);
      // The operator stays the owner for the next round.
      const [owner] = await rows<{ user_id: number }>(
        sql`select user_id from staff_members where role = 'owner'`,
      );
      if (Number(owner!.user_id) !== operatorId) {
        await server.db.execute(sql`update staff_members set role = 'owner' where user_id = ${operatorId}`);
      }
      await server.db.execute(sql`delete from staff_members where user_id = ${other.id}`);
    }
  });

  it('an owner demoting themselves and the only other owner at once keeps one owner', async () => {
    const a = await staffMember('owner');
    const b = await staffMember('owner');
    // The operator steps down to read-only first: a and b are the only owners.
    expect(
      (await operator.patch(`/api-2.0/admin/staff/${operatorId}/`, { role: 'read_only' })).statusCode,
    ).toBe(200);
    const answers = await Promise.all([
      a.client.patch(`/api-2.0/admin/staff/${b.id}/`, { role: 'catalog' }),
      a.client.patch(`/api-2.0/admin/staff/${a.id}/`, { role: 'catalog' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status === 200)).toHaveLength(1);
    expect(await ownerCount()).toBe(1);
    await server.db.execute(sql`update staff_members set role = 'owner' where user_id = ${operatorId}`);
    await server.db.execute(sql`delete from staff_members where user_id in (${a.id}, ${b.id})`);
  });
});

describe('back office settings', () => {
  it('owners set the support refund limits per currency; amounts and currencies are checked', async () => {
    const read = await operator.get('/api-2.0/admin/settings/');
    expect(read.statusCode).toBe(200);
    expect(read.data.support_refund_limits.USD).toBe(20000);

    const saved = await operator.put('/api-2.0/admin/settings/', {
      support_refund_limits: { USD: 15000, JPY: 2000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.data.support_refund_limits).toEqual({ JPY: 2000, USD: 15000 });
    expect((await operator.get('/api-2.0/admin/settings/')).data.support_refund_limits).toEqual({
      JPY: 2000,
      USD: 15000,
    });
    const [entry] = (await auditOf('back_office_settings', 1)).slice(-1);
    expect(entry).toMatchObject({
      action: 'settings.support_refund_limits_changed',
      after: { support_refund_limits: { JPY: 2000, USD: 15000 } },
    });
    expect(
      (entry!.before as { support_refund_limits: Record<string, number> }).support_refund_limits.EUR,
    ).toBe(20000);

    const bad = await operator.put('/api-2.0/admin/settings/', {
      support_refund_limits: { USD: -1, EUR: 10.5, XXX: 100 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.data.field_errors).sort()).toEqual([
      'support_refund_limits.EUR',
      'support_refund_limits.USD',
      'support_refund_limits.XXX',
    ]);
    expect(bad.data.field_errors['support_refund_limits.XXX'][0]).toContain('not a currency');

    const support = await staffMember('support');
    expect((await support.client.get('/api-2.0/admin/settings/')).statusCode).toBe(200);
    expect(
      (await support.client.put('/api-2.0/admin/settings/', { support_refund_limits: { USD: 99999999 } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('experiments in the back office', () => {
  it('any staff member reads them; only catalog and owners change them', async () => {
    const readOnly = await staffMember('read_only');
    expect((await readOnly.client.get('/api-2.0/admin/experiments/')).statusCode).toBe(200);
    const refused = await readOnly.client.post('/api-2.0/admin/experiments/1/stop/');
    expect(refused.statusCode).toBe(403);
    const catalog = await staffMember('catalog');
    expect((await catalog.client.get('/api-2.0/admin/experiments/')).statusCode).toBe(200);
  });
});
