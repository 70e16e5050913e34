import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LecternServer } from '../../app.js';
import { DEMO_SELLER } from '../../platform/config/config.js';
import { createCheckoutKit, rowsOf } from '../../test-support/checkout-kit.js';
import { startServerWithSandbox } from '../../test-support/checkout-server.js';
import { planItem, subscriptionSubmit } from '../../test-support/subscription-kit.js';
import { createTestClient, type TestClient } from '../../test-support/test-client.js';
import { ORGANIZATION_ADMIN_MESSAGES } from './organization-admin.service.js';

let server: LecternServer & { stop(): Promise<void> };
let close: () => Promise<void>;
const { newBuyer } = createCheckoutKit(() => server);

const actors: Record<'owner' | 'admin' | 'groupAdmin' | 'student' | 'otherAdmin' | 'learner', TestClient> =
  {} as never;
const ids: Record<string, number> = {};
let acme: number;
let globex: number;
let ipCounter = 0;

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await server.db.execute(query));
const base = (organizationId = acme) => `/api-2.0/organizations/${organizationId}`;

async function login(email: string): Promise<TestClient> {
  ipCounter += 1;
  const client = createTestClient(server.app, { ip: `10.61.0.${ipCounter}` });
  await client.login(email);
  return client;
}

async function userId(email: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`select id from users where email = ${email}`);
  return Number(row!.id);
}

/** A fresh user signed up with `email`. */
async function signUp(email: string): Promise<TestClient> {
  ipCounter += 1;
  const client = createTestClient(server.app, { ip: `10.61.1.${ipCounter}` });
  const response = await client.post('/api-2.0/auth/signup/', {
    name: 'Invited Person',
    email,
    password: 'invited-password-1',
  });
  expect(response.statusCode, response.body).toBe(201);
  return client;
}

/** The token of the last invitation mail to `email`. */
async function tokenOf(email: string): Promise<string> {
  const [mail] = await rows<{ text: string }>(
    sql`select text from mail_outbox where recipient = ${email} and kind = 'organization_invitation' order by id desc limit 1`,
  );
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

async function usedLicenses(): Promise<{ used: number; total: number }> {
  const [row] = await rows<{ members: number; open: number; total: number }>(sql`
    select (select count(*)::int from organization_members where organization_id = ${acme}) as members,
      (select count(*)::int from organization_invitations where organization_id = ${acme}
        and accepted_at is null and revoked_at is null) as open,
      (select license_count from subscription_enrollments where subscriber_type = 'organization'
        and subscriber_id = ${acme} and status <> 'EXPIRED' order by id desc limit 1) as total`);
  return { used: Number(row!.members) + Number(row!.open), total: Number(row!.total) };
}

const invitationCount = async () =>
  Number((await rows<{ n: number }>(sql`select count(*)::int as n from organization_invitations`))[0]!.n);

let emailCounter = 0;
const newEmail = (name = 'invitee') => `${name}-${++emailCounter}-${Date.now()}@example.com`;

beforeAll(async () => {
  ({ server, close } = await startServerWithSandbox({ webhookSecret: 'whsec_organization_admin' }));
  const organizations = await rows<{ id: number; name: string }>(
    sql`select id, name from organizations where name in ('Acme Learning', 'Globex Training')`,
  );
  acme = Number(organizations.find((row) => row.name === 'Acme Learning')!.id);
  globex = Number(organizations.find((row) => row.name === 'Globex Training')!.id);
  actors.owner = await login('owner@example.com');
  actors.admin = await login('admin@example.com');
  actors.student = await login('sam@acme.example');
  actors.otherAdmin = await login('globex@example.com');
  const learner = await newBuyer();
  actors.learner = learner.client;
  const groupAdmin = await newBuyer();
  await server.db.execute(
    sql`insert into organization_members (organization_id, user_id, role) values (${acme}, ${groupAdmin.id}, 'group_admin')`,
  );
  actors.groupAdmin = groupAdmin.client;
  ids.owner = await userId('owner@example.com');
  ids.admin = await userId('admin@example.com');
  ids.student = await userId('sam@acme.example');
});
afterAll(() => close());

describe('who may use the organization admin API', () => {
  const NOBODY = 2147483000;
  // Each endpoint with a request that changes nothing, and what an owner or admin gets.
  const endpoints: {
    name: string;
    call: (client: TestClient) => ReturnType<TestClient['get']>;
    allowed: number;
  }[] = [
    { name: 'billing information', call: (c) => c.get(`${base()}/billing-information/`), allowed: 200 },
    { name: 'active payment method', call: (c) => c.get(`${base()}/active-payment-method/`), allowed: 200 },
    {
      name: 'deleting a card that is not stored',
      call: (c) => c.delete(`${base()}/active-payment-method/`),
      allowed: 404,
    },
    { name: 'plan panel', call: (c) => c.get(`${base()}/plan/`), allowed: 200 },
    { name: 'recent activity', call: (c) => c.get(`${base()}/activity/`), allowed: 200 },
    { name: 'billing history', call: (c) => c.get(`${base()}/billing-history/?page=1`), allowed: 200 },
    { name: 'a missing receipt', call: (c) => c.get(`${base()}/receipts/${NOBODY}/`), allowed: 404 },
    { name: 'receipt details', call: (c) => c.get(`${base()}/receipt-details/`), allowed: 200 },
    { name: 'invalid receipt details', call: (c) => c.put(`${base()}/receipt-details/`, {}), allowed: 400 },
    { name: 'members', call: (c) => c.get(`${base()}/members/`), allowed: 200 },
    {
      name: 'an invalid role change',
      call: (c) => c.patch(`${base()}/members/${ids.student}/`, { role: 'king' }),
      allowed: 400,
    },
    { name: 'removing a non-member', call: (c) => c.delete(`${base()}/members/${NOBODY}/`), allowed: 404 },
    {
      name: 'an empty invitation',
      call: (c) => c.post(`${base()}/invitations/`, { emails: [] }),
      allowed: 400,
    },
    { name: 'invitations', call: (c) => c.get(`${base()}/invitations/`), allowed: 200 },
    {
      name: 'revoking a missing invitation',
      call: (c) => c.delete(`${base()}/invitations/${NOBODY}/`),
      allowed: 404,
    },
  ];
  const refused = { groupAdmin: 403, student: 403, otherAdmin: 404, learner: 404 } as const;

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: owner and admin reach it; group admin and student 403; others 404`, async () => {
      for (const actor of ['owner', 'admin'] as const) {
        const response = await endpoint.call(actors[actor]);
        expect(response.statusCode, `${actor} ${response.body}`).toBe(endpoint.allowed);
        if (endpoint.allowed === 404)
          expect(response.data.detail).not.toBe(ORGANIZATION_ADMIN_MESSAGES.noOrganization);
      }
      for (const [actor, status] of Object.entries(refused) as [keyof typeof refused, number][]) {
        const response = await endpoint.call(actors[actor]);
        expect(response.statusCode, `${actor} ${response.body}`).toBe(status);
        if (status === 403) {
          expect(response.data.code).toBe('permission_denied');
          expect(response.data.detail).toBe(ORGANIZATION_ADMIN_MESSAGES.notAdmin);
        } else {
          expect(response.data.detail).toBe(ORGANIZATION_ADMIN_MESSAGES.noOrganization);
        }
      }
    });
  }

  it('a missing organization is a 404, and a visitor must sign in', async () => {
    expect((await actors.owner.get(`${base(NOBODY)}/members/`)).statusCode).toBe(404);
    const visitor = createTestClient(server.app, { ip: '10.61.9.9' });
    expect((await visitor.get(`${base()}/members/`)).statusCode).toBe(401);
  });
});

describe('billing overview', () => {
  it('answers the billing information, the payment method and the history with receipts', async () => {
    const info = await actors.admin.get(`${base()}/billing-information/`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.data).toMatchObject({
      customer_name: 'Acme Learning Inc.',
      address_line1: '1201 Third Avenue',
    });
    expect(typeof info.data.created_by).toBe('string');

    const card = await actors.owner.get(`${base()}/active-payment-method/`);
    expect(card.statusCode).toBe(200);
    expect(card.data).toHaveProperty('spm_info');
    expect(card.data).toHaveProperty('last_edit_user');

    const history = await actors.owner.get(`${base()}/billing-history/?page=1&page_size=10`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.data.count).toBeGreaterThanOrEqual(2);
    // The same as the signed-in user's own billing history.
    const own = await actors.owner.get('/api-2.0/subscriptions/billing-history/?page=1&page_size=10');
    expect(own.data.results).toEqual(history.data.results);

    const receipt = await actors.admin.get(`${base()}/receipts/${history.data.results[0].id}/`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.data.sold_to.name).toBe('Acme Learning Inc.');
    // The whole billing address: the typed line, the ZIP's state and the country by name (issue 34).
    expect(receipt.data.sold_to).toMatchObject({
      address: '1201 Third Avenue',
      region: 'Washington',
      postal_code: '98101',
      country: 'US',
      country_name: 'United States',
    });
    // The seller block comes from the configuration: outside production, demo address and tax id.
    expect(receipt.data.seller).toEqual({
      name: 'Lectern',
      address: DEMO_SELLER.address,
      tax_id: DEMO_SELLER.taxId,
      support_email: 'support@localhost',
    });
  });

  it("another organization's receipt is a 404", async () => {
    const [charge] = await rows<{ id: number }>(sql`
      select c.id from subscription_charges c join subscription_enrollments e on e.id = c.enrollment_id
      where e.subscriber_type = 'organization' and e.subscriber_id = ${globex} and c.status = 'succeeded' limit 1`);
    if (charge) {
      expect((await actors.otherAdmin.get(`${base(globex)}/receipts/${charge.id}/`)).statusCode).toBe(200);
      expect((await actors.owner.get(`${base()}/receipts/${charge.id}/`)).statusCode).toBe(404);
    }
    const [acmeCharge] = await rows<{ id: number }>(sql`
      select c.id from subscription_charges c join subscription_enrollments e on e.id = c.enrollment_id
      where e.subscriber_type = 'organization' and e.subscriber_id = ${acme} limit 1`);
    expect((await actors.otherAdmin.get(`${base(globex)}/receipts/${acmeCharge!.id}/`)).statusCode).toBe(404);
  });
});

describe('receipt details', () => {
  it('refuses bad input with field errors and changes nothing', async () => {
    const before = await actors.owner.get(`${base()}/receipt-details/`);
    expect(before.statusCode).toBe(200);
    for (const [body, fields] of [
      [{ name: '', address: '' }, ['name', 'address']],
      [{ name: '   ', address: 'Main St' }, ['name']],
      [{ name: 'Acme', address: 'Main St', taxId: 'DE'.padEnd(33, '1') }, ['taxId']],
      [{ address: 'Main St' }, ['name']],
    ] as const) {
      const response = await actors.owner.put(`${base()}/receipt-details/`, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.data.field_errors).sort()).toEqual([...fields].sort());
    }
    expect((await actors.owner.get(`${base()}/receipt-details/`)).data).toEqual(before.data);
  });

  it('stores name, address and tax id into the billing profile with who and when', async () => {
    const saved = await actors.admin.put(`${base()}/receipt-details/`, {
      name: 'Acme Learning GmbH',
      address: '5 Market Street',
      address2: 'Floor 3',
      taxId: 'DE1234567',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.data).toEqual({
      exists: true,
      name: 'Acme Learning GmbH',
      address: '5 Market Street',
      address2: 'Floor 3',
      taxId: 'DE1234567',
    });
    const info = await actors.owner.get(`${base()}/billing-information/`);
    expect(info.data).toMatchObject({
      customer_name: 'Acme Learning GmbH',
      address_line1: '5 Market Street',
      address_line2: 'Floor 3',
      tax_number: 'DE1234567',
      created_by: 'Ada Admin',
    });
  });
});

describe('members', () => {
  it('lists members with role, license and last activity', async () => {
    const response = await actors.owner.get(`${base()}/members/?page=1`);
    expect(response.statusCode, response.body).toBe(200);
    const owner = response.data.results.find((member: { id: number }) => member.id === ids.owner);
    expect(owner).toMatchObject({ email: 'owner@example.com', role: 'owner', has_license: true });
    expect(owner.last_activity).not.toBeNull();
    expect(response.data.count).toBeGreaterThanOrEqual(6);
  });

  it('never leaves the organization without an owner', async () => {
    const patch = (client: TestClient, userId: number | undefined, role: string) =>
      client.patch(`${base()}/members/${userId}/`, { role });
    // An admin does not touch an owner at all (organization-roles.integration.test.ts).
    const byAdmin = await patch(actors.admin, ids.owner, 'student');
    expect(byAdmin.statusCode, byAdmin.body).toBe(403);
    // The last owner can neither step down nor leave.
    const demote = await patch(actors.owner, ids.owner, 'admin');
    expect(demote.statusCode, demote.body).toBe(409);
    expect(demote.data.code).toBe('last_owner');
    const remove = await actors.owner.delete(`${base()}/members/${ids.owner}/`);
    expect(remove.statusCode).toBe(409);
    expect(remove.data.code).toBe('last_owner');
    // With a second owner, the first may step down, and back again.
    expect((await patch(actors.owner, ids.admin, 'owner')).statusCode).toBe(204);
    expect((await patch(actors.admin, ids.owner, 'admin')).statusCode).toBe(204);
    // Now the admin user is the only owner: they cannot step down either.
    const lastOwner = await patch(actors.admin, ids.admin, 'admin');
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.data.code).toBe('last_owner');
    expect((await patch(actors.admin, ids.owner, 'owner')).statusCode).toBe(204);
    expect((await patch(actors.owner, ids.admin, 'admin')).statusCode).toBe(204);
    const roles = await rows<{ user_id: number; role: string }>(
      sql`select user_id, role from organization_members where organization_id = ${acme} and role in ('owner', 'admin') order by user_id`,
    );
    expect(roles.map((row) => [Number(row.user_id), row.role])).toEqual([
      [ids.owner, 'owner'],
      [ids.admin, 'admin'],
    ]);
  });
});

describe('invitations', () => {
  it('needs a plan that has not expired', async () => {
    const before = await invitationCount();
    const response = await actors.otherAdmin.post(`${base(globex)}/invitations/`, { emails: [newEmail()] });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.data.code).toBe('no_active_plan');
    expect(await invitationCount()).toBe(before);
  });

  it('refuses invitations beyond the licenses, creating none', async () => {
    const { used, total } = await usedLicenses();
    const before = await invitationCount();
    const emails = Array.from({ length: total - used + 1 }, () => newEmail());
    const response = await actors.owner.post(`${base()}/invitations/`, { emails });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.data).toMatchObject({
      code: 'license_limit_reached',
      detail: 'You have no licenses left. Add licenses to invite more people.',
    });
    expect(await invitationCount()).toBe(before);
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where recipient in (${sql.join(
        emails.map((email) => sql`${email}`),
        sql`, `,
      )})`,
    );
    expect(Number(mails[0]!.n)).toBe(0);
  });

  it('invites by mail; the invited address accepts and joins with the role, another address cannot', async () => {
    const email = newEmail('Joiner').toLowerCase();
    const created = await actors.admin.post(`${base()}/invitations/`, {
      emails: [email.toUpperCase()],
      role: 'group_admin',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.data.results).toHaveLength(1);
    expect(created.data.results[0]).toMatchObject({ email, role: 'group_admin' });
    const listed = await actors.owner.get(`${base()}/invitations/`);
    expect(listed.data.results.map((row: { email: string }) => row.email)).toContain(email);
    const token = await tokenOf(email);

    // The landing page names organization, inviter, role and plan, to a visitor too (issue 34).
    const visitor = createTestClient(server.app, { ip: '10.61.2.1' });
    const details = await visitor.get(`/api-2.0/organization-invitations/details/?token=${token}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.data).toEqual({
      organization: { name: 'Acme Learning' },
      inviter: { name: 'Ada Admin' },
      role: 'group_admin',
      status: 'open',
      plan_name: 'Team Plan',
    });
    expect(
      (await visitor.get('/api-2.0/organization-invitations/details/?token=no-such-token')).statusCode,
    ).toBe(404);
    expect((await visitor.get('/api-2.0/organization-invitations/details/')).statusCode).toBe(400);

    const stranger = await signUp(newEmail('stranger'));
    const wrong = await stranger.post('/api-2.0/organization-invitations/accept/', { token });
    expect(wrong.statusCode, wrong.body).toBe(403);
    expect(
      (await stranger.post('/api-2.0/organization-invitations/accept/', { token: 'no-such-token' }))
        .statusCode,
    ).toBe(404);

    const invited = await signUp(email);
    const accepted = await invited.post('/api-2.0/organization-invitations/accept/', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.data).toEqual({ organization: { id: acme, name: 'Acme Learning' }, role: 'group_admin' });
    const again = await invited.post('/api-2.0/organization-invitations/accept/', { token });
    expect(again.statusCode).toBe(409);
    expect(again.data.code).toBe('invitation_used');
    expect((await visitor.get(`/api-2.0/organization-invitations/details/?token=${token}`)).data.status).toBe(
      'accepted',
    );
    // As a group admin they are a member, refused in the admin area.
    expect((await invited.get(`${base()}/members/`)).statusCode).toBe(403);
    const members = await actors.owner.get(`${base()}/members/?page_size=100`);
    expect(members.data.results.find((member: { email: string }) => member.email === email)).toMatchObject({
      role: 'group_admin',
      has_license: true,
    });
    expect(
      (await actors.owner.get(`${base()}/invitations/`)).data.results.map(
        (row: { email: string }) => row.email,
      ),
    ).not.toContain(email);
  });

  it('a member of another organization cannot accept', async () => {
    const email = 'globex@example.com';
    const created = await actors.owner.post(`${base()}/invitations/`, { emails: [email] });
    expect(created.statusCode, created.body).toBe(201);
    const response = await actors.otherAdmin.post('/api-2.0/organization-invitations/accept/', {
      token: await tokenOf(email),
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.data.code).toBe('already_in_organization');
    expect(
      (await actors.owner.delete(`${base()}/invitations/${created.data.results[0].id}/`)).statusCode,
    ).toBe(204);
  });

  it('a revoked invitation frees its license and can no longer be accepted', async () => {
    const email = newEmail('revoked');
    const created = await actors.owner.post(`${base()}/invitations/`, { emails: [email] });
    expect(created.statusCode).toBe(201);
    const { used } = await usedLicenses();
    expect(
      (await actors.owner.delete(`${base()}/invitations/${created.data.results[0].id}/`)).statusCode,
    ).toBe(204);
    expect(
      (await actors.owner.delete(`${base()}/invitations/${created.data.results[0].id}/`)).statusCode,
    ).toBe(404);
    expect((await usedLicenses()).used).toBe(used - 1);
    const invited = await signUp(email);
    const response = await invited.post('/api-2.0/organization-invitations/accept/', {
      token: await tokenOf(email),
    });
    expect(response.statusCode).toBe(409);
    expect(response.data.code).toBe('invitation_revoked');
    const details = await invited.get(
      `/api-2.0/organization-invitations/details/?token=${await tokenOf(email)}`,
    );
    expect(details.data).toMatchObject({ status: 'revoked', inviter: { name: 'Omar Owner' } });
  });

  it('20 concurrent invites at the last free license create exactly one', async () => {
    const { used, total } = await usedLicenses();
    if (total - used > 1) {
      const fill = Array.from({ length: total - used - 1 }, () => newEmail('fill'));
      expect((await actors.owner.post(`${base()}/invitations/`, { emails: fill })).statusCode).toBe(201);
    }
    expect(await usedLicenses()).toEqual({ used: total - 1, total });
    const before = await invitationCount();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? actors.owner : actors.admin).post(`${base()}/invitations/`, {
          emails: [newEmail('race')],
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await invitationCount()).toBe(before + 1);
    expect(await usedLicenses()).toEqual({ used: total, total });
  });

  it('removing a member frees their license for an invitation', async () => {
    expect((await actors.owner.post(`${base()}/invitations/`, { emails: [newEmail()] })).statusCode).toBe(
      409,
    );
    expect((await actors.admin.delete(`${base()}/members/${ids.student}/`)).statusCode).toBe(204);
    expect((await actors.admin.delete(`${base()}/members/${ids.student}/`)).statusCode).toBe(404);
    expect((await actors.owner.post(`${base()}/invitations/`, { emails: [newEmail()] })).statusCode).toBe(
      201,
    );
  });
});

describe('plan panel and recent activity', () => {
  const graphqlCancel = (client: TestClient, id: number, mutation: 'Cancel' | 'Reactivate') =>
    client.post('/api/2022-03/graphql/', {
      query: `mutation { subscriptionEnrollment${mutation}(id: "${id}") { id status } }`,
    });

  /** A new organization in its Team Plan trial of 5 licenses, with a stored card (one trial per card). */
  async function newTeam(name: string, card: string) {
    const owner = await newBuyer();
    const founded = await owner.client.post('/api-2.0/business/sign-up/', { organization_name: name });
    expect(founded.statusCode, founded.body).toBe(201);
    const trial = await owner.client.post(
      '/payment/checkout-submit/',
      subscriptionSubmit('Submit', [planItem('team-annual', 5)], card),
    );
    expect(trial.data.status, trial.body).toBe('succeeded');
    const [organization] = await rows<{ id: number }>(sql`select id from organizations where name = ${name}`);
    return { owner, panel: base(Number(organization!.id)) };
  }

  it('answers the plan facts; deleting the card turns automatic renewal off, once, and is recorded', async () => {
    const { owner, panel } = await newTeam('Panel Co', 'pm_card_mastercard');
    const before = await owner.client.get(`${panel}/plan/`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.data.plan).toMatchObject({
      status: 'TRIAL',
      isPreview: false,
      isLimitedConsumptionTrial: true,
      usedLicenses: 1,
      totalLicenses: 5,
      autoRenew: true,
      hasPaymentMethod: true,
    });
    const card = await owner.client.get(`${panel}/active-payment-method/`);
    const methodId = card.data.spm_info.data.id as string;

    const removed = await owner.client.delete(`${panel}/active-payment-method/`);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await owner.client.get(`${panel}/plan/`);
    expect(after.data.plan).toMatchObject({ status: 'CANCELED', autoRenew: false, hasPaymentMethod: false });
    expect((await owner.client.get(`${panel}/active-payment-method/`)).data.spm_info.data).toBeNull();
    // The card is detached at the provider too.
    expect((await server.payments.gateway.retrievePaymentMethod(methodId)).customerId).toBeNull();
    // Deleting again changes nothing.
    expect((await owner.client.delete(`${panel}/active-payment-method/`)).statusCode).toBe(404);

    // The toggle turns renewal on again through reactivate; the panel says there is still no card.
    const reactivated = await graphqlCancel(owner.client, after.data.plan.enrollmentId, 'Reactivate');
    expect(reactivated.data.data.subscriptionEnrollmentReactivate.status, reactivated.body).toBe('TRIAL');
    expect((await owner.client.get(`${panel}/plan/`)).data.plan).toMatchObject({
      autoRenew: false,
      hasPaymentMethod: false,
    });

    const activity = await owner.client.get(`${panel}/activity/`);
    expect(activity.statusCode, activity.body).toBe(200);
    const kinds = (activity.data.results as { kind: string; actor: string | null }[]).map(
      (item) => item.kind,
    );
    expect(kinds).toContain('plan_started');
    expect(kinds).toContain('payment_method_changed');
    const dates = (activity.data.results as { date: string }[]).map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('keeps the card of a plan whose payment is due', async () => {
    const [enrollment] = await rows<{ id: number }>(sql`
      select id from subscription_enrollments where subscriber_type = 'organization'
        and subscriber_id = ${acme} and status <> 'EXPIRED' order by id desc limit 1`);
    await server.db.execute(
      sql`update subscription_enrollments set status = 'PAST_DUE' where id = ${enrollment!.id}`,
    );
    await server.db.execute(sql`
      update subscription_billing_profiles set payment_method_id = 'pm_kept_while_due', card_last4 = '4242'
      where subscriber_type = 'organization' and subscriber_id = ${acme}`);
    try {
      const refused = await actors.owner.delete(`${base()}/active-payment-method/`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.data.code).toBe('payment_due');
      const [profile] = await rows<{ payment_method_id: string }>(sql`
        select payment_method_id from subscription_billing_profiles
        where subscriber_type = 'organization' and subscriber_id = ${acme}`);
      expect(profile!.payment_method_id).toBe('pm_kept_while_due');
    } finally {
      await server.db.execute(
        sql`update subscription_enrollments set status = 'ACTIVE' where id = ${enrollment!.id}`,
      );
      await server.db.execute(sql`
        update subscription_billing_profiles set payment_method_id = null, card_last4 = null
        where subscriber_type = 'organization' and subscriber_id = ${acme}`);
    }
  });

  it('shows the invitations in the recent activity', async () => {
    const { owner, panel } = await newTeam('Activity Co', 'pm_card_discover');
    const email = newEmail('activity');
    const invited = await owner.client.post(`${panel}/invitations/`, { emails: [email] });
    expect(invited.statusCode, invited.body).toBe(201);
    await owner.client.delete(`${panel}/invitations/${invited.data.results[0].id}/`);
    const activity = await owner.client.get(`${panel}/activity/`);
    expect(activity.data.results).toContainEqual(
      expect.objectContaining({ kind: 'invitation_sent', detail: email, actor: expect.any(String) }),
    );
    expect(activity.data.results).toContainEqual(
      expect.objectContaining({ kind: 'invitation_withdrawn', detail: email }),
    );
  });
});
